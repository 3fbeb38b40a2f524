/**
 * The microphone as the presence check needs it (product spec §9): every browser "improvement" is
 * off, because echo cancellation and noise suppression remove exactly the near-ultrasonic session
 * tone and the room sound that the server compares, and automatic gain distorts the levels.
 */
export const RAW_MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false, channelCount: 1 },
  video: false,
};

/** Asks for the raw microphone; rejects with the browser's error when there is none or it is refused. */
export async function openRawMicrophone(): Promise<MediaStream> {
  const devices = globalThis.navigator?.mediaDevices;
  if (!devices?.getUserMedia) throw new Error('This browser cannot record audio.');
  return devices.getUserMedia(RAW_MICROPHONE_CONSTRAINTS);
}

/** Stops every track of a stream (the browser's recording indicator goes off). */
export function stopStream(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}
