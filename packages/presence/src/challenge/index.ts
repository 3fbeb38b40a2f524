// The two-way challenge, safe for browsers (no Node imports): the student's web client imports
// `@rollbook/presence/challenge` to play its attempt's sequence while it records.
export {
  CHALLENGE_SPAN_S,
  challengeConfigFor,
  challengeSchedule,
  deriveChallengeKey,
  synthesizeChallenge,
} from './challenge-sequence';
