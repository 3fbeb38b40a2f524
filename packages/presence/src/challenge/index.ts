// The two-way challenge, safe for browsers (no Node imports): the student's web client imports
// `@rollbook/presence/challenge` to play its attempt's sequence while it records.
export {
  CHALLENGE_SPAN_S,
  challengeConfigFor,
  challengeSchedule,
  deriveChallengeKey,
  synthesizeChallenge,
  TWO_WAY_TONE_TOP_HZ,
  twoWayToneConfig,
} from './challenge-sequence';
