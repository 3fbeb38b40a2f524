/**
 * How far a microphone's frame count falls behind the wall clock in Debian's Chromium, and how
 * closely the web client's timeline (`apps/web/src/lib/audio`: batches dated by the audio clock,
 * lost sound placed as silence) keeps pace, over `--seconds` (web-0009).
 *
 * The page captures a fake microphone with the client's own `startPcmCapture` (its AudioWorklet tap,
 * each batch dated by the audio clock) and feeds each batch to the client's own `FrameTimeline`
 * (both bundled for the page with esbuild), as the teacher's sheet does.
 * Every 5 s it prints how far behind the wall clock the frame count is (what the sheet's stamps
 * followed before web-0009) and the timeline's end (what they follow now), and at the end the
 * extremes. Run it alone for the quiet figures, and beside a load (the browser suite) for a
 * starved audio thread: `npx tsx bench/web/audio-clock-drift.bench.ts [--seconds 240]`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Page } from '@playwright/test';
import { encodeWav } from '@rollbook/presence';
import { roomSound } from '../../apps/server/src/testing/audio';
import { numberOption } from '../lib/options';

const SECONDS = numberOption('seconds', 120);
const RATE = 48_000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What the page reports every 5 s, in ms. */
interface Sample {
  frameCountBehindMs: number;
  timelineBehindMs: number;
  silencePlacedMs: number;
  soundCutMs: number;
}

// The page's side: the client's own capture (its worklet tap and each batch's date) feeding the
// client's own timeline.
const PAGE_ENTRY = `
import { startPcmCapture } from './apps/web/src/lib/audio/pcm-capture';
import { FrameTimeline } from './apps/web/src/lib/audio/frame-timeline';
const samples = [];
window.benchSamples = samples;
(async () => {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
  });
  let timeline = null, rate = 0, counted = 0, placed = 0, silence = 0, cut = 0, firstArrival = null;
  await startPcmCapture(stream, (frames, sampleRate, time) => {
    rate = sampleRate;
    timeline ??= new FrameTimeline(sampleRate);
    firstArrival ??= Date.now() - (frames.length / sampleRate) * 1000;
    counted += frames.length;
    const at = timeline.place(frames, time);
    silence += at.missing;
    cut += frames.length - at.frames.length;
    placed += at.missing + at.frames.length;
  });
  const ms = (n) => (n / rate) * 1000;
  setInterval(() => {
    if (timeline?.firstSampleMs == null) return;
    const now = Date.now();
    samples.push({
      frameCountBehindMs: Math.round(now - (firstArrival + ms(counted))),
      timelineBehindMs: Math.round(now - (timeline.firstSampleMs + ms(placed))),
      silencePlacedMs: Math.round(ms(silence)),
      soundCutMs: Math.round(ms(cut)),
    });
  }, 5000);
})();
`;

async function pageScript(): Promise<string> {
  const bundled = await build({
    stdin: { contents: PAGE_ENTRY, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    format: 'iife',
    write: false,
    target: 'chrome110',
  });
  return bundled.outputFiles[0]!.text;
}

/** The page's samples so far (`window.benchSamples`, read as a global of the page). */
function readSamples(page: Page): Promise<Sample[]> {
  return page.evaluate(() => (globalThis as unknown as { benchSamples: Sample[] }).benchSamples);
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'audio-clock-'));
  const wav = join(dir, 'room.wav');
  await writeFile(wav, encodeWav(roomSound(2026, 10, RATE), RATE));
  const html = `<!doctype html><html><body><script>${await pageScript()}</script></body></html>`;
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  try {
    const page = await (await browser.newContext({ permissions: ['microphone'] })).newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    let shown = 0;
    const deadline = Date.now() + SECONDS * 1000;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const samples = await readSamples(page);
      for (; shown < samples.length; shown++)
        console.log(`${(shown + 1) * 5} s`, JSON.stringify(samples[shown]));
    }
    const samples = await readSamples(page);
    const extreme = (pick: (s: Sample) => number) => Math.max(...samples.map((s) => Math.abs(pick(s))));
    console.log(
      JSON.stringify({
        seconds: SECONDS,
        frameCountBehindMsMax: extreme((s) => s.frameCountBehindMs),
        timelineOffMsMax: extreme((s) => s.timelineBehindMs),
        silencePlacedMs: samples.at(-1)?.silencePlacedMs ?? 0,
        soundCutMs: samples.at(-1)?.soundCutMs ?? 0,
      }),
    );
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
