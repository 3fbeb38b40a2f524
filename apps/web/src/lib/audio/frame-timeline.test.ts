import { describe, expect, it } from 'vitest';
import { FrameTimeline, TIMELINE_SLACK_MS } from './frame-timeline';

const frames = (n: number) => new Float32Array(n).fill(0.5);
const at = (ms: number) => ({ ms, byAudioClock: true });
const byArrival = (ms: number) => ({ ms, byAudioClock: false });

describe('FrameTimeline', () => {
  it('starts at the first batch and places batches that follow on time right after it', () => {
    const timeline = new FrameTimeline(1000);
    expect(timeline.firstSampleMs).toBeNull();
    expect(timeline.place(frames(100), at(5_000))).toEqual({ missing: 0, frames: frames(100) });
    expect(timeline.firstSampleMs).toBe(5_000);
    expect(timeline.place(frames(100), at(5_100)).missing).toBe(0);
  });

  it('ignores jitter within the slack, on either side', () => {
    const timeline = new FrameTimeline(1000);
    timeline.place(frames(100), at(0));
    expect(timeline.place(frames(100), at(100 + TIMELINE_SLACK_MS))).toEqual({
      missing: 0,
      frames: frames(100),
    });
    expect(timeline.place(frames(100), at(200 - TIMELINE_SLACK_MS))).toEqual({
      missing: 0,
      frames: frames(100),
    });
    expect(timeline.firstSampleMs).toBe(0);
  });

  it('puts a gap as long as the stall once a second batch confirms it, and keeps later batches on time', () => {
    const timeline = new FrameTimeline(48_000);
    timeline.place(frames(4_800), at(1_000)); // 100 ms
    // 250 ms lost: the first batch after it is placed on, the second gets the gap.
    expect(timeline.place(frames(4_800), at(1_350)).missing).toBe(0);
    const confirmed = timeline.place(frames(4_800), at(1_450));
    expect(confirmed.missing).toBe(12_000); // 250 ms at 48 kHz
    expect(confirmed.frames.length).toBe(4_800);
    expect(timeline.place(frames(4_800), at(1_550)).missing).toBe(0);
  });

  it('corrects by the smaller of the two offsets that confirmed it', () => {
    const timeline = new FrameTimeline(1000);
    timeline.place(frames(100), at(0));
    timeline.place(frames(100), at(400)); // 300 ms off
    expect(timeline.place(frames(100), at(400)).missing).toBe(200); // 200 ms off: the smaller
  });

  it('does not take one late reading for lost sound', () => {
    const timeline = new FrameTimeline(1000);
    timeline.place(frames(100), at(0));
    expect(timeline.place(frames(100), at(160)).missing).toBe(0);
    expect(timeline.place(frames(100), at(200))).toEqual({ missing: 0, frames: frames(100) });
    expect(timeline.place(frames(100), at(300 + 2 * TIMELINE_SLACK_MS)).missing).toBe(0);
    expect(timeline.place(frames(100), at(400)).missing).toBe(0);
  });

  it('cuts the overlapping head of a batch confirmed to be dated early, and all of one wholly inside', () => {
    const timeline = new FrameTimeline(1000);
    timeline.place(frames(500), at(0));
    expect(timeline.place(frames(100), at(400)).frames.length).toBe(100); // 100 ms early, once
    const early = timeline.place(
      Float32Array.from({ length: 300 }, (_, i) => i),
      at(500),
    );
    expect(early.missing).toBe(0);
    expect(early.frames.length).toBe(200);
    expect(early.frames[0]).toBe(100);
    timeline.place(frames(100), at(600));
    expect(timeline.place(frames(100), at(700)).frames.length).toBe(0);
  });

  it('lets batches dated by their arrival follow on, and moves such a start to the audio clock', () => {
    const timeline = new FrameTimeline(1000);
    timeline.place(frames(100), byArrival(1_030)); // the page was 30 ms late
    expect(timeline.place(frames(100), byArrival(1_500))).toEqual({ missing: 0, frames: frames(100) });
    expect(timeline.place(frames(100), byArrival(1_600)).missing).toBe(0);
    expect(timeline.firstSampleMs).toBe(1_030);
    // The first reading of the audio clock: the batch began at 1 300, so the first at 1 000.
    expect(timeline.place(frames(100), at(1_300)).missing).toBe(0);
    expect(timeline.firstSampleMs).toBe(1_000);
    expect(timeline.place(frames(100), at(1_400)).missing).toBe(0);
  });

  it('refuses a rate that is not a positive integer', () => {
    expect(() => new FrameTimeline(44_100.5)).toThrow(/sample rate/);
  });
});
