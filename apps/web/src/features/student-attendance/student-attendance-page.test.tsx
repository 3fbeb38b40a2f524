import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  attendancePrivacyRoutes,
  instantLectureRoutes,
  okCoded,
  ok,
  sessionReviewRoutes,
  sessionRoutes,
  type InstantLectureStudent,
  timetableRoutes,
  type LectureStudent,
  type StudentTimetableEntry,
} from '@rollbook/contract';
import { challengeConfigFor } from '@rollbook/presence/challenge';
import { encodeWavMono16 } from '../../lib/audio/wav';
import { errorReply, onCall, server } from '../../testing/msw';
import { renderWithProviders } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';
import { attendanceForm } from './student-attendance-api';
import { StudentAttendancePage } from './student-attendance-page';
import { markingDevices } from './marking-devices';
import { markingFlowChunk } from './marking-flow';
import { BACKOFF_WAIT_MS } from '../../testing/wait';

// jsdom cannot record: the recorder hands back a fixed clip (Playwright records with Chromium's fake
// microphone). The WAV encoder itself runs for real.
const recorder = { error: null as Error | null, silent: false, calls: [] as number[] };

setupMswServer();

/** A Permissions API whose geolocation state the test can change, firing `change` like a browser. */
class FakePermissionStatus extends EventTarget {
  constructor(public state: PermissionState) {
    super();
  }
  set(state: PermissionState) {
    this.state = state;
    this.dispatchEvent(new Event('change'));
  }
}

let status: FakePermissionStatus;
let positionError: { code: number; message: string } | null = null;
const positionOptions: PositionOptions[] = [];

let instantLectures: InstantLectureStudent[] = [];

beforeEach(() => {
  instantLectures = [];
  server.use(onCall(instantLectureRoutes.getInstantLecturesForStudent, () => ok(instantLectures)));
  status = new FakePermissionStatus('granted');
  positionError = null;
  positionOptions.length = 0;
  recorder.error = null;
  recorder.silent = false;
  recorder.calls = [];
  vi.spyOn(markingDevices, 'recordClip').mockImplementation((durationMs, options) => {
    recorder.calls.push(durationMs);
    if (recorder.silent) options?.onSilence?.();
    if (recorder.error) return Promise.reject(recorder.error);
    return Promise.resolve({
      samples: new Float32Array(48_000 * 5).fill(0.25),
      sampleRate: 48_000,
      startedAt: 1_763_800_000_123,
    });
  });
  Object.defineProperty(navigator, 'permissions', {
    configurable: true,
    value: { query: () => Promise.resolve(status) },
  });
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback, options: PositionOptions) => {
        positionOptions.push(options);
        if (positionError) fail(positionError as GeolocationPositionError);
        else ok({ coords: { latitude: 23.03395, longitude: 72.54622, accuracy: 12 } } as GeolocationPosition);
      },
    },
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'permissions');
  Reflect.deleteProperty(navigator, 'geolocation');
});

function lecture(overrides: Partial<LectureStudent> = {}): LectureStudent {
  return {
    slug: 'lec-1',
    type: 'theory',
    start_time: '09:00',
    end_time: '10:00',
    subject: {
      subject_map: { subject_name: 'Compiler Design', subject_code: '3170701' },
      semester: { no: 7 },
    },
    teacher: 'Chirag S. Thakkar',
    classroom: { slug: 'r1', class_name: 'LH101' },
    batches: [{ slug: 'b1', batch_name: 'A1', division: { division_name: 'A', slug: 'd1' } }],
    session: { session_id: 's1', active: 'ongoing', day: '2026-05-06', classroom_final: null },
    attendance_marked: false,
    ...overrides,
  };
}

function entry(lectures: LectureStudent[], branchName = 'Computer Engineering'): StudentTimetableEntry {
  return {
    stream: {
      title: 'BE',
      stream_code: '07',
      slug: `stream-${branchName}`,
      branch: { branch_name: branchName, slug: 'ce' },
    },
    timetables: [{ slug: 'tt-a', lectures }],
  };
}

/** The server's clock runs this far ahead of the device's in these tests. */
const SERVER_AHEAD_MS = 90_000;

beforeEach(() => {
  server.use(
    onCall(sessionReviewRoutes.getServerTime, () => ok({ server_time_ms: Date.now() + SERVER_AHEAD_MS })),
    onCall(sessionReviewRoutes.issueChallenge, () => ok({ challenge: null })),
  );
});

function serveTimetable(entries: () => StudentTimetableEntry[]) {
  let calls = 0;
  server.use(
    onCall(timetableRoutes.getTimetableForStudent, () => {
      calls += 1;
      return ok(entries());
    }),
  );
  return () => calls;
}

/** Marks every upload with code 100; answers how many arrived. */
function countMarkUploads(): () => number {
  let uploads = 0;
  server.use(
    onCall(sessionRoutes.markAttendanceForStudent, () => {
      uploads += 1;
      return okCoded(true, 100);
    }),
  );
  return () => uploads;
}

function renderPage() {
  return renderWithProviders(<StudentAttendancePage title="Attendance" />, { role: 'student' });
}

describe('StudentAttendancePage: location permission', () => {
  it('asks for location first and follows live permission changes both ways', async () => {
    status = new FakePermissionStatus('denied');
    const calls = serveTimetable(() => [entry([lecture()])]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Location Permission Required' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Android (Chrome)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'iOS (Safari)' })).toBeInTheDocument();
    expect(screen.getByText('How to allow location access')).toBeInTheDocument();
    expect(calls()).toBe(0);

    act(() => status.set('granted'));
    expect(await screen.findByRole('article', { name: /Compiler Design/ })).toBeInTheDocument();
    expect(calls()).toBe(1);
    act(() => status.set('denied'));
    expect(await screen.findByRole('heading', { name: 'Location Permission Required' })).toBeInTheDocument();
  });

  it('offers to ask the browser while the permission is not decided', async () => {
    status = new FakePermissionStatus('prompt');
    serveTimetable(() => [entry([lecture()])]);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Allow location access' }));
    expect(positionOptions).toEqual([{ enableHighAccuracy: true, maximumAge: 0, timeout: 5000 }]);
    expect(await screen.findByRole('article', { name: /Compiler Design/ })).toBeInTheDocument();
  });

  it('says so when the browser has no geolocation', async () => {
    Reflect.deleteProperty(navigator, 'geolocation');
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Geolocation is not supported by this browser.',
    );
  });
});

describe('StudentAttendancePage: timetables', () => {
  it('shows per branch the lecture cards with every field, and the empty text', async () => {
    serveTimetable(() => [
      entry([
        lecture(),
        lecture({
          slug: 'lec-2',
          type: 'lab',
          subject: {
            subject_map: { subject_name: 'Cloud Lab', subject_code: '3170717' },
            semester: { no: 7 },
          },
          teacher: null,
          classroom: null,
          session: null,
          batches: [
            { slug: 'b1', batch_name: 'A1', division: { division_name: 'A', slug: 'd1' } },
            { slug: 'b2', batch_name: 'A2', division: { division_name: 'A', slug: 'd1' } },
          ],
          attendance_marked: true,
        }),
      ]),
      entry([], ''),
    ]);
    renderPage();
    const theory = within(await screen.findByRole('article', { name: 'Compiler Design 09:00 - 10:00' }));
    expect(theory.getByText('3170701')).toBeInTheDocument();
    expect(theory.getByText('Chirag S. Thakkar')).toBeInTheDocument();
    expect(theory.getByText('A')).toBeInTheDocument();
    expect(theory.getByText('LH101')).toBeInTheDocument();
    expect(theory.getByText('May 6, 2026')).toBeInTheDocument();
    expect(theory.getByRole('button', { name: 'Mark Attendance' })).toBeEnabled();
    expect(theory.getByRole('button', { name: 'Manual Marking Request' })).toBeEnabled();
    expect(theory.queryByText('Present')).toBeNull();

    const lab = within(screen.getByRole('article', { name: /Cloud Lab/ }));
    expect(lab.getByText('Present')).toBeInTheDocument();
    expect(lab.getByText('A1, A2')).toBeInTheDocument();
    expect(lab.getAllByText('N/A')).toHaveLength(3);
    expect(lab.queryByRole('button')).toBeNull();

    expect(screen.getByRole('heading', { name: 'Computer Engineering' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Branch Name Missing' })).toBeInTheDocument();
    expect(screen.getByText('No lectures scheduled in this timetable.')).toBeInTheDocument();
  });
});

describe('StudentAttendancePage: session state', () => {
  it('names each card’s session state and offers marking only while it is live', async () => {
    serveTimetable(() => [
      entry([
        lecture({ slug: 'live' }),
        lecture({ slug: 'later', start_time: '11:00', end_time: '12:00', session: null }),
        lecture({
          slug: 'done',
          type: 'lab',
          start_time: '07:00',
          end_time: '08:00',
          session: { session_id: 's0', active: 'post', day: '2026-05-06', classroom_final: null },
        }),
      ]),
    ]);
    renderPage();
    const live = within(await screen.findByRole('article', { name: 'Compiler Design 09:00 - 10:00' }));
    expect(live.getByText('Live now')).toBeInTheDocument();
    expect(live.getByRole('button', { name: 'Mark Attendance' })).toBeEnabled();

    const later = within(screen.getByRole('article', { name: 'Compiler Design 11:00 - 12:00' }));
    expect(later.getByText('Not started')).toBeInTheDocument();
    expect(later.getByRole('button', { name: 'Mark Attendance' })).toBeDisabled();
    expect(later.getByRole('button', { name: 'Manual Marking Request' })).toHaveAccessibleDescription(
      'Marking opens when the teacher starts the session.',
    );

    const done = within(screen.getByRole('article', { name: 'Compiler Design 07:00 - 08:00' }));
    expect(done.getByText('Ended')).toBeInTheDocument();
    expect(done.getByText('practical')).toBeInTheDocument();
    expect(done.getByRole('button', { name: 'Mark Attendance' })).toHaveAccessibleDescription(
      'The session has ended.',
    );
  });
});

describe('attendanceForm', () => {
  it('names the recording recording.wav with the audio/wav type and sends the exact fields', async () => {
    const form = attendanceForm({
      lectureSlug: 'lec-1',
      latitude: 23.0338,
      longitude: 72.5461,
      wav: encodeWavMono16(new Float32Array(48_000 * 5), 48_000),
      startTime: 1_763_800_000_123.6,
    });
    expect([...form.keys()]).toEqual(['latitude', 'longitude', 'lecture_slug', 'audio', 'start_time']);
    const audio = form.get('audio') as File;
    expect(audio.name).toBe('recording.wav');
    expect(audio.type).toBe('audio/wav');
    const bytes = new Uint8Array(await audio.arrayBuffer());
    expect(bytes.byteLength).toBe(44 + 48_000 * 5 * 2);
    expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe('RIFF');
    expect(new DataView(bytes.buffer).getUint32(24, true)).toBe(48_000);
    expect(form.get('start_time')).toBe('1763800000124');
  });
});

describe('StudentAttendancePage: marking', () => {
  it('records 5 s, reads a fresh position and uploads the multipart proof; code 100 shows Present', async () => {
    let marked = false;
    serveTimetable(() => [entry([lecture({ attendance_marked: marked })])]);
    const uploads: FormData[] = [];
    server.use(
      onCall(sessionRoutes.markAttendanceForStudent, async ({ request }) => {
        uploads.push(await request.formData());
        marked = true;
        return okCoded(true, 100);
      }),
    );
    const { user } = renderPage();
    const card = within(await screen.findByRole('article', { name: /Compiler Design/ }));
    await user.click(card.getByRole('button', { name: 'Mark Attendance' }));
    expect(await screen.findByText('Attendance Marked successfully!')).toBeInTheDocument();
    expect(await card.findByText('Present')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Mark Attendance' })).toBeNull();

    expect(recorder.calls).toEqual([5000]);
    expect(positionOptions).toEqual([{ enableHighAccuracy: true, maximumAge: 0, timeout: 5000 }]);
    const form = uploads[0]!;
    expect(form.get('latitude')).toBe('23.03395');
    expect(form.get('longitude')).toBe('72.54622');
    expect(form.get('lecture_slug')).toBe('lec-1');
    // start_time is in server time: the recorder's start plus the clock offset measured before.
    const offset = Number(form.get('clock_offset_ms'));
    expect(Math.abs(offset - SERVER_AHEAD_MS)).toBeLessThan(1000);
    expect(form.get('start_time')).toBe(String(1763800000123 + offset));
    // jsdom's File loses its name and bytes on the way into Node's fetch (a test-environment
    // limit); the file itself is checked on `attendanceForm` below.
    expect((form.get('audio') as File).type).toBe('audio/wav');
  });

  it("plays the institution's two-way challenge from the recording's first frames and sends its id", async () => {
    serveTimetable(() => [entry([lecture()])]);
    const issued = {
      attempt_id: 'mi3k2.0123456789abcdef0123456789abcdef.fedcba9876543210fedcba9876543210',
      key_hex: 'cd'.repeat(32),
      config: challengeConfigFor(),
      expires_at_ms: Date.now() + 60_000,
    };
    const uploads: FormData[] = [];
    const asked: unknown[] = [];
    server.use(
      onCall(sessionReviewRoutes.issueChallenge, async ({ request }) => {
        asked.push(await request.json());
        return ok({ challenge: issued });
      }),
      onCall(sessionRoutes.markAttendanceForStudent, async ({ request }) => {
        uploads.push(await request.formData());
        return okCoded(true, 100);
      }),
    );
    const events: string[] = [];
    const prepare = vi.spyOn(markingDevices, 'prepareChallenge').mockImplementation(() =>
      Promise.resolve({
        start: () => void events.push('challenge started'),
        stop: () => {
          events.push('challenge stopped');
          return Promise.resolve();
        },
      }),
    );
    vi.mocked(markingDevices.recordClip).mockImplementationOnce((_ms, options) => {
      events.push('recording');
      options?.onFirstFrames?.();
      return Promise.resolve({
        samples: new Float32Array(48_000 * 5),
        sampleRate: 48_000,
        startedAt: 1_763_800_000_123,
      });
    });
    const { user } = renderPage();
    const card = within(await screen.findByRole('article', { name: /Compiler Design/ }));
    await user.click(card.getByRole('button', { name: 'Mark Attendance' }));
    expect(await screen.findByText('Attendance Marked successfully!')).toBeInTheDocument();
    expect(asked).toEqual([{ lecture_slug: 'lec-1' }]);
    expect(prepare).toHaveBeenCalledWith(issued);
    expect(events).toEqual(['recording', 'challenge started', 'challenge stopped']);
    expect(uploads[0]!.get('challenge_attempt')).toBe(issued.attempt_id);
  });

  it('sends no challenge id when the institution does not use the check', async () => {
    serveTimetable(() => [entry([lecture()])]);
    const uploads: FormData[] = [];
    server.use(
      onCall(sessionRoutes.markAttendanceForStudent, async ({ request }) => {
        uploads.push(await request.formData());
        return okCoded(true, 100);
      }),
    );
    const prepare = vi.spyOn(markingDevices, 'prepareChallenge');
    const { user } = renderPage();
    const card = within(await screen.findByRole('article', { name: /Compiler Design/ }));
    await user.click(card.getByRole('button', { name: 'Mark Attendance' }));
    expect(await screen.findByText('Attendance Marked successfully!')).toBeInTheDocument();
    expect(prepare).not.toHaveBeenCalled();
    expect(uploads[0]!.has('challenge_attempt')).toBe(false);
  });

  it('shows the blocking message while marking', async () => {
    serveTimetable(() => [entry([lecture()])]);
    let release: () => void = () => undefined;
    server.use(
      onCall(sessionRoutes.markAttendanceForStudent, async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return okCoded(true, 100);
      }),
    );
    const { user } = renderPage();
    const card = within(await screen.findByRole('article', { name: /Compiler Design/ }));
    await user.click(card.getByRole('button', { name: 'Mark Attendance' }));
    expect(
      await screen.findByText('Marking Attendance. Please do not refresh this page!'),
    ).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Mark Attendance' })).toBeDisabled();
    // The recording ran down, and the overlay now says the server is checking it.
    expect(await screen.findByText(/^Checking… this can take up to 15 seconds/)).toBeInTheDocument();
    release();
    await waitFor(() =>
      expect(screen.queryByText('Marking Attendance. Please do not refresh this page!')).toBeNull(),
    );
  });

  it('shows the server message and re-enables the button when marking is refused', async () => {
    serveTimetable(() => [entry([lecture()])]);
    server.use(
      onCall(sessionRoutes.markAttendanceForStudent, () =>
        errorReply(400, "You're out of the predefined boundry of the premises!!"),
      ),
    );
    const { user } = renderPage();
    const card = within(await screen.findByRole('article', { name: /Compiler Design/ }));
    await user.click(card.getByRole('button', { name: 'Mark Attendance' }));
    expect(
      await screen.findByText("You're out of the predefined boundry of the premises!!"),
    ).toBeInTheDocument();
    await waitFor(() => expect(card.getByRole('button', { name: 'Mark Attendance' })).toBeEnabled());
  });

  it('reports a failed recording and a missing position without uploading', async () => {
    serveTimetable(() => [entry([lecture()])]);
    const uploads = countMarkUploads();
    const { user } = renderPage();
    const card = within(await screen.findByRole('article', { name: /Compiler Design/ }));
    recorder.error = new Error('Permission denied');
    await user.click(card.getByRole('button', { name: 'Mark Attendance' }));
    expect(await screen.findByText('Failed to record audio: Permission denied')).toBeInTheDocument();

    recorder.error = null;
    positionError = { code: 2, message: 'unavailable' };
    await waitFor(() => expect(card.getByRole('button', { name: 'Mark Attendance' })).toBeEnabled());
    await user.click(card.getByRole('button', { name: 'Mark Attendance' }));
    expect(
      await screen.findByText('Location services are not available, Please enable it from you browser'),
    ).toBeInTheDocument();

    positionError = { code: 1, message: 'denied' };
    await waitFor(() => expect(card.getByRole('button', { name: 'Mark Attendance' })).toBeEnabled());
    await user.click(card.getByRole('button', { name: 'Mark Attendance' }));
    expect(await screen.findByText('Please allow the location permission!')).toBeInTheDocument();
    expect(uploads()).toBe(0);
  });

  it('says so when the marking code cannot be fetched, and marks at the next press once it can', async () => {
    serveTimetable(() => [entry([lecture()])]);
    const uploads = countMarkUploads();
    const fetchChunk = markingFlowChunk.load;
    let reachable = false;
    const load = vi
      .spyOn(markingFlowChunk, 'load')
      .mockImplementation(() =>
        reachable
          ? fetchChunk()
          : Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      );
    const { user } = renderPage();
    const card = within(await screen.findByRole('article', { name: /Compiler Design/ }));
    // The fetch started with the page failed too: it is not reported until a mark needs the code.
    await waitFor(() => expect(load).toHaveBeenCalled());
    expect(screen.queryByText(/Could not load marking/)).toBeNull();
    await user.click(card.getByRole('button', { name: 'Mark Attendance' }));
    expect(
      await screen.findByText(
        'Could not load marking. Check your connection and try again: Failed to fetch dynamically imported module',
      ),
    ).toBeInTheDocument();
    expect(recorder.calls).toEqual([]);
    expect(screen.queryByText('Marking Attendance. Please do not refresh this page!')).toBeNull();

    expect(uploads()).toBe(0);

    reachable = true;
    await waitFor(() => expect(card.getByRole('button', { name: 'Mark Attendance' })).toBeEnabled());
    await user.click(card.getByRole('button', { name: 'Mark Attendance' }));
    expect(await card.findByText('Present')).toBeInTheDocument();
    expect(uploads()).toBe(1);
  });

  it('retries an upload whose connection was lost, saying so, with the same idempotency key', async () => {
    let marked = false;
    serveTimetable(() => [entry([lecture({ attendance_marked: marked })])]);
    const keys: Array<string | null> = [];
    server.use(
      onCall(sessionRoutes.markAttendanceForStudent, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        if (keys.length === 1) return HttpResponse.error();
        marked = true;
        return okCoded(true, 100);
      }),
    );
    const { user } = renderPage();
    const card = within(await screen.findByRole('article', { name: /Compiler Design/ }));
    await user.click(card.getByRole('button', { name: 'Mark Attendance' }));
    expect(await screen.findByText('Connection lost, retrying… (attempt 2)')).toBeInTheDocument();
    expect(
      await screen.findByText('Attendance Marked successfully!', {}, { timeout: BACKOFF_WAIT_MS }),
    ).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('warns when the microphone stays silent for 2 seconds, and still marks once sound arrives', async () => {
    serveTimetable(() => [entry([lecture()])]);
    server.use(onCall(sessionRoutes.markAttendanceForStudent, () => okCoded(true, 100)));
    recorder.silent = true;
    const { user } = renderPage();
    const card = within(await screen.findByRole('article', { name: /Compiler Design/ }));
    await user.click(card.getByRole('button', { name: 'Mark Attendance' }));
    expect(
      await screen.findByText(
        'No audio from your microphone for 2 seconds: check that it is connected and not muted.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Attendance Marked successfully!')).toBeInTheDocument();
  });

  it('sends a manual request only with a comment; code 100 disables both buttons', async () => {
    serveTimetable(() => [entry([lecture()])]);
    const bodies: unknown[] = [];
    server.use(
      onCall(sessionRoutes.markForRegulization, async ({ request }) => {
        bodies.push(await request.json());
        return okCoded(true, 100);
      }),
    );
    const { user } = renderPage();
    const card = within(await screen.findByRole('article', { name: /Compiler Design/ }));
    await user.click(card.getByRole('button', { name: 'Manual Marking Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manual Marking Request' });
    const send = within(dialog).getByRole('button', { name: 'Send request' });
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Comment'), '   ');
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Comment'), 'My microphone is broken');
    await user.click(send);
    expect(await screen.findByText('Your request to mark manually has been sent.')).toBeInTheDocument();
    expect(bodies).toEqual([{ lecture_slug: 'lec-1', regulization_commet: 'My microphone is broken' }]);
    expect(card.getByRole('button', { name: 'Manual Marking Request' })).toBeDisabled();
    expect(card.getByRole('button', { name: 'Mark Attendance' })).toBeDisabled();
  });
});

describe('StudentAttendancePage: privacy notice', () => {
  it('says what marking keeps and for how long, from the institution’s retention period, even before location is allowed', async () => {
    status = new FakePermissionStatus('denied');
    serveTimetable(() => [entry([lecture()])]);
    server.use(onCall(attendancePrivacyRoutes.getPrivacy, () => ok({ recording_retention_days: 14 })));
    renderPage();
    const notice = await screen.findByRole('region', { name: 'What is kept, and for how long' });
    expect(notice).toHaveTextContent(
      'Your recording and your exact location (latitude, longitude and their accuracy) are kept for at most 14 days after you mark attendance, then deleted.',
    );
    expect(notice).toHaveTextContent('distance from the classroom are kept as your attendance record');
  });

  it('shows nothing when the period cannot be read', async () => {
    serveTimetable(() => [entry([lecture()])]);
    server.use(onCall(attendancePrivacyRoutes.getPrivacy, () => errorReply(500, 'Something went wrong')));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Computer Engineering' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'What is kept, and for how long' })).not.toBeInTheDocument();
  });
});

describe("StudentAttendancePage: today's extra lectures", () => {
  const instant = (overrides: Partial<InstantLectureStudent> = {}): InstantLectureStudent => ({
    ...lecture({ slug: 'instant-1' }),
    title: 'Placement talk',
    session: { session_id: 'instant-session', active: 'ongoing', day: '2026-05-06', classroom_final: null },
    ...overrides,
  });

  it('says so when there is none', async () => {
    serveTimetable(() => [entry([lecture()])]);
    renderPage();
    expect(await screen.findByText('No extra lectures today.')).toBeInTheDocument();
  });

  it('shows each under its title and marks it by its session id, not by a lecture', async () => {
    instantLectures = [instant()];
    serveTimetable(() => [entry([lecture()])]);
    const uploads: FormData[] = [];
    server.use(
      onCall(sessionRoutes.markAttendanceForStudent, async ({ request }) => {
        uploads.push(await request.formData());
        instantLectures = [instant({ attendance_marked: true })];
        return okCoded(true, 100);
      }),
    );
    const { user } = renderPage();
    const section = within(await screen.findByRole('region', { name: 'Extra lectures today' }));
    const card = within(await section.findByRole('article', { name: /Placement talk/ }));
    expect(card.getByText('Chirag S. Thakkar')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Mark Attendance' }));
    expect(await card.findByText('Present')).toBeInTheDocument();
    const form = uploads[0]!;
    expect(form.get('session_id')).toBe('instant-session');
    expect(form.has('lecture_slug')).toBe(false);
  });

  it('sends a manual request for it by its session id', async () => {
    instantLectures = [instant({ title: null })];
    serveTimetable(() => [entry([])]);
    const bodies: unknown[] = [];
    server.use(
      onCall(sessionRoutes.markForRegulization, async ({ request }) => {
        bodies.push(await request.json());
        return okCoded(true, 100);
      }),
    );
    const { user } = renderPage();
    const section = within(await screen.findByRole('region', { name: 'Extra lectures today' }));
    const card = within(await section.findByRole('article', { name: /Compiler Design/ }));
    await user.click(card.getByRole('button', { name: 'Manual Marking Request' }));
    await user.type(await screen.findByRole('textbox'), 'My phone died');
    await user.click(screen.getByRole('button', { name: /send/i }));
    await waitFor(() =>
      expect(bodies).toEqual([{ session_id: 'instant-session', regulization_commet: 'My phone died' }]),
    );
  });
});
