/**
 * Product spec §8: "A warning appears if no audio arrives within 2 seconds", for the teacher's live
 * stream and the student's recording alike.
 */
export const NO_AUDIO_WARNING =
  'No audio from your microphone for 2 seconds: check that it is connected and not muted.';
