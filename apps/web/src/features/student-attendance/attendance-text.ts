import { NO_AUDIO_WARNING } from '../../lib/audio/messages';

/** Every sentence of the student attendance screen (product spec §2, §4, §5, §8). */
export const ATTENDANCE_TEXT = {
  permissionTitle: 'Location Permission Required',
  allowLocation: 'Please allow the location permission!',
  noGeolocation: 'Geolocation is not supported by this browser.',
  locationUnavailable: 'Location services are not available, Please enable it from you browser',
  marking: 'Marking Attendance. Please do not refresh this page!',
  marked: 'Attendance Marked successfully!',
  notVerified: 'Your attendance could not be verified. Try again, or send a manual marking request.',
  recordFailed: 'Failed to record audio: ',
  /** Rollbook's own: the marking code (fetched after the page) could not be loaded. */
  markingUnavailable: 'Could not load marking. Check your connection and try again: ',
  /** Rollbook's own: the phone could not play the two-way check's sound (the mark goes to the teacher). */
  challengeFailed: 'This phone could not play the check sound, so your teacher will review this mark: ',
  noAudio: NO_AUDIO_WARNING,
  manualSent: 'Your request to mark manually has been sent.',
  emptyTimetable: 'No lectures scheduled in this timetable.',
  branchMissing: 'Branch Name Missing',
  markButton: 'Mark Attendance',
  manualButton: 'Manual Marking Request',
  present: 'Present',
  timetableFailed: 'Something went wrong',
  preparing: 'Getting ready…',
  recordingLeft: (seconds: number) => `Recording… ${seconds} s left. Keep the phone still.`,
  locating: 'Finding your location…',
  retrying: (attempt: number) => `Connection lost, retrying… (attempt ${attempt})`,
  checking: 'Checking… this can take up to 15 seconds.',
  notStarted: 'Not started',
  liveNow: 'Live now',
  ended: 'Ended',
  markOnlyLive: 'Marking opens when the teacher starts the session.',
  markEnded: 'The session has ended.',
  instantTitle: 'Extra lectures today',
  noInstant: 'No extra lectures today.',
} as const;
