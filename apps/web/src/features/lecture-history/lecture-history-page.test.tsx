import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ok,
  ROUTES,
  sessionHistoryRoutes,
  sessionRecordRoutes,
  type CorrectMarkBody,
  type CorrectionEntry,
  type HistoryMetadata,
  type SessionHistoryItem,
  type SessionSheet,
  type SheetRow,
} from '@rollbook/contract';
import { errorReply, onCall, server } from '../../testing/msw';
import { renderApp } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';

setupMswServer();

const metadata: HistoryMetadata = {
  branches: [{ slug: 'ce', branch_name: 'Computer Engineering' }],
  semesters: [{ slug: 'sem5', no: 5, branch_name: 'Computer Engineering' }],
  divisions: [{ slug: 'div-a', division_name: 'A', full_name: 'Division - A | Sem - 5' }],
  subjects: [
    { slug: 'cn', subject_name: 'Computer Networks', subject_code: '3150710' },
    { slug: 'os', subject_name: 'Operating Systems', subject_code: '3150711' },
  ],
};

function item(sessionId: string, day: string, patch: Partial<SessionHistoryItem> = {}): SessionHistoryItem {
  return {
    id: sessionId,
    session_id: sessionId,
    subject_name: 'Computer Networks',
    branch: 'Computer Engineering',
    semester: 5,
    division: 'A',
    day,
    weekday: 'Monday',
    subject_code: '3150710',
    teacher_name: 'Chirag Shah',
    type: 'theory',
    kind: 'timetable',
    start_time: '09:00',
    end_time: '10:00',
    active: 'post',
    student_count: 2,
    present_count: 1,
    excused_count: 0,
    corrected_count: 0,
    ...patch,
  };
}

const absent: SheetRow = {
  student: { slug: 'riya', enrollment: '220001', name: 'Riya Patel' },
  status: 'absent',
  excuse: null,
  manual: false,
  marking_time: null,
  corrected_at: null,
  correction_count: 0,
};
const present: SheetRow = {
  student: { slug: 'aman', enrollment: '220002', name: 'Aman Shah' },
  status: 'present',
  excuse: null,
  manual: false,
  marking_time: '2026-11-02T03:35:00.000Z',
  corrected_at: null,
  correction_count: 0,
};

function sheet(rows: SheetRow[], correction: SessionSheet['correction']): SessionSheet {
  return { session: item('s1', '2026-11-02'), correction, rows };
}

const OPEN = { allowed: true, until: '2026-11-09', message: null };

/** Serves the history: records each list request's query and body. */
function serveHistory(pages: SessionHistoryItem[][] = [[item('s1', '2026-11-02')]]) {
  const requests: { page: string | null; body: Record<string, unknown> }[] = [];
  server.use(
    onCall(sessionHistoryRoutes.getHistoryMetadata, () => ok(metadata)),
    onCall(sessionHistoryRoutes.getSessionsOfTeacher, async ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page') ?? '1');
      requests.push({
        page: url.searchParams.get('page'),
        body: (await request.json()) as Record<string, unknown>,
      });
      const results = pages[page - 1] ?? [];
      const count = pages.reduce((n, p) => n + p.length, 0);
      return ok({ results, current_page: page, num_pages: pages.length, count });
    }),
  );
  return requests;
}

async function openHistory() {
  const view = renderApp(ROUTES.teacherLectureHistory, { role: 'teacher' });
  await screen.findByRole('heading', { name: 'Lecture History', level: 1 });
  return view;
}

describe('LectureHistoryPage', () => {
  it("lists the teacher's sessions with their counts, and is in the teacher's navigation", async () => {
    serveHistory([
      [item('s1', '2026-11-02', { corrected_count: 1, excused_count: 1 }), item('s0', '2026-10-26')],
    ]);
    await openHistory();
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Mon, 2 Nov 2026 · 09:00–10:00');
    expect(cards[0]).toHaveTextContent('Present 1 of 2');
    expect(within(cards[0]!).getByText('Excused 1')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Corrected 1')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1 · 2 sessions')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Lecture History' }).length).toBeGreaterThan(0);
  });

  it('marks the session of an instant lecture, with its title and every division it was for', async () => {
    serveHistory([
      [
        item('s3', '2026-11-03', {
          kind: 'instant',
          type: 'instant',
          subject_name: 'Revision hour',
          division: 'A, B',
        }),
        item('s1', '2026-11-02'),
      ],
    ]);
    await openHistory();
    const cards = within(await screen.findByRole('list', { name: 'Sessions' })).getAllByRole('listitem');
    expect(within(cards[0]!).getByRole('heading', { name: 'Revision hour' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Instant lecture')).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('Divisions A, B · Sem');
    expect(within(cards[1]!).queryByText('Instant lecture')).toBeNull();
    expect(cards[1]).toHaveTextContent('Division A · Sem');
  });

  it('sends the chosen filters in the body and starts again at page 1; pages go in the query', async () => {
    const requests = serveHistory([[item('s2', '2026-11-09')], [item('s1', '2026-11-02')]]);
    const { user } = await openHistory();
    await screen.findByText('Page 1 of 2 · 2 sessions');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 2 of 2 · 2 sessions');
    expect(requests.at(-1)?.page).toBe('2');

    await user.selectOptions(screen.getByLabelText('Subject'), 'os');
    await user.type(screen.getByLabelText('From'), '2026-10-01');
    await waitFor(() =>
      expect(requests.at(-1)).toEqual({ page: '1', body: { subjects: ['os'], start_date: '2026-10-01' } }),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(requests.at(-1)?.body).toEqual({}));
  });

  it('explains a reversed date range instead of sending it', async () => {
    const requests = serveHistory();
    const { user } = await openHistory();
    await screen.findByRole('list', { name: 'Sessions' });
    const sent = requests.length;
    await user.type(screen.getByLabelText('From'), '2026-11-10');
    await user.type(screen.getByLabelText(/^To/), '2026-11-01');
    expect(await screen.findByText('The start date must not be after the end date')).toBeInTheDocument();
    expect(requests.slice(sent).some((r) => r.body.end_date === '2026-11-01')).toBe(false);
  });

  it('says when nothing was held yet', async () => {
    serveHistory([[]]);
    await openHistory();
    expect(await screen.findByText('You have not held any session yet.')).toBeInTheDocument();
  });
});

describe('the attendance sheet of a session', () => {
  it('shows every mark, flags a corrected row and shows its changes on demand', async () => {
    serveHistory();
    const corrected: SheetRow = {
      ...absent,
      status: 'excused',
      excuse: 'medical',
      corrected_at: '2026-11-03T05:00:00.000Z',
      correction_count: 1,
    };
    const trail: CorrectionEntry[] = [
      {
        changed_at: '2026-11-03T10:30:00+05:30',
        changed_by: 'Chirag Shah',
        before: { status: 'absent', excuse: null },
        after: { status: 'excused', excuse: 'medical' },
        reason: 'Hospital certificate',
      },
    ];
    server.use(
      onCall(sessionRecordRoutes.getSessionSheet, () => ok(sheet([corrected, present], OPEN))),
      onCall(sessionRecordRoutes.getCorrectionTrail, () => ok(trail)),
    );
    const { user } = await openHistory();
    await user.click(await screen.findByRole('button', { name: /Open attendance of Computer Networks/ }));
    const panel = await screen.findByRole('dialog', { name: 'Attendance History' });
    expect(
      await within(panel).findByText('You can correct marks until Mon, 9 Nov 2026.'),
    ).toBeInTheDocument();
    const students = within(panel).getByRole('list', { name: 'Students of Computer Networks' });
    const [riya, aman] = within(students).getAllByRole('listitem');
    expect(riya).toHaveTextContent('Riya Patel');
    expect(within(riya!).getByText('Excused (Medical)')).toBeInTheDocument();
    expect(within(riya!).getByText('Corrected')).toBeInTheDocument();
    expect(within(aman!).getByText('Present')).toBeInTheDocument();
    expect(within(aman!).queryByText('Corrected')).toBeNull();

    const toggle = within(riya!).getByRole('button', { name: 'Show changes of Riya Patel' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(await within(riya!).findByText('“Hospital certificate”')).toBeInTheDocument();
    expect(riya).toHaveTextContent('Chirag Shah: Absent → Excused (Medical)');
    // The institution's wall clock, whatever the device's zone, and the offset it is in.
    expect(riya).toHaveTextContent('3 Nov 2026, 10:30 (UTC+05:30) · Chirag Shah');
  });

  it('corrects a mark with an excuse and a reason, checked before sending', async () => {
    serveHistory();
    const sent: CorrectMarkBody[] = [];
    let rows = [absent, present];
    server.use(
      onCall(sessionRecordRoutes.getSessionSheet, () => ok(sheet(rows, OPEN))),
      onCall(sessionRecordRoutes.correctMark, async ({ request }) => {
        const body = (await request.json()) as CorrectMarkBody;
        sent.push(body);
        const updated: SheetRow = {
          ...absent,
          status: 'excused',
          excuse: 'on_duty',
          corrected_at: '2026-11-03T05:00:00.000Z',
          correction_count: 1,
        };
        rows = [updated, present];
        return ok(updated);
      }),
    );
    const { user } = await openHistory();
    await user.click(await screen.findByRole('button', { name: /Open attendance of Computer Networks/ }));
    const panel = await screen.findByRole('dialog', { name: 'Attendance History' });
    await user.click(await within(panel).findByRole('button', { name: 'Correct Riya Patel' }));
    const dialog = await screen.findByRole('dialog', { name: "Correct Riya Patel's mark" });
    await user.click(within(dialog).getByRole('radio', { name: 'Excused' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(await within(dialog).findByText('Choose why the absence is excused')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      expect.stringContaining('A reason is required'),
    );
    expect(sent).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('Excuse'), 'on_duty');
    await user.type(within(dialog).getByLabelText('Reason'), 'At the state hackathon');
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: "Correct Riya Patel's mark" })).toBeNull(),
    );
    expect(sent).toEqual([
      { student_slug: 'riya', status: 'excused', excuse: 'on_duty', reason: 'At the state hackathon' },
    ]);
    expect(await within(panel).findByText('Excused (On duty)')).toBeInTheDocument();
    expect(within(panel).getByText('Corrected')).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog", async () => {
    serveHistory();
    server.use(
      onCall(sessionRecordRoutes.getSessionSheet, () => ok(sheet([absent], OPEN))),
      onCall(sessionRecordRoutes.correctMark, () =>
        errorReply(403, 'Corrections of this session closed on 9 Nov 2026', 'forbidden'),
      ),
    );
    const { user } = await openHistory();
    await user.click(await screen.findByRole('button', { name: /Open attendance of Computer Networks/ }));
    await user.click(await screen.findByRole('button', { name: 'Correct Riya Patel' }));
    const dialog = await screen.findByRole('dialog', { name: "Correct Riya Patel's mark" });
    await user.type(within(dialog).getByLabelText('Reason'), 'Was present');
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Corrections of this session closed on 9 Nov 2026',
    );
  });

  it('offers no correction once the window has closed, and says why', async () => {
    serveHistory();
    const closed = {
      allowed: false,
      until: '2026-11-09',
      message: 'Corrections of this session closed on 9 Nov 2026: ask your branch admin to correct it.',
    };
    server.use(onCall(sessionRecordRoutes.getSessionSheet, () => ok(sheet([absent, present], closed))));
    const { user } = await openHistory();
    await user.click(await screen.findByRole('button', { name: /Open attendance of Computer Networks/ }));
    const panel = await screen.findByRole('dialog', { name: 'Attendance History' });
    expect(await within(panel).findByRole('note')).toHaveTextContent(closed.message);
    expect(within(panel).queryByRole('button', { name: /^Correct / })).toBeNull();
  });
});

describe("an admin's Lecture History", () => {
  it("lists every teacher's sessions of the admin's branches and opens them to correct at any time", async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      onCall(sessionRecordRoutes.getBranchHistoryFilters, () => ok(metadata)),
      onCall(sessionRecordRoutes.searchBranchSessions, async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return ok({ results: [item('s1', '2026-11-02')], current_page: 1, num_pages: 1, count: 1 });
      }),
      onCall(sessionRecordRoutes.getSessionSheet, () =>
        ok(sheet([absent], { allowed: true, until: null, message: null })),
      ),
    );
    const { user } = renderApp(ROUTES.adminLectureHistory, { role: 'admin' });
    await screen.findByRole('heading', { name: 'Lecture History', level: 1 });
    const list = await screen.findByRole('list', { name: 'Sessions' });
    expect(within(list).getByText('Teacher: Chirag Shah')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Lecture History' }).length).toBeGreaterThan(0);

    await user.selectOptions(screen.getByLabelText('Division'), 'div-a');
    await waitFor(() => expect(bodies.at(-1)).toEqual({ divisions: ['div-a'] }));
    await user.click(screen.getByRole('button', { name: /Open attendance of Computer Networks/ }));
    const panel = await screen.findByRole('dialog', { name: 'Attendance History' });
    expect(
      await within(panel).findByText('You can correct marks of this session at any time.'),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Correct Riya Patel' })).toBeInTheDocument();
  });

  it('lists the branch dropdown by name, whatever order the server answers', async () => {
    server.use(
      onCall(sessionRecordRoutes.getBranchHistoryFilters, () =>
        ok({
          ...metadata,
          branches: [
            { slug: 'me', branch_name: 'Mechanical Engineering' },
            { slug: 'ce', branch_name: 'Computer Engineering' },
            { slug: 'ee', branch_name: 'electrical Engineering' },
          ],
        }),
      ),
      onCall(sessionRecordRoutes.searchBranchSessions, () =>
        ok({ results: [], current_page: 1, num_pages: 0, count: 0 }),
      ),
    );
    renderApp(ROUTES.adminLectureHistory, { role: 'admin' });
    await screen.findByRole('option', { name: 'Mechanical Engineering' });
    const branch = screen.getByRole('combobox', { name: 'Branch' });
    expect(
      within(branch)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All branches', 'Computer Engineering', 'electrical Engineering', 'Mechanical Engineering']);
  });
});
