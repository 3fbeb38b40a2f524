import type { LectureTeacher } from '@rollbook/contract';
import type { BadgeTone } from '../../components/ui/badge';
import { NO_AUDIO_WARNING } from '../../lib/audio/messages';

/** Every sentence of the teacher dashboard (product spec §2 "Teacher lectures", §4, §8). */
export const LECTURES_TEXT = {
  empty: 'No lectures scheduled for today.',
  start: 'Start Session',
  join: 'Join Session',
  export: 'Export Attendance',
  history: 'Attendance History',
  sheetTitle: 'Attendance Details',
  endSession: 'End Session',
  endConfirm: 'Are you sure you want to end this session.. ?',
  markAll: 'Mark All Students',
  noRequests: 'No Students Present',
  rejectConfirm: 'Are you sure you want to reject the attendance request?',
  approved: 'Attendance Marked Successfully',
  classroomChanged: 'Your classroom has been changed successfully',
  editClassroom: 'Edit classroom',
  mergeQuestion: 'Do you want to merge this lecture ?',
  saveChanges: 'Save changes',
  timetableFailed: 'Something went wrong',
  noAudio: NO_AUDIO_WARNING,
  microphoneRefused: 'Microphone access is needed to start the session',
  toneFailed: 'The session tone cannot play: ',
  /** The tone-level check at session start (our own wording; the product spec quotes none). */
  toneWeak:
    'Your speaker sounds weak: students far from it may not be marked. Turn the volume up or move the device closer to the class.',
  toneNotHeard:
    'Your microphone cannot hear the session tone: check that the speaker is on and the volume is up, or students will not be marked.',
  challengeBandNotHeard:
    "Your microphone cannot hear the students' phones' check sound (just above the session tone, about 19-20.5 kHz), so the two-way check is not applied in this session; each mark says so. A microphone that records up to about 20.5 kHz fixes it.",
  challengeBandNotHeardRequired:
    "Your microphone cannot hear the students' phones' check sound (just above the session tone, about 19-20.5 kHz), and your institution requires the two-way check: every mark that passes the other checks comes to your Review tab. A microphone that records up to about 20.5 kHz fixes it.",
  toneLowBand:
    'Your speaker or the students’ phones lose the highest tones. Ask your administrator to set the session tone band to 16000-19000 Hz.',
  connectionLost: 'The live connection was lost. Use Join Session to continue.',
  /** Rollbook's own lines for the sheet on a bad network (contract §13; the product spec quotes none). */
  reconnecting: 'Reconnecting… The sheet will refresh from the server when the connection is back.',
  waitForReconnect: 'Reconnecting… Try again when the connection is back.',
  slowNetwork:
    'Your network is slow, so your microphone audio is not streamed. The sheet still updates live; marks made now may need your review.',
  /** Rollbook's own lines for the "Not marked" tab (the product spec quotes none). */
  unmarkedTab: 'Not marked',
  unmarkedHint:
    'Students of this lecture with no mark yet. Tick one to mark them present yourself (for example when their phone cannot mark); it is recorded as your manual mark.',
  unmarkedFilter: 'Find a student',
  everyoneMarked: 'Every student has a mark.',
  noUnmarkedMatch: 'No unmarked student matches this name or number.',
  notLive: 'This session is not live.',
  exportName: 'session_data.csv',
  // Rollbook's own line: the device may be in another zone than the institution.
  institutionClock: 'Days and lecture times are in the institution’s time zone.',
} as const;

/** The status badge of a session (contract §6.4): text and colour. */
export function statusBadge(active: string): { text: string; tone: BadgeTone } {
  if (active === 'pre') return { text: 'Inactive', tone: 'neutral' };
  if (active === 'ongoing') return { text: 'Active', tone: 'success' };
  if (active === 'post') return { text: 'Ended', tone: 'danger' };
  return { text: 'Unknown', tone: 'warning' };
}

/** Theory lectures show their division, others the comma-joined batch names (§6.4). */
export function lectureGroup(lecture: Pick<LectureTeacher, 'type' | 'batches'>): string {
  if (lecture.type === 'theory') return lecture.batches[0]?.division.division_name ?? '';
  return lecture.batches.map((batch) => batch.batch_name).join(', ');
}

/** Floored percent, 3 and 2 decimals (product spec §9), or an en dash while not computed. */
export const formatScore = {
  probability: (value: number | null) => (value === null ? '–' : `${Math.floor(value)} %`),
  distance: (value: number | null) => (value === null ? '–' : value.toFixed(3)),
  twoDecimals: (value: number | null) => (value === null ? '–' : value.toFixed(2)),
};
