import { describe, expect, it } from 'vitest';
import { SessionToneMessageSchema } from '../socket/events';

const config = {
  version: 3,
  bandLowHz: 17000,
  bandHighHz: 20000,
  slots: 3,
  periodS: 0.4,
  chirpS: 0.16,
  minGapS: 0.08,
  amplitude: 0.9,
  taperS: 0.01,
};
const message = { session_id: 's1', key_hex: 'ab'.repeat(32), config, epoch_ms: 1_800_000_000_000 };

describe('the session tone sent to the teacher’s device', () => {
  it('keeps the whole schedule config, both slot orders (version 2 and 3)', () => {
    // The device plays what it reads: a field lost here is another tone than the server checks.
    expect(SessionToneMessageSchema.parse(message)).toEqual(message);
    const v2 = { ...message, config: { ...config, version: 2 } };
    expect(SessionToneMessageSchema.parse(v2)).toEqual(v2);
  });

  it('refuses a schedule version it does not know, rather than playing it as another', () => {
    expect(
      SessionToneMessageSchema.safeParse({ ...message, config: { ...config, version: 4 } }).success,
    ).toBe(false);
  });
});
