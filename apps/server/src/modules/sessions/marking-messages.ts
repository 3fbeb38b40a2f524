import type { StoredReason } from './verdict-rule';

/**
 * What a student is told. The first sentences are the original server's (spec server-notes §3.5),
 * kept because students know them; from `recordingTimeLate` on they are Rollbook's own.
 */
export const MARKING_MESSAGES = {
  notStarted: 'Attendance session has not been started yet!!',
  ended: 'Attendance session has been ended!!',
  alreadyMarked: 'Your attendance has already been marked',
  notPart: "You're not part of this attendance session :\\",
  outside: "You're out of the predefined boundry of the premises!!",
  tooSoon: "You've recently tried to mark your attendance. Please try again after a few seconds!!",
  requestSent: 'Your request to mark manually has already been sent',
  otherDevice: 'This device has already marked attendance for another student in this session',
  recordingTimeLate:
    "Your recording's start time is later than the server received it, so it cannot be checked. Make sure your device sets its clock automatically, then record again.",
  recordingTimeEarly:
    "Your recording's start time is too long before it reached the server, so it cannot be checked. Make sure your device sets its clock automatically, then record again and send it at once.",
  sentToReview:
    "Your recording could not be compared with the sound in the classroom because the teacher's microphone audio for that moment did not reach the server. It has been sent to your teacher, who will review it; you may also record again.",
  // The two-way check's reasons for review (presence-0018, presence-0019): the teacher's audio did not
  // fail, so recording again at once is not offered.
  sentToReviewChallengeNotHeard:
    "The teacher's microphone did not hear your phone's short check sound, so your attendance has been sent to your teacher, who will review it. You may record again in a few seconds, closer to the teacher's device.",
  sentToReviewChallengeRequired:
    "Your institution requires a check that the teacher's microphone cannot make in this session, so your attendance has been sent to your teacher, who will review it.",
  sentToReviewChallengeMissing:
    'Your institution uses a two-way check that only the Rollbook web app makes, so your attendance has been sent to your teacher, who will review it.',
  // The tone's reasons for review: the teacher's audio did not fail, so recording again at once is
  // not offered (a copy of the file played elsewhere would get its slot back on every try).
  sentToReviewToneFileMoved:
    'The session tone in your recording does not match the moment it was recorded, so your attendance has been sent to your teacher, who will review it.',
  sentToReviewToneFaint:
    "The session tone was heard only faintly in your recording, so your attendance has been sent to your teacher, who will review it. You may record again in a few seconds, closer to the teacher's device.",
  // The institution has teachers confirm marks the tone cannot time (presence-0027): every try would
  // end the same way, so recording again is not offered.
  sentToReviewUntimedTone:
    'In this session the timing of the session tone is not known closely enough to show when you recorded, and your institution has the teacher confirm such marks, so your attendance has been sent to your teacher, who will review it.',
  teacherDecided:
    'Your teacher has already decided your attendance for this session. Please speak to your teacher if it needs changing.',
  challengeForeign:
    "This recording's two-way check was issued for another attempt, student or session. Please record again.",
  challengeExpired: "This recording's two-way check has expired. Please record again and send it at once.",
  challengeUsed: "This recording's two-way check was already used by another attempt. Please record again.",
  noPlace:
    'This extra lecture has no classroom and your institution has no campus point, so your location cannot be checked. Please send a manual marking request.',
} as const;

/**
 * Every stored reason in plain words, as students (in a refusal) and teachers (on the review list)
 * read them. Notes say which check was not made, or made on less, and why.
 */
export const REASON_TEXTS: Record<StoredReason, string> = {
  recording_too_short: 'the recording is too short',
  start_time_out_of_bounds: "the recording's start time does not fit when it reached the server",
  tone_band_not_captured: "your microphone did not pick up the session tone's frequencies",
  tone_not_detected: 'the session tone was not heard in your recording',
  tone_too_weak: 'the session tone was too faint in your recording',
  tone_wrong_time: 'the session tone in your recording is not the one played at that moment in the classroom',
  ambient_mismatch: "your recording does not match the sound in the teacher's classroom",
  outside_geofence: 'your location is outside the classroom',
  position_missing: 'your location was not received',
  teacher_audio_missing:
    "the room sound was not compared: the teacher's microphone audio for the recording's time did not reach the server",
  teacher_audio_pending:
    "the room sound was not compared: the teacher's microphone audio for the recording's time had not reached the server yet",
  tone_time_unproven:
    'neither the session tone nor the room sound could show that the recording was made at that moment',
  ambient_uninformative: 'the room was too quiet for its sound to be compared',
  no_teacher_stream: "the teacher's microphone was not streaming, so the room sound was not compared",
  tone_unconfirmed_loop_wide:
    "the session tone was found only weakly, and the teacher's device loops a file whose position is not known closely enough, so a chance match in other sound cannot be ruled out; your teacher will review it",
  // Only ever a review reason (presence-0024): it says what to look for.
  tone_file_moved:
    "the session tone was heard, but at a point of the teacher's looped file other than the one its download allows: the teacher's device restarted the file without downloading it again, or a copy of the file was played elsewhere. Accept it only if the student is in the room",
  tone_faint_alone:
    "the room's sound could not be compared (too quiet, or the teacher's microphone was not streaming) and the session tone was heard only faintly, so the tone alone could not decide",
  tone_not_distinct:
    'the session tone was heard only faintly: it matched the moment of the recording hardly better than other moments up to 20 seconds away, so it could not show on its own that the recording was made in the room then',
  tone_time_unbounded:
    "the session tone could not show the moment (the teacher's device loops a file); the room sound decided",
  // Only ever a review reason (presence-0027): it says why the room sound did not decide.
  tone_time_room_only:
    "the session tone could not show the moment (the teacher's device loops a file whose timing the server cannot observe, or had not reported when it plays the tone), and the institution has teachers confirm such marks instead of the room sound, which a phone call from the room can also carry: accept it only if the student is in the room",
  clipped_recording: 'the recording was partly too loud (clipped)',
  geofence_unavailable: 'the location was not checked: the classroom has no coordinates',
  teacher_not_streaming:
    "the teacher's microphone was not streaming to the server, so the room sound could not be compared",
  teacher_audio_gap:
    "the teacher's microphone audio has a gap over the recording's time (for example while the teacher's screen reconnected), so the room sound could not be compared",
  teacher_audio_partial:
    "the room sound was compared only with the part of the recording's time that the teacher's microphone audio covers",
  // Only ever a review reason (presence-0019), so only teachers read it: it says what to look for.
  challenge_not_heard:
    "the phone's short check sound was not heard by the teacher's microphone at that moment: the phone was too far from the teacher's device, or the recording was relayed from outside the room. Accept it only if the student is in the room",
  challenge_unavailable:
    "the two-way check was not made: the teacher's microphone audio that would carry your phone's check sound was not available",
  challenge_self_unheard: "your phone's check sound was not found in your own recording",
  challenge_missing:
    "the two-way check your institution uses was not made: the recording came without the phone's check sound (only the Rollbook web app plays it)",
  challenge_band_not_heard:
    "the two-way check was not made: the teacher's microphone cannot hear the phones' check sound (above the session tone)",
  challenge_band_unmeasured:
    "the two-way check was not made: whether the teacher's microphone hears the phones' check sound had not been measured yet",
  challenge_required:
    'your institution requires the two-way check, so your teacher reviews this mark instead of the other checks deciding it',
  teacher_network_slow:
    "the teacher's microphone audio was absent: the teacher's network was too slow to stream it (the teacher followed the session on the slow-network path), so the room sound could not be compared",
  session_tone_outdated:
    'this session started before the current session tone, so the recording could not be checked automatically',
};

/**
 * The reasons of a stored verdict in plain words, unknown codes as they are. Where the institution
 * had the mark reviewed (`tone_time_room_only`), the note that the room sound decided is left out:
 * that reason's own text says why the tone could not, and the room sound did not decide.
 */
export function reasonTexts(reasons: readonly string[]): string[] {
  const reviewed = reasons.includes('tone_time_room_only');
  return reasons
    .filter((r) => !(reviewed && r === 'tone_time_unbounded'))
    .map((r) => (REASON_TEXTS as Record<string, string>)[r] ?? r);
}

// The tone heard, but too faintly to decide: recording again at once would only try the chance again.
const FAINT_TONE_REASONS: readonly StoredReason[] = [
  'tone_unconfirmed_loop_wide',
  'tone_faint_alone',
  'tone_not_distinct',
];

/**
 * Why an attempt went to the teacher's review, in the student's words, and whether recording again
 * at once may help: only when the teacher's audio failed (it may be back for the next recording).
 * For the two-way check's reasons it would not, and giving a relayed attempt its rate-limit slot
 * back would double its tries.
 */
export function reviewAnswer(reasons: readonly StoredReason[]): { message: string; retryAtOnce: boolean } {
  if (reasons.includes('challenge_required'))
    return { message: MARKING_MESSAGES.sentToReviewChallengeRequired, retryAtOnce: false };
  if (reasons.includes('challenge_not_heard'))
    return { message: MARKING_MESSAGES.sentToReviewChallengeNotHeard, retryAtOnce: false };
  if (reasons.includes('challenge_missing'))
    return { message: MARKING_MESSAGES.sentToReviewChallengeMissing, retryAtOnce: false };
  if (reasons.includes('tone_file_moved'))
    return { message: MARKING_MESSAGES.sentToReviewToneFileMoved, retryAtOnce: false };
  if (reasons.includes('tone_time_room_only'))
    return { message: MARKING_MESSAGES.sentToReviewUntimedTone, retryAtOnce: false };
  const teacherAudioFailed =
    reasons.includes('teacher_audio_missing') || reasons.includes('teacher_audio_pending');
  const faint = FAINT_TONE_REASONS.some((r) => reasons.includes(r));
  if (faint && !teacherAudioFailed)
    return { message: MARKING_MESSAGES.sentToReviewToneFaint, retryAtOnce: false };
  return { message: MARKING_MESSAGES.sentToReview, retryAtOnce: true };
}
