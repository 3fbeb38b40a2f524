import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../lib/api/api-error';
import { isWorthRetrying, sendWithRetries, UPLOAD_RETRY_LIMIT_MS, type UploadResult } from './upload-retry';

const lost: ApiError = {
  statusCode: 500,
  message: 'Unexpected error occurred',
  body: null,
  connectionLost: true,
};
const refused: ApiError = { statusCode: 403, message: 'Outside the classroom', body: null };

/** A sleep that only advances a pretend clock (Date.now is read by the retry loop). */
function pretendTime() {
  const waits: number[] = [];
  let now = Date.now();
  const realNow = Date.now;
  Date.now = () => now;
  return {
    waits,
    sleep: (ms: number) => {
      waits.push(ms);
      now += ms;
      return Promise.resolve();
    },
    restore: () => (Date.now = realNow),
  };
}

describe('sendWithRetries', () => {
  it('sends again after lost connections with growing waits, telling each attempt, until an answer', async () => {
    const answers: UploadResult<string>[] = [{ error: lost }, { error: lost }, { data: 'ok' }];
    const told: number[] = [];
    const time = pretendTime();
    try {
      const result = await sendWithRetries(
        () => Promise.resolve(answers.shift()!),
        (n) => told.push(n),
        time.sleep,
      );
      expect(result).toEqual({ data: 'ok' });
      expect(told).toEqual([2, 3]);
      expect(time.waits).toEqual([1000, 2000]);
    } finally {
      time.restore();
    }
  });

  it('gives up after a minute of lost connections and answers the last failure', async () => {
    let sent = 0;
    const time = pretendTime();
    try {
      const result = await sendWithRetries(
        () => {
          sent++;
          return Promise.resolve({ error: lost });
        },
        () => undefined,
        time.sleep,
      );
      expect(result.error).toBe(lost);
      expect(time.waits.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(UPLOAD_RETRY_LIMIT_MS);
      expect(sent).toBeGreaterThan(4);
    } finally {
      time.restore();
    }
  });

  it('never retries a verdict or a refusal', async () => {
    let sent = 0;
    const result = await sendWithRetries(
      () => {
        sent++;
        return Promise.resolve({ error: refused });
      },
      () => undefined,
    );
    expect(result.error).toBe(refused);
    expect(sent).toBe(1);
    expect(isWorthRetrying({ statusCode: 503, message: 'busy', body: null })).toBe(true);
    expect(isWorthRetrying({ statusCode: 500, message: 'bug', body: null })).toBe(false);
  });
});
