import type { Browser, BrowserContext } from '@playwright/test';

/** About how long Chromium takes to open the (fake) microphone once the page asks for it. */
export const MIC_OPENS_AFTER_CALL_MS = 100;

/**
 * How late a fake microphone may finish opening after the moment its file was written for: well
 * within the server's tolerance for where a recording's chirps fall.
 */
const MIC_OPENS_LATE_MS = 300;

/**
 * Prepares the fake microphone's file right before a page opens it, and answers the moment (this
 * machine's clock, in ms) the file's start is meant to be heard; the page then waits for that
 * moment before it opens the microphone.
 */
export type BeforeMicrophone = () => Promise<number>;

/** LH101 of the demo seed: 30 m north and 40 m west of the campus point (23.0338, 72.5461). */
export const LH101 = {
  latitude: 23.0338 + 30 / 111_320,
  longitude: 72.5461 - 40 / (111_320 * Math.cos((23.0338 * Math.PI) / 180)),
};

/**
 * A browser context standing in LH101 with location and microphone allowed. With
 * `beforeMicrophone`, that runs in the test when a page asks for its microphone (Chromium reads the
 * fake microphone's file when it opens it and plays it from its start); the page opens the
 * microphone at the moment it answers, less Chromium's opening time. Waiting for a moment set
 * ahead, rather than opening as soon as the file is written, keeps the time the test takes to write
 * it (long on a loaded machine) out of when the file is heard.
 */
export async function contextInLh101(
  browser: Browser,
  baseURL: string,
  beforeMicrophone?: BeforeMicrophone,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    geolocation: { ...LH101, accuracy: 10 },
    permissions: ['geolocation', 'microphone'],
  });
  if (beforeMicrophone) {
    await context.exposeFunction('rollbookBeforeMicrophone', beforeMicrophone);
    await context.addInitScript(
      ({ opensAfterMs, lateMs }) => {
        const devices = navigator.mediaDevices;
        const open = devices.getUserMedia.bind(devices);
        const MAX_OPENINGS = 4;
        devices.getUserMedia = async (constraints) => {
          const page = window as unknown as { rollbookBeforeMicrophone(): Promise<number> };
          for (let attempt = 1; ; attempt++) {
            const heardAt = await page.rollbookBeforeMicrophone();
            const wait = heardAt - opensAfterMs - Date.now();
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
            const stream = await open(constraints);
            // Chromium starts the file while it opens the device. An opening that ended well past
            // the moment (a cold audio service, a loaded machine) may have started it late: the
            // file is written anew for a later moment and the device opened again.
            if (Date.now() <= heardAt + lateMs || attempt === MAX_OPENINGS) return stream;
            for (const track of stream.getTracks()) track.stop();
          }
        };
      },
      { opensAfterMs: MIC_OPENS_AFTER_CALL_MS, lateMs: MIC_OPENS_LATE_MS },
    );
  }
  return context;
}
