/**
 * What a student is told. The first sentences are the original server's (spec server-notes §3.5),
 * kept because students know them; from `recordingTimeMismatch` on they are Rollbook's own.
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
  recordingTimeMismatch:
    "Your recording's time does not match this session. Make sure your device sets its clock automatically, then record again.",
  teacherAudioStopped:
    "The teacher's microphone is not streaming to the server right now, so your recording cannot be checked. Ask your teacher to check their session screen, then mark again, or send a manual marking request.",
  teacherDecided:
    'Your teacher has already decided your attendance for this session. Please speak to your teacher if it needs changing.',
  noPlace:
    'This extra lecture has no classroom and your institution has no campus point, so your location cannot be checked. Please send a manual marking request.',
} as const;
