import type { Browser, BrowserContext } from '@playwright/test';

/** About how long Chromium takes to open the (fake) microphone once the page asks for it. */
const MIC_OPENS_AFTER_CALL_MS = 100;
/**
 * How far the moment the microphone opened may be from the moment its file was written for before
 * the page opens it again: the verifier allows a second of clock tolerance, and a loaded machine
 * can take longer than the usual guess to open a device.
 */
const MIC_OPEN_TOLERANCE_MS = 400;
/** Opens attempted before the page takes whatever stream it got. */
const MIC_OPEN_ATTEMPTS = 4;

/** LH101 of the demo seed: 30 m north and 40 m west of the campus point (23.0338, 72.5461). */
export const LH101 = {
  latitude: 23.0338 + 30 / 111_320,
  longitude: 72.5461 - 40 / (111_320 * Math.cos((23.0338 * Math.PI) / 180)),
};

/**
 * A browser context standing in LH101 with location and microphone allowed. With
 * `beforeMicrophone`, that runs in the test right before a page opens its microphone (Chromium
 * reads the fake microphone's file then and plays it from its start), given the server time the
 * microphone is expected to open at. When it opened further from that than the tolerance (a loaded
 * machine), the stream is closed and opened again with the delay just measured as the new guess, so
 * the file's sound is the sound of the moment it is heard.
 */
export async function contextInLh101(
  browser: Browser,
  baseURL: string,
  beforeMicrophone?: (opensAtMs: number) => Promise<void>,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    geolocation: { ...LH101, accuracy: 10 },
    permissions: ['geolocation', 'microphone'],
  });
  if (beforeMicrophone) {
    await context.exposeFunction('rollbookBeforeMicrophone', beforeMicrophone);
    await context.addInitScript(
      ({ firstGuessMs, toleranceMs, attempts }) => {
        const page = window as unknown as { rollbookBeforeMicrophone(opensAtMs: number): Promise<void> };
        const devices = navigator.mediaDevices;
        const open = devices.getUserMedia.bind(devices);
        devices.getUserMedia = async (constraints) => {
          let guessMs = firstGuessMs;
          for (let attempt = 1; ; attempt++) {
            const askedAt = Date.now();
            await page.rollbookBeforeMicrophone(askedAt + guessMs);
            const stream = await open(constraints);
            const openedAt = Date.now();
            if (Math.abs(openedAt - (askedAt + guessMs)) <= toleranceMs || attempt === attempts)
              return stream;
            for (const track of stream.getTracks()) track.stop();
            guessMs = openedAt - askedAt;
          }
        };
      },
      {
        firstGuessMs: MIC_OPENS_AFTER_CALL_MS,
        toleranceMs: MIC_OPEN_TOLERANCE_MS,
        attempts: MIC_OPEN_ATTEMPTS,
      },
    );
  }
  return context;
}
