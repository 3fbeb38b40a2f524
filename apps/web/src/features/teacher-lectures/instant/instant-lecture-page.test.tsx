import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  instantLectureRoutes,
  ok,
  sessionHistoryRoutes,
  socketMessage,
  timetableRoutes,
  type InstantLectureTeacher,
} from '@rollbook/contract';
import { openedSockets } from '../../../testing/fake-socket';
import { errorReply, onCall, server } from '../../../testing/msw';
import { renderWithProviders } from '../../../testing/render';
import { setupMswServer } from '../../../testing/setup-msw';
import { WAIT_MS } from '../../../testing/wait';
import { buildLecture, buildOngoing, ROOMS } from '../lecture-fixtures';
import { liveAudio } from '../live/live-audio';
import { InstantLecturePage } from './instant-lecture-page';

setupMswServer();

// jsdom has no microphone or Web Audio: the live session's browser audio is stubbed (Playwright
// covers the real ones in Chromium).
beforeEach(() => {
  vi.spyOn(liveAudio, 'openMicrophone').mockResolvedValue({ getTracks: () => [] } as unknown as MediaStream);
  vi.spyOn(liveAudio, 'releaseMicrophone').mockImplementation(() => undefined);
  vi.spyOn(liveAudio, 'playLiveTone').mockResolvedValue({
    clock: () => ({ offsetMs: 0, toleranceMs: 50 }),
    stop: () => undefined,
  });
  vi.spyOn(liveAudio, 'startMicStreaming').mockReturnValue({
    started: Promise.resolve(),
    stop: () => Promise.resolve(),
  });
  vi.spyOn(liveAudio, 'measureToneLink').mockResolvedValue(10);
});
afterEach(() => vi.restoreAllMocks());

function instant(overrides: Partial<InstantLectureTeacher> = {}): InstantLectureTeacher {
  return {
    slug: 'instant-1',
    subject: { slug: 'is', subject_map: { subject_name: 'Information Security' } },
    branch: 'Computer Engineering',
    semester: 7,
    divisions: ['A'],
    batches: ['A1'],
    teacher: { profile: { name: 'Chirag S. Thakkar' } },
    session: { session_id: 'instant-session', active: 'pre' },
    day: '2026-11-16',
    start_time: '09:00',
    end_time: '10:00',
    classroom: ROOMS[0]!,
    ...overrides,
  };
}

/**
 * The pickers of one branch, semester 7 with divisions A and B, batches A1 and A2 of A; the batches
 * are answered once `batchesAnswered` settles.
 */
function servePickers(batchesAnswered: Promise<void> = Promise.resolve()) {
  server.use(
    onCall(timetableRoutes.getClassroomsForTeacher, () => ok(ROOMS)),
    onCall(instantLectureRoutes.getInstantLectureMetadata, async ({ request }) => {
      const query = new URL(request.url).searchParams;
      if (query.has('branch')) return ok([{ slug: 'sem-7', no: 7 }]);
      if (query.has('semester')) {
        return ok({
          divisions: [
            { slug: 'div-a', division_name: 'A' },
            { slug: 'div-b', division_name: 'B' },
          ],
          subjects: [{ slug: 'is', subject_map: { subject_name: 'Information Security' } }],
        });
      }
      if (query.has('division')) {
        await batchesAnswered;
        return ok([
          { slug: 'b-a1', batch_name: 'A1' },
          { slug: 'b-a2', batch_name: 'A2' },
        ]);
      }
      return ok([{ slug: 'ce', branch_name: 'Computer Engineering' }]);
    }),
  );
}

/** The teacher's list, as the server holds it; created lectures are added to it. */
function serveList(initial: InstantLectureTeacher[]) {
  const lectures = [...initial];
  const created: unknown[] = [];
  server.use(
    onCall(instantLectureRoutes.getInstantLecturesForTeacher, () => ok(lectures)),
    onCall(instantLectureRoutes.createInstantLecture, async ({ request }) => {
      created.push(await request.json());
      const lecture = instant({ slug: `instant-${lectures.length + 1}` });
      lectures.unshift(lecture);
      return ok(lecture);
    }),
  );
  return created;
}

function renderPage() {
  return renderWithProviders(<InstantLecturePage title="Instant Lectures" />, { role: 'teacher' });
}

/** Branch Computer Engineering, semester 7, division A ticked. */
async function chooseDivisionA(user: ReturnType<typeof renderPage>['user']) {
  await user.selectOptions(
    screen.getByLabelText('Branch'),
    await screen.findByRole('option', { name: 'Computer Engineering' }),
  );
  await waitFor(() => expect(screen.getByLabelText('Semester')).toBeEnabled());
  await user.selectOptions(
    await screen.findByLabelText('Semester'),
    await screen.findByRole('option', { name: 'Semester 7' }),
  );
  await user.click(await screen.findByRole('checkbox', { name: 'A' }));
}

describe('InstantLecturePage', () => {
  it("says while a division's batches load, where they will appear", async () => {
    let release = () => undefined as void;
    servePickers(new Promise<void>((resolve) => (release = resolve)));
    serveList([]);
    const { user } = renderPage();
    await chooseDivisionA(user);
    expect(await screen.findByText('Loading the batches of division A…')).toHaveAttribute('role', 'status');
    release();
    const batches = await screen.findByRole('group', { name: /Batches of division A/ });
    expect(
      within(batches)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label') ?? box.parentElement?.textContent),
    ).toEqual(['A1', 'A2']);
    expect(screen.queryByText('Loading the batches of division A…')).not.toBeInTheDocument();
  });

  it('creates a lecture for a batch with a subject once the choice is complete, and lists it', async () => {
    servePickers();
    const created = serveList([]);
    const { user } = renderPage();
    expect(await screen.findByText('You have not created any instant lectures yet.')).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create instant lecture' });
    expect(create).toBeDisabled();

    await chooseDivisionA(user);
    const batches = await screen.findByRole('group', { name: /Batches of division A/ });
    await user.click(within(batches).getByRole('checkbox', { name: 'A1' }));
    await user.selectOptions(screen.getByLabelText('Subject'), 'is');
    await user.selectOptions(screen.getByLabelText('Classroom'), 'room-lh101');
    expect(create).toBeEnabled();
    await user.click(create);

    await waitFor(() =>
      expect(created).toEqual([
        {
          semester: 'sem-7',
          divisions: ['div-a'],
          batches: ['b-a1'],
          subject: 'is',
          classroom: 'room-lh101',
        },
      ]),
    );
    const card = within(await screen.findByRole('article', { name: /Information Security/ }));
    expect(card.getByText('Division A · A1')).toBeInTheDocument();
    expect(card.getByText('Inactive')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Start Session' })).toBeEnabled();
  });

  it('sends a free title for whole divisions, with no classroom (the campus point)', async () => {
    servePickers();
    const created = serveList([]);
    const { user } = renderPage();
    await chooseDivisionA(user);
    await user.click(screen.getByRole('checkbox', { name: 'B' }));
    await user.click(screen.getByRole('radio', { name: 'A free title' }));
    const create = screen.getByRole('button', { name: 'Create instant lecture' });
    expect(create).toBeDisabled();
    await user.type(screen.getByLabelText('Title'), '  Placement talk ');
    await user.click(create);
    await waitFor(() =>
      expect(created).toEqual([
        { semester: 'sem-7', divisions: ['div-a', 'div-b'], title: 'Placement talk' },
      ]),
    );
  });

  it("starts an instant lecture's session with its slug and opens the live sheet on the socket's data", async () => {
    servePickers();
    serveList([instant()]);
    const forms: Array<Record<string, string>> = [];
    server.use(
      // The sheet's "Not marked" tab reads the session's audience.
      onCall(sessionHistoryRoutes.getSessionData, () => ok({ marked_attendances: [] })),
      onCall(instantLectureRoutes.createInstantLectureSession, async ({ request }) => {
        const form = await request.formData();
        forms.push(
          Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name])),
        );
        const lecture = buildLecture({ slug: 'instant-1', active: 'ongoing' });
        return ok({
          session_id: 'instant-session',
          active: 'ongoing',
          audio_url: 'tones/t.wav',
          lecture: { ...lecture, session: { ...lecture.session, session_id: 'instant-session' } },
        });
      }),
    );
    const { user } = renderPage();
    const card = within(await screen.findByRole('article', { name: /Information Security/ }));
    await user.click(card.getByRole('button', { name: 'Start Session' }));
    await waitFor(() => expect(openedSockets.length).toBeGreaterThan(0));
    expect(forms).toEqual([{ lecture_slug: 'instant-1' }]);
    const socket = openedSockets.at(-1)!;
    socket.connect();
    expect(socket.emitted.find((e) => e.event === 'socket_connection')?.payload).toMatchObject({
      session_id: 'instant-session',
    });
    socket.serverEmit(
      'ongoing_session_data',
      socketMessage('ongoing_session_data', {
        session_id: 'instant-session',
        status: true,
        data: buildOngoing({ session_id: 'instant-session', student_count: 1 }),
      }),
    );
    const sheet = await screen.findByRole('dialog', { name: 'Attendance Details' });
    // The sheet opens before its figures render: on a loaded run they come a moment later.
    expect(await within(sheet).findByText(/Students:/, {}, { timeout: WAIT_MS })).toHaveTextContent(
      'Students: 1',
    );
  });

  it("shows the list's error", async () => {
    servePickers();
    server.use(
      onCall(instantLectureRoutes.getInstantLecturesForTeacher, () =>
        errorReply(403, 'Only teachers can hold instant lectures'),
      ),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only teachers can hold instant lectures');
  });
});
