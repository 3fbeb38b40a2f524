import type { Browser, BrowserContext } from '@playwright/test';

/** About how long Chromium takes to open the (fake) microphone once the page asks for it. */
export const MIC_OPENS_AFTER_CALL_MS = 100;

/** LH101 of the demo seed: 30 m north and 40 m west of the campus point (23.0338, 72.5461). */
export const LH101 = {
  latitude: 23.0338 + 30 / 111_320,
  longitude: 72.5461 - 40 / (111_320 * Math.cos((23.0338 * Math.PI) / 180)),
};

/**
 * A browser context standing in LH101 with location and microphone allowed. With
 * `beforeMicrophone`, that runs in the test right before a page opens its microphone (Chromium
 * reads the fake microphone's file then and plays it from its start).
 */
export async function contextInLh101(
  browser: Browser,
  baseURL: string,
  beforeMicrophone?: () => Promise<void>,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    geolocation: { ...LH101, accuracy: 10 },
    permissions: ['geolocation', 'microphone'],
  });
  if (beforeMicrophone) {
    await context.exposeFunction('rollbookBeforeMicrophone', beforeMicrophone);
    await context.addInitScript(() => {
      const devices = navigator.mediaDevices;
      const open = devices.getUserMedia.bind(devices);
      devices.getUserMedia = async (constraints) => {
        await (window as unknown as { rollbookBeforeMicrophone(): Promise<void> }).rollbookBeforeMicrophone();
        return open(constraints);
      };
    });
  }
  return context;
}
