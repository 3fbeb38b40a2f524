import { describe, expect, it } from 'vitest';
import { socketChunkRetryMs } from './use-live-notifications';

describe('fetching the live bell again after a failed chunk', () => {
  it('waits 5 s, then twice as long each time, never more than a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(socketChunkRetryMs)).toEqual([
      5000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000,
    ]);
  });
});
