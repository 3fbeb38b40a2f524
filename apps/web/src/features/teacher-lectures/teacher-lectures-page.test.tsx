import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clientErrorMessage,
  ok,
  sessionHistoryRoutes,
  sessionRecordRoutes,
  sessionReviewRoutes,
  sessionRoutes,
  socketMessage,
  timetableRoutes,
  updateAttendanceMessage,
  type AttendanceRecord,
  type AttendanceReview,
  type LectureTeacher,
  type WeekDay,
} from '@rollbook/contract';
import { openedSockets, type FakeSocket } from '../../testing/fake-socket';
import { HttpResponse } from 'msw';
import { errorReply, onCall, server } from '../../testing/msw';
import { renderWithProviders } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';
import { buildDay, buildLecture, buildOngoing, buildRecord, ROOMS } from './lecture-fixtures';
import { liveAudio } from './live/live-audio';
import { DEFAULT_SCHEDULE_CONFIG } from '@rollbook/presence/schedule';

const TONE_KEY = 'ab'.repeat(32);
import { TeacherLecturesPage } from './teacher-lectures-page';
import { currentWeek, institutionDate, weekdayOf } from './week-strip-days';
import { findOpenDialog } from '../../testing/dialogs';

// jsdom has no microphone or Web Audio: the live session's browser audio is replaced by scriptable
// stand-ins (Playwright covers the real ones in Chromium).
const audio = {
  microphoneError: null as Error | null,
  tones: [] as string[],
  toneStops: 0,
  streamStops: 0,
  sink: null as null | ((chunk: ArrayBuffer, timestamp: number) => void),
  noAudio: null as null | (() => void),
  /** What the tone download's timing measures (Mbps); under 0.3 is the slow-network path. */
  linkMbps: 10 as number | null,
  /** The live tone's speaker clock, as `tone_clock` reports it. */
  clock: { offsetMs: 12, toleranceMs: 40 },
};

beforeEach(() => {
  Object.assign(audio, {
    microphoneError: null,
    tones: [],
    toneStops: 0,
    streamStops: 0,
    sink: null,
    noAudio: null,
    linkMbps: 10,
    clock: { offsetMs: 12, toleranceMs: 40 },
  });
  vi.spyOn(liveAudio, 'measureToneLink').mockImplementation(() => Promise.resolve(audio.linkMbps));
  vi.spyOn(liveAudio, 'openMicrophone').mockImplementation(() =>
    audio.microphoneError
      ? Promise.reject(audio.microphoneError)
      : Promise.resolve({ getTracks: () => [] } as unknown as MediaStream),
  );
  vi.spyOn(liveAudio, 'releaseMicrophone').mockImplementation(() => undefined);
  vi.spyOn(liveAudio, 'playLiveTone').mockImplementation((key) => {
    audio.tones.push(key.keyHex);
    return Promise.resolve({
      clock: () => audio.clock,
      stop: () => {
        audio.toneStops += 1;
      },
    });
  });
  vi.spyOn(liveAudio, 'startMicStreaming').mockImplementation((_stream, sink, onNoAudio) => {
    audio.sink = sink;
    audio.noAudio = onNoAudio;
    return {
      started: Promise.resolve(),
      stop: () => {
        audio.streamStops += 1;
        return Promise.resolve();
      },
    };
  });
});
afterEach(() => vi.restoreAllMocks());

setupMswServer();

// Radix Select measures and captures the pointer; jsdom implements neither.
// Download links need object URLs, which jsdom lacks too. Whatever is added here is removed after
// the file, because test files share one jsdom.
const added: Array<[Record<string, unknown>, string]> = [];
beforeAll(() => {
  const element = Element.prototype as unknown as Record<string, unknown>;
  const url = URL as unknown as Record<string, unknown>;
  const stubs: Array<[Record<string, unknown>, string, unknown]> = [
    [element, 'hasPointerCapture', () => false],
    [element, 'releasePointerCapture', () => undefined],
    [element, 'scrollIntoView', () => undefined],
    [url, 'createObjectURL', () => 'blob:export'],
    [url, 'revokeObjectURL', () => undefined],
  ];
  for (const [target, name, stub] of stubs) {
    if (name in target) continue;
    target[name] = stub;
    added.push([target, name]);
  }
});
afterAll(() => {
  for (const [target, name] of added) Reflect.deleteProperty(target, name);
});

const TODAY = weekdayOf(new Date());

/** Serves `byDay[day]` (or nothing) and records which days were asked for. */
function serveDays(byDay: Record<string, () => LectureTeacher[]>) {
  const asked: string[] = [];
  server.use(
    onCall(timetableRoutes.getTimetableForTeacher, ({ params }) => {
      const day = String(params.day);
      asked.push(day);
      // The schema checks the echoed day at run time: a day the page should never ask for fails.
      const resolved = (day === 'current' ? TODAY : day) as WeekDay;
      return { ...ok(buildDay(byDay[resolved]?.() ?? [])), day: resolved };
    }),
    onCall(timetableRoutes.getClassroomsForTeacher, () => ok(ROOMS)),
  );
  return asked;
}

function renderPage() {
  return renderWithProviders(<TeacherLecturesPage title="Lecture Schedule" />, { role: 'teacher' });
}

async function card(name: RegExp) {
  return within(await screen.findByRole('article', { name }));
}

/** Starts the pre lecture, answers create_lecture_session and (unless told not to) connects the socket. */
async function startLive(
  user: ReturnType<typeof renderPage>['user'],
  lecture = buildLecture(),
  { connect = true } = {},
) {
  const forms: Array<Record<string, string>> = [];
  let active: LectureTeacher['session']['active'] = 'pre';
  serveDays({ [TODAY]: () => [buildLecture({ active })] });
  server.use(
    onCall(sessionRoutes.createLectureSession, async ({ request }) => {
      const form = await request.formData();
      forms.push(
        Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name])),
      );
      active = 'ongoing';
      return ok({
        session_id: lecture.session.session_id,
        active: 'ongoing',
        audio_url: 'tone-abc.wav',
        lecture: { ...lecture, session: { ...lecture.session, active: 'ongoing' } },
      });
    }),
    onCall(sessionReviewRoutes.getServerTime, () => ok({ server_time_ms: Date.now() })),
  );
  await user.click((await card(/Compiler Design/)).getByRole('button', { name: 'Start Session' }));
  await waitFor(() => expect(openedSockets.length).toBeGreaterThan(0));
  const socket = openedSockets.at(-1)!;
  if (connect) {
    socket.connect();
    // The server sends the session's key to the sheet that joined with live_tone.
    socket.serverEmit('session_tone', {
      session_id: lecture.session.session_id,
      key_hex: TONE_KEY,
      config: DEFAULT_SCHEDULE_CONFIG,
      epoch_ms: 1_700_000_000_000,
    });
    await waitFor(() => expect(audio.tones).toEqual([TONE_KEY]));
  }
  return { socket, forms };
}

/** The session's marks in the teacher's review, as `/sessions/{id}/reviews` answers them. */
let reviewsOfSession: AttendanceReview[] = [];
/** Everyone expected at the live session, as `get_session_data` answers (the "Not marked" tab). */
let audienceOfSession: AttendanceRecord[] = [];
beforeEach(() => {
  reviewsOfSession = [];
  audienceOfSession = [];
  server.use(
    onCall(sessionReviewRoutes.listReviews, () => ok(reviewsOfSession)),
    onCall(sessionHistoryRoutes.getSessionData, () => ok({ marked_attendances: audienceOfSession })),
  );
});

function emitted(socket: FakeSocket, event: string) {
  return socket.emitted.filter((entry) => entry.event === event).map((entry) => entry.payload);
}

describe('TeacherLecturesPage: the day', () => {
  it('shows the Monday-to-Sunday strip with today pressed and the lecture cards of each status', async () => {
    serveDays({
      [TODAY]: () => [
        buildLecture({ slug: 'l-pre', active: 'pre' }),
        buildLecture({
          slug: 'l-live',
          active: 'ongoing',
          subject: 'Cloud Computing',
          start: '10:00',
          type: 'lab',
        }),
        buildLecture({ slug: 'l-post', active: 'post', subject: 'Data Mining', start: '11:00' }),
      ],
    });
    renderPage();
    const strip = screen.getByRole('navigation', { name: 'Days of this week' });
    const days = within(strip).getAllByRole('button');
    expect(days).toHaveLength(7);
    const week = currentWeek(new Date());
    expect(days[0]).toHaveAccessibleName(new RegExp(`^Mon ${week[0]!.dayOfMonth} ${week[0]!.shortMonth}`));
    expect(days[6]).toHaveAccessibleName(new RegExp(`^Sun ${week[6]!.dayOfMonth}`));
    await screen.findByRole('heading', { name: 'Computer Engineering' });
    expect(within(strip).getByRole('button', { name: /\(today\)/ })).toHaveAttribute('aria-pressed', 'true');

    expect(
      screen.getByText('Days and lecture times are in the institution’s time zone.'),
    ).toBeInTheDocument();

    const pre = await card(/Compiler Design/);
    expect(pre.getByText('Inactive')).toBeInTheDocument();
    expect(pre.getByText('A')).toBeInTheDocument();
    expect(pre.getByRole('button', { name: 'Start Session' })).toBeEnabled();
    const live = await card(/Cloud Computing/);
    expect(live.getByText('Active')).toBeInTheDocument();
    expect(live.getByText('A1, A2')).toBeInTheDocument();
    expect(live.getByRole('button', { name: 'Join Session' })).toBeEnabled();
    const post = await card(/Data Mining/);
    expect(post.getByText('Ended')).toBeInTheDocument();
    expect(post.getByRole('button', { name: 'Export Attendance' })).toBeEnabled();
    expect(post.getByRole('combobox', { name: 'Classroom of Data Mining' })).toBeDisabled();
    expect(pre.getByRole('combobox', { name: 'Classroom of Compiler Design' })).toHaveTextContent('LH101');
  });

  it('loads a clicked day by its weekday name and says when it has no lectures', async () => {
    const other = TODAY === 'monday' ? 'tuesday' : 'monday';
    const asked = serveDays({ [TODAY]: () => [buildLecture()] });
    const { user } = renderPage();
    await card(/Compiler Design/);
    await user.click(
      screen.getByRole('button', {
        name: new RegExp(`^${other.slice(0, 1).toUpperCase()}${other.slice(1, 3)} `),
      }),
    );
    expect(await screen.findByText('No lectures scheduled for today.')).toBeInTheDocument();
    expect(asked).toEqual(['current', other]);
    expect(screen.getByRole('button', { pressed: true })).toHaveAccessibleName(
      new RegExp(`^${other.slice(0, 1).toUpperCase()}`),
    );
  });

  it('shows the server message when the timetable fails', async () => {
    server.use(
      onCall(timetableRoutes.getTimetableForTeacher, () => errorReply(500, 'Timetable unavailable')),
      onCall(timetableRoutes.getClassroomsForTeacher, () => ok(ROOMS)),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Timetable unavailable');
  });
});

describe('TeacherLecturesPage: classroom', () => {
  it('warns about an occupied room, offers the merge, and saves the change', async () => {
    serveDays({ [TODAY]: () => [buildLecture()] });
    const bodies: unknown[] = [];
    const checks: string[] = [];
    server.use(
      onCall(sessionRoutes.getClassroomAllocations, ({ request }) => {
        checks.push(new URL(request.url).search);
        return ok({ associated_lecture: { teacher: 'Hetal A. Joshi' } });
      }),
      onCall(sessionRoutes.setClassroomDynamic, async ({ request }) => {
        bodies.push(await request.json());
        return ok(buildDay([buildLecture()]));
      }),
    );
    const { user } = renderPage();
    await user.click(
      (await card(/Compiler Design/)).getByRole('combobox', { name: 'Classroom of Compiler Design' }),
    );
    const listbox = await screen.findByRole('listbox');
    expect(listbox.querySelector('.max-h-\\[250px\\]')).not.toBeNull();
    // The room list arrives separately from the day; wait for it rather than race it.
    await user.click(await within(listbox).findByRole('option', { name: 'LAB2' }));

    // Found once it takes clicks: a busy machine can land a click before Radix turns them on.
    const dialog = await findOpenDialog('Edit classroom');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Hetal A. Joshi already has a lecture in selected class',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'Do you want to merge this lecture ?' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your classroom has been changed successfully')).toBeInTheDocument();
    expect(checks).toEqual(['?lecture_slug=lecture-1&classroom_slug=room-lab2']);
    expect(bodies).toEqual([{ lecture_slug: 'lecture-1', classroom_slug: 'room-lab2', merge: true }]);
  });
});

describe('TeacherLecturesPage: live session', () => {
  it('asks for the microphone first and sends nothing when it is refused', async () => {
    serveDays({ [TODAY]: () => [buildLecture()] });
    let created = 0;
    server.use(
      onCall(sessionRoutes.createLectureSession, () => {
        created += 1;
        return errorReply(500, 'unexpected');
      }),
    );
    audio.microphoneError = new Error('Permission denied');
    const sockets = openedSockets.length;
    const { user } = renderPage();
    await user.click((await card(/Compiler Design/)).getByRole('button', { name: 'Start Session' }));
    expect(
      await screen.findByText('Microphone access is needed to start the session: Permission denied'),
    ).toBeInTheDocument();
    expect(created).toBe(0);
    expect(openedSockets.length).toBe(sockets);
  });

  it('skips a speaker clock outside the contract (a stalled audio clock) rather than lose its socket, and tries again shortly', async () => {
    audio.clock = { offsetMs: 7300, toleranceMs: 40 };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderPage();
    const { socket } = await startLive(user);
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^tone_clock skipped: offset 7300 ms/)),
    );
    expect(emitted(socket, 'tone_clock')).toEqual([]);
    // The player re-anchors: the report tried again shortly is sent.
    audio.clock = { offsetMs: -20, toleranceMs: 35 };
    await waitFor(() =>
      expect(emitted(socket, 'tone_clock')).toEqual([
        expect.objectContaining({ offset_ms: -20, tolerance_ms: 35 }),
      ]),
    );
  });

  it('starts: creates the session, loops the tone, announces itself and streams after the state arrives', async () => {
    const { user } = renderPage();
    const { socket, forms } = await startLive(user);
    expect(forms).toEqual([{ lecture_slug: 'lecture-1', classroom_slug: 'room-lh101' }]);
    const announce = emitted(socket, 'socket_connection')[0] as Record<string, unknown>;
    // It asks for refused marking attempts too (the original client does not, and is not sent them),
    // and for the session's key: it plays the tone live and reports its speaker's clock.
    expect(announce).toMatchObject({
      client: 'FE',
      session_id: 'session-lecture-1',
      refused_attempts: true,
      live_tone: true,
    });
    await waitFor(() =>
      expect(emitted(socket, 'tone_clock')).toEqual([
        expect.objectContaining({ session_id: 'session-lecture-1', offset_ms: 12, tolerance_ms: 40 }),
      ]),
    );
    expect(String(announce.auth_token)).toMatch(/^ey/);
    expect(audio.sink).toBeNull();

    const row = buildRecord({
      name: 'Asha Patel',
      similarity: 87.9,
      euclidean_distance: 0.12345,
      ncc: 0.4567,
      magnitude: 1.005,
    });
    socket.serverEmit(
      'ongoing_session_data',
      socketMessage('ongoing_session_data', {
        session_id: 'session-lecture-1',
        status: true,
        data: buildOngoing({ student_count: 60, marked_attendances: [row] }),
      }),
    );
    const sheet = await screen.findByRole('dialog', { name: 'Attendance Details' });
    expect(within(sheet).getByText(/Students:/)).toHaveTextContent('Students: 60 · Marked: 1 · Present: 1');
    const cells = within(within(sheet).getByRole('row', { name: /Asha Patel/ })).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['', '87 %', '0.123', '0.46', '1.00']);

    // The chunk sink turns each captured second into incoming_audio_chunks.
    await waitFor(() => expect(audio.sink).not.toBeNull());
    const chunk = new ArrayBuffer(96_000);
    audio.sink!(chunk, 1_700_000_000_000);
    expect(emitted(socket, 'incoming_audio_chunks')).toEqual([
      {
        client: 'FE',
        session_id: 'session-lecture-1',
        auth_token: announce.auth_token,
        blob: chunk,
        timestamp: 1_700_000_000_000,
      },
    ]);
    audio.noAudio!();
    expect(await screen.findByText(/No audio from your microphone for 2 seconds/)).toBeInTheDocument();

    // A reconnect announces again but does not start a second stream.
    const firstSink = audio.sink;
    socket.connect();
    socket.serverEmit(
      'ongoing_session_data',
      socketMessage('ongoing_session_data', {
        session_id: 's',
        status: true,
        data: buildOngoing({ marked_attendances: [row] }),
      }),
    );
    expect(emitted(socket, 'socket_connection')).toHaveLength(2);
    expect(audio.sink).toBe(firstSink);
  });

  it('prepends marked students and toggles P/A through update_attendance', async () => {
    const { user } = renderPage();
    const { socket } = await startLive(user);
    socket.serverEmit(
      'ongoing_session_data',
      socketMessage('ongoing_session_data', { session_id: 's', status: true, data: buildOngoing() }),
    );
    const sheet = await screen.findByRole('dialog', { name: 'Attendance Details' });
    const first = buildRecord({ name: 'Asha Patel' });
    const second = buildRecord({ name: 'Bhavin Shah' });
    socket.serverEmit('mark_attendance', socketMessage('mark_attendance', { attendance_data: first }));
    socket.serverEmit('mark_attendance', socketMessage('mark_attendance', { attendance_data: second }));
    await waitFor(() => expect(within(sheet).getAllByRole('row')).toHaveLength(3));
    const rows = within(sheet).getAllByRole('row');
    expect(rows.slice(1).map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      `Bhavin Shah${second.student.enrollment}`,
      `Asha Patel${first.student.enrollment}`,
    ]);

    const box = within(sheet).getByRole('checkbox', { name: 'Present: Asha Patel' });
    expect(box).toBeChecked();
    await user.click(box);
    expect(emitted(socket, 'update_attendance')).toEqual([
      expect.objectContaining({
        client: 'FE',
        attendance_slug: first.slug,
        session_id: 'session-lecture-1',
        action: false,
      }),
    ]);
    expect(box).toBeChecked(); // nothing changes until the server answers
    socket.serverEmit(
      'update_attendance',
      updateAttendanceMessage('s', first.slug, 'Attendance updated successfully'),
    );
    await waitFor(() => expect(box).not.toBeChecked());
    expect(await screen.findByText('Attendance updated successfully')).toBeInTheDocument();
    socket.serverEmit(
      'update_attendance',
      updateAttendanceMessage('s', second.slug, 'Attendance not found', 404),
    );
    expect(await screen.findByText('Attendance not found')).toBeInTheDocument();
    expect(within(sheet).getByRole('checkbox', { name: 'Present: Bhavin Shah' })).toBeChecked();
  });

  it('lists the audience students who never marked, finds one by a folded name, and marks them present', async () => {
    const { user } = renderPage();
    const { socket } = await startLive(user);
    const asha = buildRecord({ name: 'Asha Patel' });
    const anil = buildRecord({ name: 'Anil D’Souza', is_present: false, similarity: null });
    const jose = buildRecord({ name: 'José Álvarez', is_present: false, similarity: null });
    audienceOfSession = [asha, anil, jose];
    socket.serverEmit(
      'ongoing_session_data',
      socketMessage('ongoing_session_data', {
        session_id: 's',
        status: true,
        data: buildOngoing({ student_count: 3, marked_attendances: [asha] }),
      }),
    );
    const sheet = await screen.findByRole('dialog', { name: 'Attendance Details' });
    await user.click(await within(sheet).findByRole('tab', { name: 'Not marked (2)' }));
    const panel = within(sheet).getByRole('tabpanel', { name: 'Not marked (2)' });
    expect(
      within(panel)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([`Anil D’Souza${anil.student.enrollment}`, `José Álvarez${jose.student.enrollment}`]);
    // Accents and apostrophes aside, as the people search.
    await user.type(within(panel).getByRole('searchbox', { name: 'Find a student' }), 'dsouza');
    expect(
      within(panel)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([`Anil D’Souza${anil.student.enrollment}`]);
    await user.click(within(panel).getByRole('checkbox', { name: 'Mark present: Anil D’Souza' }));
    // The contract's toggle, unchanged: the row's slug and the new value.
    expect(emitted(socket, 'update_attendance')).toEqual([
      expect.objectContaining({
        client: 'FE',
        attendance_slug: anil.slug,
        session_id: 'session-lecture-1',
        action: true,
      }),
    ]);
    socket.serverEmit(
      'update_attendance',
      updateAttendanceMessage('s', anil.slug, 'Attendance updated successfully'),
    );
    expect(await within(sheet).findByRole('tab', { name: 'Not marked (1)' })).toBeInTheDocument();
    await user.click(within(sheet).getByRole('tab', { name: 'Default' }));
    expect(await within(sheet).findByRole('checkbox', { name: 'Present: Anil D’Souza' })).toBeChecked();
    expect(within(sheet).getByRole('checkbox', { name: 'Present: Asha Patel' })).toBeChecked();
  });

  it('lists manual requests with a ping dot, approves one or all, and rejects locally after confirming', async () => {
    const { user } = renderPage();
    const { socket } = await startLive(user);
    socket.serverEmit(
      'ongoing_session_data',
      socketMessage('ongoing_session_data', { session_id: 's', status: true, data: buildOngoing() }),
    );
    const sheet = await screen.findByRole('dialog', { name: 'Attendance Details' });
    const manualTab = within(sheet).getByRole('tab', { name: 'Manual' });
    expect(within(manualTab).queryByRole('status')).toBeNull();
    const a = buildRecord({
      name: 'Chetan Rao',
      is_present: false,
      regulization_comment: 'My phone has no microphone',
    });
    const b = buildRecord({ name: 'Diya Mehta', is_present: false, regulization_comment: 'Battery died' });
    const c = buildRecord({ name: 'Esha Nair', is_present: false, regulization_comment: 'GPS off' });
    for (const record of [a, b, c]) {
      socket.serverEmit(
        'regulization_request',
        socketMessage('regulization_request', {
          session_id: 's',
          status: true,
          data: { attendance_data: record },
        }),
      );
    }
    await waitFor(() =>
      expect(within(manualTab).getByRole('status', { name: 'requests waiting' })).toBeInTheDocument(),
    );
    await user.click(manualTab);
    expect(within(sheet).getByText('My phone has no microphone')).toBeInTheDocument();

    await user.click(within(sheet).getByRole('checkbox', { name: 'Approve: Chetan Rao' }));
    expect(emitted(socket, 'regulization_request').at(-1)).toMatchObject({
      client: 'FE',
      session_id: 'session-lecture-1',
      data: [a.slug],
    });

    await user.click(within(sheet).getByRole('button', { name: 'Reject: Diya Mehta' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reject request' });
    expect(confirm).toHaveTextContent('Are you sure you want to reject the attendance request?');
    await user.click(within(confirm).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(within(sheet).queryByText('Battery died')).toBeNull());

    await user.click(within(sheet).getByRole('button', { name: 'Mark All Students' }));
    expect(emitted(socket, 'regulization_request').at(-1)).toMatchObject({ data: [c.slug, a.slug] });
    socket.serverEmit(
      'regulization_approved',
      socketMessage('regulization_approved', {
        session_id: 's',
        status: true,
        data: [
          { ...a, is_present: true },
          { ...c, is_present: true },
        ],
      }),
    );
    expect(await screen.findByText('Attendance Marked Successfully')).toBeInTheDocument();
    expect(await within(sheet).findByText('No Students Present')).toBeInTheDocument();
    await user.click(within(sheet).getByRole('tab', { name: 'Default' }));
    expect(within(sheet).getByRole('checkbox', { name: 'Present: Esha Nair' })).toBeChecked();
  });

  it('ends after the confirmation, keeps the final list and stops audio; the card then offers the export', async () => {
    const { user } = renderPage();
    const { socket } = await startLive(user);
    socket.serverEmit(
      'ongoing_session_data',
      socketMessage('ongoing_session_data', { session_id: 's', status: true, data: buildOngoing() }),
    );
    const sheet = await screen.findByRole('dialog', { name: 'Attendance Details' });
    await user.click(within(sheet).getByRole('button', { name: 'End Session' }));
    const confirm = await screen.findByRole('dialog', { name: 'End Session' });
    expect(confirm).toHaveTextContent('Are you sure you want to end this session.. ?');
    await user.click(within(confirm).getByRole('button', { name: 'End Session' }));
    expect(emitted(socket, 'session_ended')).toEqual([
      expect.objectContaining({ client: 'FE', session_id: 'session-lecture-1' }),
    ]);

    const final = buildRecord({ name: 'Farah Khan' });
    socket.serverEmit(
      'session_ended',
      socketMessage('session_ended', {
        session_id: 's',
        status: true,
        data: { session_id: 's', active: 'post', marked_attendances: [final] },
      }),
    );
    expect(await within(sheet).findByText('Session ended')).toBeInTheDocument();
    expect(within(sheet).getByRole('checkbox', { name: 'Present: Farah Khan' })).toBeDisabled();
    expect(audio.toneStops).toBe(1);
    expect(audio.streamStops).toBe(1);
    expect(socket.disconnected).toBe(true);
    socket.drop(); // the server closes the room afterwards: no error is shown for that
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(/live connection was lost/)).toBeNull();
  });

  it('shows it is reconnecting after a drop, then rebuilds the sheet from the server and streams again', async () => {
    const { user } = renderPage();
    const { socket } = await startLive(user);
    const before = buildRecord({ name: 'Asha Patel' });
    socket.serverEmit(
      'ongoing_session_data',
      socketMessage('ongoing_session_data', {
        session_id: 's',
        status: true,
        data: buildOngoing({ marked_attendances: [before] }),
      }),
    );
    const sheet = await screen.findByRole('dialog', { name: 'Attendance Details' });
    expect(emitted(socket, 'socket_connection').at(-1)).toMatchObject({ isReConnect: false });

    socket.drop();
    expect(
      await within(sheet).findByText(
        'Reconnecting… The sheet will refresh from the server when the connection is back.',
      ),
    ).toBeInTheDocument();
    expect(
      within(sheet)
        .getByText(/Reconnecting…/)
        .closest('[role="status"]'),
    ).not.toBeNull();
    // Seconds recorded while offline are dropped, not queued for a late arrival.
    const chunksBefore = emitted(socket, 'incoming_audio_chunks').length;
    audio.sink?.(new ArrayBuffer(8), Date.now());
    expect(emitted(socket, 'incoming_audio_chunks')).toHaveLength(chunksBefore);
    // An action now is not queued unseen: the teacher is told to wait.
    await user.click(within(sheet).getByRole('checkbox', { name: 'Present: Asha Patel' }));
    expect(
      await screen.findByText('Reconnecting… Try again when the connection is back.'),
    ).toBeInTheDocument();
    expect(emitted(socket, 'update_attendance')).toEqual([]);

    // Back: the sheet announces a reconnect and takes the server's state, with the mark made meanwhile once.
    socket.connect();
    expect(emitted(socket, 'socket_connection').at(-1)).toMatchObject({
      client: 'FE',
      session_id: 'session-lecture-1',
      isReConnect: true,
    });
    const missed = buildRecord({ name: 'Bhavya Shah' });
    socket.serverEmit(
      'ongoing_session_data',
      socketMessage('ongoing_session_data', {
        session_id: 's',
        status: true,
        data: buildOngoing({ marked_attendances: [missed, before] }),
      }),
    );
    await waitFor(() => expect(within(sheet).queryByText(/will refresh from the server/)).toBeNull());
    expect(within(sheet).getAllByRole('checkbox', { name: /Present: / })).toHaveLength(2);
    expect(within(sheet).getAllByRole('checkbox', { name: 'Present: Asha Patel' })).toHaveLength(1);
    audio.sink?.(new ArrayBuffer(8), Date.now());
    expect(emitted(socket, 'incoming_audio_chunks')).toHaveLength(chunksBefore + 1);
    expect(audio.streamStops).toBe(0);
    expect(socket.disconnected).toBe(false);
  });

  it('ends the sheet on a 409 client_error (the session was taken over or ended)', async () => {
    const { user } = renderPage();
    const { socket } = await startLive(user);
    socket.serverEmit(
      'ongoing_session_data',
      socketMessage('ongoing_session_data', { session_id: 's', status: true, data: buildOngoing() }),
    );
    await screen.findByRole('dialog', { name: 'Attendance Details' });
    socket.serverEmit('client_error', clientErrorMessage(409, 'This session has ended'));
    expect(await screen.findByText('409 - This session has ended')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Attendance Details' })).toBeNull());
    expect(socket.disconnected).toBe(true);
  });

  it('closes on client_error with "{status_code} - {data}" and when the server closes the socket', async () => {
    const { user } = renderPage();
    const { socket } = await startLive(user);
    socket.serverEmit('client_error', clientErrorMessage(401, 'Invalid or expired token'));
    expect(await screen.findByText('401 - Invalid or expired token')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Attendance Details' })).toBeNull());
    expect(socket.disconnected).toBe(true);
    expect(audio.toneStops).toBe(1);

    // Join again, then the server closes the socket (not retried).
    await user.click((await card(/Compiler Design/)).getByRole('button', { name: /Session/ }));
    await waitFor(() => expect(openedSockets.at(-1)).not.toBe(socket));
    const second = openedSockets.at(-1)!;
    second.connect();
    second.serverEmit(
      'ongoing_session_data',
      socketMessage('ongoing_session_data', { session_id: 's', status: true, data: buildOngoing() }),
    );
    await screen.findByRole('dialog', { name: 'Attendance Details' });
    second.serverClose();
    expect(
      await screen.findByText('The live connection was lost. Use Join Session to continue.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Attendance Details' })).toBeNull());
  });
});

describe('TeacherLecturesPage: marks in review', () => {
  it('lists them with their reasons and a ping dot, plays the recording, and accepts one', async () => {
    const record = buildRecord({ name: 'Farah Khan', is_present: false });
    reviewsOfSession = [
      {
        attendance: record,
        reasons: ['no_teacher_audio', 'teacher_audio_gap'],
        reason_texts: ["the teacher's microphone audio has a gap over the recording's time"],
        has_recording: true,
        status: 'pending',
      },
    ];
    const decisions: unknown[] = [];
    server.use(
      onCall(sessionReviewRoutes.getReviewRecording, () => new Uint8Array([82, 73, 70, 70])),
      onCall(sessionReviewRoutes.resolveReview, async ({ request }) => {
        decisions.push(await request.json());
        reviewsOfSession = [{ ...reviewsOfSession[0]!, status: 'accepted' }];
        return ok(reviewsOfSession[0]!);
      }),
    );
    // jsdom has no object URLs: this file's window gets stand-ins.
    const objectUrl = vi.fn(() => 'blob:recording');
    URL.createObjectURL = objectUrl;
    URL.revokeObjectURL = vi.fn();
    const { user } = renderPage();
    const { socket } = await startLive(user);
    socket.serverEmit(
      'ongoing_session_data',
      socketMessage('ongoing_session_data', { session_id: 's', status: true, data: buildOngoing() }),
    );
    const sheet = await screen.findByRole('dialog', { name: 'Attendance Details' });
    const reviewTab = within(sheet).getByRole('tab', { name: /Review/ });
    await waitFor(() =>
      expect(within(reviewTab).getByRole('status', { name: 'marks waiting for review' })).toBeInTheDocument(),
    );
    await user.click(reviewTab);
    expect(
      within(sheet).getByText("the teacher's microphone audio has a gap over the recording's time"),
    ).toBeInTheDocument();

    await user.click(within(sheet).getByRole('button', { name: 'Listen: Farah Khan' }));
    expect(await within(sheet).findByLabelText('Recording of Farah Khan')).toHaveAttribute(
      'src',
      'blob:recording',
    );
    expect(objectUrl).toHaveBeenCalledTimes(1);

    await user.click(within(sheet).getByRole('button', { name: 'Accept (present): Farah Khan' }));
    expect(await screen.findAllByText('Marked present')).not.toHaveLength(0);
    expect(decisions).toEqual([{ decision: 'accept' }]);
    await waitFor(() => expect(within(reviewTab).queryByRole('status')).toBeNull());
  });
});

describe('TeacherLecturesPage: a socket that never connects', () => {
  /** The sheet is gone, the teacher was told, and the microphone, tone and socket are released. */
  async function expectReleased(socket: FakeSocket) {
    expect(
      await screen.findByText('The live connection was lost. Use Join Session to continue.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Attendance Details' })).toBeNull());
    // The key never came: no tone was playing.
    expect(audio.toneStops).toBe(0);
    expect(liveAudio.releaseMicrophone).toHaveBeenCalledTimes(1);
    expect(socket.disconnected).toBe(true);
    expect(emitted(socket, 'socket_connection')).toEqual([]);
  }

  it('closes and stops the microphone and tone on connect_error', async () => {
    const { user } = renderPage();
    const { socket } = await startLive(user, buildLecture(), { connect: false });
    expect(await screen.findByRole('dialog', { name: 'Attendance Details' })).toHaveTextContent(
      'Connecting…',
    );
    socket.serverEmit('connect_error', new Error('websocket error'));
    await expectReleased(socket);
  });

  it('closes when no connect arrives within a few seconds', async () => {
    // Fake timers from before the click, so the connect limit set when the socket opens is fake;
    // they advance with real time too, so the page's own waits still work.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user } = renderPage();
      const { socket } = await startLive(user, buildLecture(), { connect: false });
      await screen.findByRole('dialog', { name: 'Attendance Details' });
      vi.advanceTimersByTime(3000);
      expect(screen.getByRole('dialog', { name: 'Attendance Details' })).toHaveTextContent('Connecting…');
      vi.advanceTimersByTime(3000);
      await expectReleased(socket);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('TeacherLecturesPage: the institution’s day', () => {
  it('marks the day the server names as today, not the device’s, and highlights nothing before', async () => {
    // The institution is a day ahead of the device (e.g. its midnight has passed already).
    const device = new Date();
    const tomorrow = weekdayOf(new Date(device.getFullYear(), device.getMonth(), device.getDate() + 1));
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      onCall(timetableRoutes.getTimetableForTeacher, async ({ params }) => {
        if (params.day === 'current') await answered;
        const resolved = (params.day === 'current' ? tomorrow : params.day) as WeekDay;
        return { ...ok(buildDay([])), day: resolved };
      }),
      onCall(timetableRoutes.getClassroomsForTeacher, () => ok(ROOMS)),
    );
    renderPage();
    const strip = screen.getByRole('navigation', { name: 'Days of this week' });
    // Before the server has answered, no day is pressed and none is called today.
    expect(within(strip).queryByRole('button', { pressed: true })).not.toBeInTheDocument();
    expect(within(strip).queryByRole('button', { name: /\(today\)/ })).not.toBeInTheDocument();
    answer();

    const today = await within(strip).findByRole('button', { name: /\(today\)/ });
    expect(today).toHaveAttribute('aria-pressed', 'true');
    const week = currentWeek(institutionDate(device, tomorrow));
    const expected = week.find((d) => d.weekday === tomorrow)!;
    expect(today).toHaveAccessibleName(
      new RegExp(`^${expected.shortDay} ${expected.dayOfMonth} ${expected.shortMonth}`),
    );
    expect(within(strip).getAllByRole('button', { pressed: true })).toHaveLength(1);
  });
});

/** Records the file name of every download link clicked; `click.mockRestore()` ends it. */
function captureDownloadNames() {
  const names: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return { names, click };
}

describe('TeacherLecturesPage: export', () => {
  it('downloads the raw CSV as session_data.csv when the server names no file', async () => {
    serveDays({ [TODAY]: () => [buildLecture({ active: 'post' })] });
    server.use(
      onCall(sessionRoutes.getSessionDataForExport, ({ params }) => {
        expect(params.session_id).toBe('session-lecture-1');
        return 'enrollment,name\n2101,Asha\n';
      }),
    );
    const blobs: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:export';
    });
    const { names, click } = captureDownloadNames();
    const { user } = renderPage();
    await user.click((await card(/Compiler Design/)).getByRole('button', { name: 'Export Attendance' }));
    await waitFor(() => expect(names).toEqual(['session_data.csv']));
    expect(await blobs[0]!.text()).toBe('enrollment,name\n2101,Asha\n');
    create.mockRestore();
    click.mockRestore();
  });

  it('saves the export under the name the server gives: the lecture and its date', async () => {
    serveDays({ [TODAY]: () => [buildLecture({ active: 'post' })] });
    server.use(
      onCall(sessionRoutes.getSessionDataForExport, () =>
        HttpResponse.text('enrollment,name\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="session_data_CD_A_2026-11-25.csv"',
          },
        }),
      ),
    );
    const { names, click } = captureDownloadNames();
    const { user } = renderPage();
    await user.click((await card(/Compiler Design/)).getByRole('button', { name: 'Export Attendance' }));
    await waitFor(() => expect(names).toEqual(['session_data_CD_A_2026-11-25.csv']));
    click.mockRestore();
  });

  it('shows the server’s message when the export is refused', async () => {
    serveDays({ [TODAY]: () => [buildLecture({ active: 'post' })] });
    server.use(
      onCall(sessionRoutes.getSessionDataForExport, () =>
        errorReply(403, 'Only the lecture’s teacher can export its attendance'),
      ),
    );
    const { user } = renderPage();
    await user.click((await card(/Compiler Design/)).getByRole('button', { name: 'Export Attendance' }));
    expect(
      await screen.findByText('Only the lecture’s teacher can export its attendance'),
    ).toBeInTheDocument();
  });

  it("opens an ended session's Attendance History: the final marks in a side panel", async () => {
    const lecture = buildLecture({ active: 'post' });
    serveDays({ [TODAY]: () => [lecture] });
    let asked = '';
    server.use(
      onCall(sessionRecordRoutes.getSessionSheet, ({ params }) => {
        asked = String(params.session_id);
        return ok({
          session: {
            id: lecture.session.session_id,
            session_id: lecture.session.session_id,
            subject_name: 'Compiler Design',
            branch: 'Computer Engineering',
            semester: 5,
            division: 'A',
            day: '2026-11-02',
            weekday: 'Monday',
            subject_code: '3170701',
            teacher_name: 'Chirag Shah',
            type: 'theory',
            kind: 'timetable',
            start_time: '09:00',
            end_time: '10:00',
            active: 'post',
            student_count: 1,
            present_count: 1,
            excused_count: 0,
            corrected_count: 0,
          },
          correction: { allowed: true, until: '2026-11-09', message: null },
          rows: [
            {
              student: { slug: 'asha', enrollment: '2101', name: 'Asha' },
              status: 'present',
              excuse: null,
              manual: false,
              marking_time: '2026-11-02T03:35:00.000Z',
              corrected_at: null,
              correction_count: 0,
            },
          ],
        });
      }),
    );
    const { user } = renderPage();
    await user.click((await card(/Compiler Design/)).getByRole('button', { name: 'Attendance History' }));
    const panel = await screen.findByRole('dialog', { name: 'Attendance History' });
    expect(await within(panel).findByText('Asha')).toBeInTheDocument();
    expect(within(panel).getByText('Present 1 of 1')).toBeInTheDocument();
    expect(asked).toBe(lecture.session.session_id);
  });
});
