import type { Browser, BrowserContext } from '@playwright/test';

/**
 * How late a fake microphone may finish opening after the moment its file was written for: within
 * the server's tolerance for a recording whose chirps are heard early (the client's clock
 * tolerance, a second). Cold openings on a loaded machine took 230-300 ms in stress runs: a limit
 * at 300 ms opened again often, and an opening again is the less certain path (the device the first
 * opening started may still be playing the old file when the new one starts).
 */
const MIC_OPENS_LATE_MS = 600;

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
 * microphone at the moment it answers, never before it. Waiting for a moment set ahead, rather than
 * opening as soon as the file is written, keeps the time the test takes to write it (long on a
 * loaded machine) out of when the file is heard.
 *
 * Never before: the file starts somewhere within the opening, which takes from a few ms (the audio
 * service warm) to a few hundred (cold). A file heard before its moment puts the chirps later in
 * the recording than they sounded in the room, past the server's tight bound on that side (a
 * recording ended before its upload arrived); one heard after it puts them earlier, which the
 * client's clock tolerance allows. Opening 100 ms ahead, as this once did, failed whenever the
 * opening was quick.
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
      ({ lateMs }) => {
        const devices = navigator.mediaDevices;
        const open = devices.getUserMedia.bind(devices);
        const MAX_OPENINGS = 4;
        devices.getUserMedia = async (constraints) => {
          const page = window as unknown as { rollbookBeforeMicrophone(): Promise<number> };
          for (let attempt = 1; ; attempt++) {
            const heardAt = await page.rollbookBeforeMicrophone();
            const wait = heardAt - Date.now();
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
      { lateMs: MIC_OPENS_LATE_MS },
    );
  }
  return context;
}
