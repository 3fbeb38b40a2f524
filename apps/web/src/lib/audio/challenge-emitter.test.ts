import { describe, expect, it } from 'vitest';
import { challengeConfigFor, synthesizeChallenge } from '@rollbook/presence/challenge';
import { prepareChallenge, type ChallengeOutput } from './challenge-emitter';

/** A Web Audio output that records what the emitter asks of it. */
function fakeOutput(sampleRate = 48000) {
  const log: string[] = [];
  const channel: { data: Float32Array | null } = { data: null };
  const starts: number[] = [];
  let now = 12.5;
  const output = {
    sampleRate,
    get currentTime() {
      return now;
    },
    destination: {} as AudioDestinationNode,
    resume: () => {
      log.push('resume');
      return Promise.resolve();
    },
    close: () => {
      log.push('close');
      return Promise.resolve();
    },
    createBuffer: (channels: number, length: number, rate: number) => {
      log.push(`buffer ${channels}x${length}@${rate}`);
      channel.data = new Float32Array(length);
      return { getChannelData: () => channel.data! } as unknown as AudioBuffer;
    },
    createBufferSource: () =>
      ({
        buffer: null,
        connect: () => log.push('connect'),
        start: (when: number) => {
          starts.push(when);
          log.push('start');
        },
        stop: () => log.push('stop'),
      }) as unknown as AudioBufferSourceNode,
  } satisfies ChallengeOutput;
  return { output, log, channel, starts, advance: (s: number) => (now += s) };
}

const challenge = { key_hex: 'ab'.repeat(32), config: challengeConfigFor() };

describe('prepareChallenge', () => {
  it("renders the attempt's challenge at the output's rate before the recording starts", async () => {
    const fake = fakeOutput(44100);
    await prepareChallenge(challenge, () => fake.output);
    expect(fake.log).toEqual(['resume', `buffer 1x${fake.channel.data!.length}@44100`]);
    expect(Array.from(fake.channel.data!)).toEqual(
      Array.from(synthesizeChallenge(challenge.key_hex, challenge.config, 44100)),
    );
    // Nothing plays until the recording starts.
    expect(fake.starts).toEqual([]);
  });

  it('starts at once when told (the first frames arrived), only once, and frees the output when stopped', async () => {
    const fake = fakeOutput();
    const emitter = await prepareChallenge(challenge, () => fake.output);
    fake.advance(0.25);
    emitter.start();
    fake.advance(0.1);
    emitter.start();
    expect(fake.starts).toEqual([12.75]);
    await emitter.stop();
    expect(fake.log.slice(-2)).toEqual(['stop', 'close']);
  });

  it('frees the output without playing when the recording never started', async () => {
    const fake = fakeOutput();
    const emitter = await prepareChallenge(challenge, () => fake.output);
    await emitter.stop();
    expect(fake.starts).toEqual([]);
    expect(fake.log.at(-1)).toBe('close');
  });
});
