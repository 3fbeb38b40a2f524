import { describe, expect, it } from 'vitest';
import { FrameTimeline, TIMELINE_SLACK_MS } from './frame-timeline';

const frames = (n: number) => new Float32Array(n).fill(0.5);

describe('FrameTimeline', () => {
  it('starts at the first batch and places batches that follow on time right after it', () => {
    const timeline = new FrameTimeline(1000);
    expect(timeline.firstSampleMs).toBeNull();
    expect(timeline.place(frames(100), 5_000)).toEqual({ missing: 0, frames: frames(100) });
    expect(timeline.firstSampleMs).toBe(5_000);
    expect(timeline.place(frames(100), 5_100).missing).toBe(0);
  });

  it('ignores jitter within the slack, on either side', () => {
    const timeline = new FrameTimeline(1000);
    timeline.place(frames(100), 0);
    expect(timeline.place(frames(100), 100 + TIMELINE_SLACK_MS)).toEqual({ missing: 0, frames: frames(100) });
    expect(timeline.place(frames(100), 200 - TIMELINE_SLACK_MS)).toEqual({ missing: 0, frames: frames(100) });
    expect(timeline.firstSampleMs).toBe(0);
  });

  it('puts a gap as long as the stall before a batch captured after one, and keeps later batches on time', () => {
    const timeline = new FrameTimeline(48_000);
    timeline.place(frames(4_800), 1_000); // 100 ms
    const afterStall = timeline.place(frames(4_800), 1_350);
    expect(afterStall.missing).toBe(12_000); // 250 ms at 48 kHz
    expect(afterStall.frames.length).toBe(4_800);
    expect(timeline.place(frames(4_800), 1_450).missing).toBe(0);
  });

  it('cuts the overlapping head of a batch dated early, and all of one that lies wholly inside', () => {
    const timeline = new FrameTimeline(1000);
    timeline.place(frames(500), 0);
    const early = timeline.place(new Float32Array([...Array(300).keys()]), 400);
    expect(early.missing).toBe(0);
    expect(early.frames.length).toBe(200);
    expect(early.frames[0]).toBe(100);
    expect(timeline.place(frames(100), 300).frames.length).toBe(0);
    expect(timeline.place(frames(100), 700).missing).toBe(0);
  });

  it('refuses a rate that is not a positive integer', () => {
    expect(() => new FrameTimeline(44_100.5)).toThrow(/sample rate/);
  });
});
