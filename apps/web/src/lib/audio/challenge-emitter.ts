import { synthesizeChallenge } from '@rollbook/presence/challenge';
import type { IssuedChallenge } from '@rollbook/contract';

/**
 * The two-way check's sound (docs/decisions/sessions-0006): while the phone records, it plays the
 * attempt's short near-ultrasonic challenge, which the teacher's microphone must hear at the
 * moment the recording claims. The phone's own recording hears it too, which tells the server
 * how late its speaker started; the server allows -100..+400 ms when it cannot tell.
 */
export interface ChallengeEmitter {
  /** Starts the sound now (once; later calls do nothing). Call it when the recording's first frames arrive. */
  start(): void;
  /** Stops the sound and frees the audio output. */
  stop(): Promise<void>;
}

/** What the emitter needs of Web Audio (an `AudioContext`; tests pass a fake). */
export type ChallengeOutput = Pick<
  AudioContext,
  'sampleRate' | 'currentTime' | 'destination' | 'createBuffer' | 'createBufferSource' | 'resume' | 'close'
>;

/**
 * Renders the challenge at the output's own rate ahead of the recording (a few ms of CPU), so
 * that starting it costs nothing when the first frames arrive.
 */
export async function prepareChallenge(
  challenge: Pick<IssuedChallenge, 'key_hex' | 'config'>,
  createOutput: () => ChallengeOutput = () => new AudioContext(),
): Promise<ChallengeEmitter> {
  const output = createOutput();
  // A context made after the tap that started marking may begin suspended.
  await output.resume();
  const samples = synthesizeChallenge(challenge.key_hex, challenge.config, output.sampleRate);
  const buffer = output.createBuffer(1, samples.length, output.sampleRate);
  buffer.getChannelData(0).set(samples);
  let source: AudioBufferSourceNode | null = null;
  return {
    start() {
      if (source) return;
      source = output.createBufferSource();
      source.buffer = buffer;
      source.connect(output.destination);
      // At the context's current time: as close to the recording's start as the output allows.
      source.start(output.currentTime);
    },
    async stop() {
      source?.stop();
      await output.close();
    },
  };
}
