import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { delay } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  allocationExtensionRoutes,
  allocationRoutes,
  ok,
  ROUTES,
  type AllocationContext,
  type ConfirmSubjectAllocationBody,
  type TeacherChoiceRow,
  type TimetableDisagreements,
  choicesRoutes,
} from '@rollbook/contract';
import { errorReply, onCall, server } from '../../testing/msw';
import { renderApp } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';
import { findOpenDialog } from '../../testing/dialogs';
import { buildContext, meera, networks, pythonLab, structures } from './allocation-fixtures';

setupMswServer();

function choosers(rows: [string, number][]): TeacherChoiceRow[] {
  return rows.map(([slug, priority]) => ({
    slug: `choice-${slug}`,
    profile: { name: slug, email: `${slug}@rollbook.test`, role: 'teacher' },
    priority,
    finalized_choises: [],
  }));
}

function serveContext(context = buildContext()) {
  server.use(
    onCall(allocationRoutes.getSubjectAllocationContext, () => ok(context)),
    onCall(
      choicesRoutes.getTeachersForSubject,
      () =>
        ok(
          choosers([
            ['asha', 1],
            ['ravi', 2],
            ['meera', 3],
          ]),
        ),
      { params: { subject_slug: networks.slug } },
    ),
    onCall(choicesRoutes.getTeachersForSubject, () => ok(choosers([['ravi', 1]])), {
      params: { subject_slug: structures.slug },
    }),
    onCall(choicesRoutes.getTeachersForSubject, () => ok(choosers([['asha', 2]])), {
      params: { subject_slug: pythonLab.slug },
    }),
  );
}

/** The file names the page saves (the browser's object URLs and the link click stand in for a download). */
function captureDownloads() {
  const downloads: string[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:sheet');
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push(this.download);
  });
  return { downloads, click };
}

/** The live status region showing a text (its name is its content, which ARIA does not compute). */
function findStatus(text: string) {
  return screen.findByText(text, { selector: '[role="status"] *' });
}

/** The cells of a table row, by column header. */
function cellsOf(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

/** Answers the question Confirm Allocation asks first, with its Cancel or Confirm Allocation button. */
async function answerConfirm(user: UserEvent, answer: 'Cancel' | 'Confirm Allocation') {
  const dialog = await findOpenDialog('Confirm allocation');
  await user.click(within(dialog).getByRole('button', { name: answer }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('LoadAllocationPage', () => {
  it('shows the proposal as the Allocated and Non-Allocated tables with the summary', async () => {
    serveContext();
    const { user } = renderApp(ROUTES.adminSubjectAllocation, { role: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Subject Allocation' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Allocated Subjects' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Sr. No.',
      'Faculty Name',
      'Allocated Subjects',
      'Th',
      'Pr',
      'Tut',
      'DE',
      'Total',
      'Project',
      'Total with Project',
      'Action',
    ]);
    const asha = within(table).getByRole('row', { name: 'Asha Mehta' });
    expect(cellsOf(asha)).toEqual([
      '1',
      'Computer Networks (Theory 3 h)Computer Networks (Lab 2 h)Python Lab (Practical 2 h)',
      '3',
      '4',
      '0',
      '0',
      '7',
      '0',
      '7',
      'Edit',
    ]);
    expect(within(asha).getByText('AM · 3 of 10 h free')).toBeInTheDocument();

    const summary = screen.getByRole('region', { name: 'Allocation summary' });
    expect(within(summary).getByText('12 of 18 h')).toBeInTheDocument();
    expect(within(summary).getByText('58%')).toBeInTheDocument();
    expect(within(summary).getByText('priority 1: 58% · priority 2: 42%')).toBeInTheDocument();
    expect(within(summary).getByText('0–7 h')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Non-Allocated Subjects' }));
    const open = await screen.findByRole('table', { name: 'Non-Allocated Subjects' });
    expect(
      within(open)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Sr. No.', 'Subject Name', 'Remaining Theory Hours', 'Remaining Practical Hours', 'Action']);
    expect(cellsOf(within(open).getByRole('row', { name: 'Data Structures' }))).toEqual([
      '2',
      '2',
      '0',
      'Allocate',
    ]);
  });

  it('moves hours from one teacher to another and confirms the edited allocation', async () => {
    serveContext();
    let sent: ConfirmSubjectAllocationBody | null = null;
    server.use(
      onCall(allocationRoutes.confirmSubjectAllocation, async ({ request }) => {
        sent = (await request.json()) as ConfirmSubjectAllocationBody;
        return ok(true);
      }),
    );
    const { user } = renderApp(ROUTES.adminSubjectAllocation, { role: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Edit load of Asha Mehta' }));
    const panel = await screen.findByRole('dialog', { name: 'Load of Asha Mehta' });
    const form = within(panel).getByRole('form', { name: 'Move Theory hours of Computer Networks' });
    const picker = within(form).getByRole('combobox', { name: 'Move to' });
    // Ravi has 1 free hour, Meera 4; the picker shows each teacher's rank of the subject.
    await within(picker).findByRole('option', { name: 'Meera Iyer (4 h free, priority 3)' });
    expect(
      within(picker).getByRole('option', { name: 'Ravi Shah (1 h free, priority 2)' }),
    ).toBeInTheDocument();
    await user.selectOptions(picker, meera.slug);
    const hours = within(form).getByRole('combobox', { name: 'Hours' });
    expect(
      within(hours)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Hours', '1 h', '2 h', '3 h']);
    await user.selectOptions(hours, '2');
    await user.click(within(form).getByRole('button', { name: 'Move' }));
    expect(within(panel).getByText('5 h allocated, 5 of 10 h free.')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    const table = screen.getByRole('table', { name: 'Allocated Subjects' });
    expect(cellsOf(within(table).getByRole('row', { name: 'Meera Iyer' })).slice(1, 3)).toEqual([
      'Computer Networks (Theory 2 h)',
      '2',
    ]);
    expect(screen.getByText('You have changes that are not confirmed yet.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Allocation summary' })).getByText('2–5 h'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirm Allocation' }));
    await answerConfirm(user, 'Confirm Allocation');
    expect(await screen.findByText('Subject allocation has been confirmed successfully')).toBeInTheDocument();
    const theory = sent!.subject_to_teacher_map.instant_allocations[0]?.teacher_allocation.theory;
    expect(theory?.teachers.map((share) => [share.teacher.slug, share.hours])).toEqual([
      ['asha', 1],
      ['ravi', 3],
      ['meera', 2],
    ]);
  });

  it('gives unallocated hours from the Non-Allocated tab, within the free-hours rules', async () => {
    serveContext();
    const { user } = renderApp(ROUTES.teacherAllocation, { role: 'admin' });
    await user.click(await screen.findByRole('tab', { name: 'Non-Allocated Subjects' }));
    await user.click(await screen.findByRole('button', { name: 'Allocate Data Structures' }));
    const panel = await screen.findByRole('dialog', { name: 'Allocate Data Structures' });
    expect(within(panel).getByText('Theory: 2 of 4 h unallocated')).toBeInTheDocument();
    // Ravi has 1 free hour: one more is allowed, then no more.
    await user.click(within(panel).getByRole('button', { name: 'More Theory hours for Ravi Shah' }));
    expect(within(panel).getByText('Theory: 1 of 4 h unallocated')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'More Theory hours for Ravi Shah' })).toBeDisabled();

    const form = within(panel).getByRole('form', { name: 'Allocate Theory hours of Data Structures' });
    const picker = within(form).getByRole('combobox', { name: 'Teacher' });
    // Ravi now has no free hours, so only Asha and Meera are offered; neither ranked the subject.
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Select teacher', 'Meera Iyer (4 h free, not ranked)', 'Asha Mehta (3 h free, not ranked)']),
    );
    await user.selectOptions(picker, meera.slug);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Hours' }), '1');
    await user.click(within(form).getByRole('button', { name: 'Allocate' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('tab', { name: 'Non-Allocated Subjects' }));
    const open = screen.getByRole('table', { name: 'Non-Allocated Subjects' });
    expect(within(open).queryByRole('row', { name: 'Data Structures' })).not.toBeInTheDocument();
    expect(within(open).getByRole('row', { name: 'Computer Networks' })).toBeInTheDocument();
  });

  it('resets after the confirmation question and shows progress while the solver runs', async () => {
    let resets = 0;
    const fresh = buildContext();
    fresh.subject_to_teacher_map.instant_allocations.pop();
    let current = buildContext();
    server.use(
      onCall(allocationRoutes.getSubjectAllocationContext, () => ok(current)),
      onCall(allocationRoutes.resetSubjectAllocationContext, async () => {
        resets += 1;
        await delay(50);
        current = fresh;
        return ok(true);
      }),
    );
    const { user } = renderApp(ROUTES.adminSubjectAllocation, { role: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Reset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset allocation' });
    expect(within(dialog).getByText('Are you sure you want to reset load allocation')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(resets).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset' }));
    expect(await findStatus('Recomputing the allocation proposal…')).toBeInTheDocument();
    await waitFor(() => expect(resets).toBe(1));
    await user.click(await screen.findByRole('tab', { name: 'Non-Allocated Subjects' }));
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: 'Data Structures' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('row', { name: 'Python Lab' })).toBeInTheDocument();
    // The page shows the reset's outcome, so every reset sent by now has been answered: Cancel sent none.
    expect(resets).toBe(1);
  });

  it('asks before confirming, naming every semester it confirms, and Cancel sends nothing', async () => {
    const context = buildContext();
    context.scope = {
      semesters: [
        { slug: 'be-5', label: 'BE CE - Semester 5', term: '2026-27 odd', confirmed: false },
        { slug: 'be-7', label: 'BE CE - Semester 7', term: '2026-27 odd', confirmed: false },
      ],
      terms: [],
      read_only: false,
    };
    serveContext(context);
    let confirms = 0;
    server.use(
      onCall(allocationRoutes.confirmSubjectAllocation, () => {
        confirms += 1;
        return ok(true);
      }),
    );
    const { user } = renderApp(ROUTES.adminSubjectAllocation, { role: 'admin' });
    const button = await screen.findByRole('button', { name: 'Confirm Allocation' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const dialog = await findOpenDialog('Confirm allocation');
    // The dialog's description is its question, read out with its title.
    expect(dialog).toHaveAccessibleDescription(
      'Confirm the allocation of all 2 semesters: BE CE - Semester 5; BE CE - Semester 7? This replaces any allocation confirmed for them before, and teachers see these hours as their confirmed load.',
    );
    await answerConfirm(user, 'Cancel');
    expect(confirms).toBe(0);

    // Escape closes it too, sending nothing.
    await user.click(screen.getByRole('button', { name: 'Confirm Allocation' }));
    await findOpenDialog('Confirm allocation');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(confirms).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Confirm Allocation' }));
    await answerConfirm(user, 'Confirm Allocation');
    // Counted at the handler: an earlier test's toast may still be on screen.
    await waitFor(() => expect(confirms).toBe(1));
  });

  it('shows progress while the proposal is prepared and the error when it fails', async () => {
    let fail = true;
    server.use(
      onCall(allocationRoutes.getSubjectAllocationContext, async () => {
        await delay(50);
        return fail ? errorReply(400, 'No divisions are confirmed yet') : ok(buildContext());
      }),
    );
    const { user } = renderApp(ROUTES.adminSubjectAllocation, { role: 'admin' });
    expect(
      await findStatus('Preparing the allocation proposal. The solver takes a few seconds…'),
    ).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No divisions are confirmed yet');
    expect(screen.getByRole('button', { name: 'Confirm Allocation' })).toBeDisabled();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Allocated Subjects' })).toBeInTheDocument();
  });

  it("sets a teacher's weekly maximum, refusing bad numbers, then reloads the proposal", async () => {
    let loads = 0;
    const bodies: unknown[] = [];
    server.use(
      onCall(allocationRoutes.getSubjectAllocationContext, () => {
        loads += 1;
        const context = buildContext();
        if (bodies.length > 0) context.teacher_to_subject_map[0].meera!.max_hours = 8;
        return ok(context);
      }),
      onCall(allocationExtensionRoutes.setTeacherMaxHours, async ({ request }) => {
        bodies.push(await request.json());
        return ok({ teacher_slug: 'meera', max_hours: 8, max_hours_is_default: false });
      }),
    );
    const { user } = renderApp(ROUTES.adminSubjectAllocation, { role: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Edit load of Meera Iyer' }));
    const form = within(await screen.findByRole('dialog', { name: 'Load of Meera Iyer' })).getByRole('form', {
      name: 'Weekly maximum',
    });
    const field = within(form).getByRole('spinbutton', { name: 'Weekly maximum (hours)' });
    expect(field).toHaveValue(4);
    await user.clear(field);
    await user.type(field, '2.5');
    await user.click(within(form).getByRole('button', { name: 'Save maximum' }));
    expect(
      within(form).getByText('The maximum must be a whole number of hours from 0 to 60'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(field);
    await user.type(field, '8');
    await user.click(within(form).getByRole('button', { name: 'Save maximum' }));
    expect(await screen.findByText('Weekly maximum saved')).toBeInTheDocument();
    expect(bodies).toEqual([{ teacher_slug: 'meera', max_hours: 8 }]);
    await waitFor(() => expect(loads).toBe(2));
    expect(
      await within(screen.getByRole('dialog', { name: 'Load of Meera Iyer' })).findByRole('spinbutton', {
        name: 'Weekly maximum (hours)',
      }),
    ).toHaveValue(8);
  });

  it("refuses a weekly maximum below the teacher's confirmed load inline, as the server would, and shows a refusal under the field", async () => {
    const context = buildContext();
    // The allocation is confirmed: Ravi's 5 h in it are his confirmed load (his maximum 6 leaves
    // 1 h free after them, so none is elsewhere).
    context.scope = {
      semesters: [{ slug: 'be-7', label: 'BE CE - Semester 7', term: '2026-27 odd', confirmed: true }],
      terms: [],
      read_only: false,
    };
    const bodies: unknown[] = [];
    server.use(
      onCall(allocationRoutes.getSubjectAllocationContext, () => ok(context)),
      onCall(allocationExtensionRoutes.setTeacherMaxHours, async ({ request }) => {
        bodies.push(await request.json());
        return errorReply(
          409,
          'Ravi Shah already has 7 h of confirmed load a week: choose at least 7 h, or reset that allocation first',
        );
      }),
    );
    const { user } = renderApp(ROUTES.adminSubjectAllocation, { role: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Edit load of Ravi Shah' }));
    const form = within(await screen.findByRole('dialog', { name: 'Load of Ravi Shah' })).getByRole('form', {
      name: 'Weekly maximum',
    });
    const field = within(form).getByRole('spinbutton', { name: /Weekly maximum \(hours\)/ });
    expect(field).toHaveAttribute('min', '5');
    expect(field).toHaveAccessibleDescription('Whole hours, 5 to 60');
    await user.clear(field);
    await user.type(field, '0');
    await user.click(within(form).getByRole('button', { name: 'Save maximum' }));
    const why =
      'Ravi Shah already has 5 h of confirmed load a week: choose at least 5 h, or reset that allocation first';
    expect(within(form).getByText(why)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);

    // What the page cannot know (load confirmed meanwhile) the server refuses: said under the field.
    await user.clear(field);
    await user.type(field, '6');
    await user.click(within(form).getByRole('button', { name: 'Save maximum' }));
    const refusal =
      'Ravi Shah already has 7 h of confirmed load a week: choose at least 7 h, or reset that allocation first';
    expect(await within(form).findByText(refusal)).toBeInTheDocument();
    expect(bodies).toEqual([{ teacher_slug: 'ravi', max_hours: 6 }]);
    // Under the field only: no toast repeats it over the panel.
    expect(screen.getAllByText(refusal)).toHaveLength(1);
  });

  it('downloads the spreadsheet of the confirmed allocation, or shows why not', async () => {
    serveContext();
    let confirmed = false;
    server.use(
      onCall(allocationExtensionRoutes.getAllocationExcel, () =>
        confirmed
          ? ok({ file_content: 'UEsDBA==', file_name: 'allocation.xlsx' })
          : errorReply(404, 'The allocation is not confirmed yet'),
      ),
    );
    const { downloads, click } = captureDownloads();
    const { user } = renderApp(ROUTES.adminSubjectAllocation, { role: 'admin' });
    await screen.findByRole('table', { name: 'Allocated Subjects' });
    await user.click(screen.getByRole('button', { name: 'Download Excel' }));
    expect(await screen.findByText('The allocation is not confirmed yet')).toBeInTheDocument();
    expect(downloads).toEqual([]);
    confirmed = true;
    await user.click(screen.getByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(downloads).toEqual(['allocation.xlsx']));
    click.mockRestore();
  });
});

describe('LoadAllocationPage terms', () => {
  it('offers a past term that kept an allocation and shows it read only, downloading that term', async () => {
    const terms = [
      { key: null, label: 'Current: 2027-28, odd semesters' },
      { key: '2026-27-even', label: '2026-27, even semesters' },
    ];
    const semester = (label: string, term: string, confirmed: boolean) => ({
      slug: label,
      label,
      term,
      confirmed,
    });
    const asked: (string | null)[] = [];
    serveContext();
    server.use(
      onCall(allocationRoutes.getSubjectAllocationContext, ({ request }) => {
        const term = new URL(request.url).searchParams.get('term');
        asked.push(term);
        return ok({
          ...buildContext(),
          scope: term
            ? {
                semesters: [semester('Diploma CE - Semester 4', '2026-27, even semesters', true)],
                terms,
                read_only: true,
              }
            : {
                semesters: [semester('Diploma CE - Semester 5', '2027-28, odd semesters', false)],
                terms,
                read_only: false,
              },
        });
      }),
      onCall(allocationExtensionRoutes.getAllocationExcel, ({ request }) =>
        new URL(request.url).searchParams.get('term') === '2026-27-even'
          ? ok({ file_content: 'UEsDBA==', file_name: 'past.xlsx' })
          : errorReply(409, 'The allocation is not confirmed yet'),
      ),
    );
    const { downloads, click } = captureDownloads();
    const { user } = renderApp(ROUTES.adminSubjectAllocation, { role: 'admin' });
    const picker = await screen.findByRole('combobox', { name: 'Term' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Current: 2027-28, odd semesters', '2026-27, even semesters']);
    expect(await screen.findByRole('button', { name: 'Confirm Allocation' })).toBeInTheDocument();

    await user.selectOptions(picker, '2026-27-even');
    // The past term's answer replaces the current one (the scope is gone while it loads).
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Allocation scope' })).toHaveTextContent(
        'Diploma CE - Semester 4 (confirmed)',
      ),
    );
    expect(screen.getByRole('note')).toHaveTextContent(/past term's allocation/);
    expect(screen.queryByRole('button', { name: 'Confirm Allocation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit load of/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(downloads).toEqual(['past.xlsx']));
    expect(asked).toContain('2026-27-even');

    await user.selectOptions(picker, '');
    expect(await screen.findByRole('button', { name: 'Confirm Allocation' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Edit load of/ }).length).toBeGreaterThan(0);
    click.mockRestore();
  });

  it('offers no picker when no past term kept an allocation', async () => {
    serveContext({
      ...buildContext(),
      scope: {
        semesters: [],
        terms: [{ key: null, label: 'Current: 2027-28, odd semesters' }],
        read_only: false,
      },
    });
    renderApp(ROUTES.adminSubjectAllocation, { role: 'admin' });
    await screen.findByRole('table', { name: 'Allocated Subjects' });
    expect(screen.queryByRole('combobox', { name: 'Term' })).not.toBeInTheDocument();
  });
});

describe('LoadAllocationPage and the master timetable', () => {
  const confirmedScope = (confirmed: boolean): AllocationContext['scope'] => ({
    semesters: [{ slug: 'be-7', label: 'BE CE - Semester 7', term: '2026-27 odd', confirmed }],
    terms: [],
    read_only: false,
  });
  const bharatTeachesMl: TimetableDisagreements['lectures'][number] = {
    semester: 'BE CE - Semester 7',
    division: 'A',
    subject: { slug: 'ml', subject_name: 'Machine Learning', subject_code: '350711' },
    day: 'thursday',
    start_time: '11:00',
    end_time: '12:00',
    type: 'theory',
    batches: [],
    timetable_teacher: { slug: 'bharat', name: 'Bharat Shah', teacher_code: 'BS' },
    allocated_teachers: [{ slug: 'asha', name: 'Asha Mehta', teacher_code: 'AM' }],
  };

  it('lists, once confirmed, the lectures whose teacher differs from the allocation, and again after a confirm', async () => {
    const context = buildContext();
    context.scope = confirmedScope(true);
    serveContext(context);
    let answer: TimetableDisagreements = { confirmed_semesters: ['BE CE - Semester 7'], lectures: [] };
    let asked = 0;
    server.use(
      onCall(allocationExtensionRoutes.getTimetableDisagreements, () => {
        asked += 1;
        return ok(answer);
      }),
      onCall(allocationRoutes.confirmSubjectAllocation, () => {
        // The new allocation gives Machine Learning of A to Asha; the timetable still has Bharat.
        answer = { ...answer, lectures: [bharatTeachesMl] };
        return ok(true);
      }),
    );
    const { user } = renderApp(ROUTES.adminSubjectAllocation, { role: 'admin' });
    const panel = await screen.findByRole('region', { name: 'Master timetable and confirmed allocation' });
    expect(
      await within(panel).findByText(
        'Every lecture of the master timetable is taught by a teacher the confirmed allocation gives that subject in that division.',
      ),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('list')).not.toBeInTheDocument();

    const button = screen.getByRole('button', { name: 'Confirm Allocation' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await answerConfirm(user, 'Confirm Allocation');
    const list = await within(panel).findByRole('list', {
      name: 'Master timetable and confirmed allocation',
    });
    expect(
      within(panel).getByText(
        '1 lecture of the master timetable is taught by a teacher the confirmed allocation does not give that subject in that division. Change the timetable or the allocation so they agree.',
      ),
    ).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'BE CE - Semester 7, division A: Machine Learning (theory, whole division), Thursday 11:00–12:00. Timetable: Bharat Shah (BS); allocated: Asha Mehta (AM).',
    ]);
    expect(asked).toBe(2);
  });

  it('does not compare before anything is confirmed, and says so when the comparison fails', async () => {
    const context = buildContext();
    context.scope = confirmedScope(false);
    serveContext(context);
    let asked = 0;
    server.use(
      onCall(allocationExtensionRoutes.getTimetableDisagreements, () => {
        asked += 1;
        return errorReply(500, 'Database unavailable');
      }),
    );
    renderApp(ROUTES.adminSubjectAllocation, { role: 'admin' });
    await screen.findByRole('button', { name: 'Confirm Allocation' });
    expect(
      screen.queryByRole('region', { name: 'Master timetable and confirmed allocation' }),
    ).not.toBeInTheDocument();
    expect(asked).toBe(0);

    context.scope = confirmedScope(true);
    renderApp(ROUTES.adminSubjectAllocation, { role: 'admin' });
    const alert = await within(
      await screen.findByRole('region', { name: 'Master timetable and confirmed allocation' }),
    ).findByRole('alert');
    expect(alert).toHaveTextContent('Database unavailable');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('LoadAllocationPage edge cases', () => {
  it('lets the last odd practical hour be allocated', async () => {
    // Python Lab has 3 h of practicals (a 2-hour block and a 1-hour block); Asha holds 2 h.
    const context = buildContext();
    const practical = context.subject_to_teacher_map.separate_allocations[0]!.teacher_allocation.practical!;
    practical.total_hours = 3;
    practical.remaining_hours = 1;
    serveContext(context);
    const { user } = renderApp(ROUTES.adminSubjectAllocation, { role: 'admin' });
    await user.click(await screen.findByRole('tab', { name: 'Non-Allocated Subjects' }));
    await user.click(await screen.findByRole('button', { name: 'Allocate Python Lab' }));
    const panel = await screen.findByRole('dialog', { name: 'Allocate Python Lab' });
    expect(within(panel).getByText('Practical: 1 of 3 h unallocated')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'More Practical hours for Asha Mehta' })).toBeEnabled();
    const form = within(panel).getByRole('form', { name: 'Allocate Practical hours of Python Lab' });
    const picker = within(form).getByRole('combobox', { name: 'Teacher' });
    await within(picker).findByRole('option', { name: /Meera Iyer/ });
    await user.selectOptions(picker, meera.slug);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Hours' }), '1');
    await user.click(within(form).getByRole('button', { name: 'Allocate' }));
    expect(within(panel).getByText('Practical: 0 of 3 h unallocated')).toBeInTheDocument();
  });

  it('keeps Reset disabled while a confirm is in flight', async () => {
    serveContext();
    let release: () => void = () => undefined;
    server.use(
      onCall(allocationRoutes.confirmSubjectAllocation, async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return ok(true);
      }),
    );
    const { user } = renderApp(ROUTES.adminSubjectAllocation, { role: 'admin' });
    const reset = await screen.findByRole('button', { name: 'Reset' });
    await waitFor(() => expect(reset).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Confirm Allocation' }));
    await answerConfirm(user, 'Confirm Allocation');
    expect(await screen.findByRole('button', { name: 'Confirming...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
    release();
    expect(await screen.findByText('Subject allocation has been confirmed successfully')).toBeInTheDocument();
  });

  it('keeps the column headers of an empty table, with the sentence as its row', async () => {
    const context = buildContext();
    context.subject_to_teacher_map.instant_allocations = [];
    context.subject_to_teacher_map.separate_allocations = [];
    context.teacher_to_subject_map = [{}];
    serveContext(context);
    const { user } = renderApp(ROUTES.adminSubjectAllocation, { role: 'admin' });
    const allocated = await screen.findByRole('table', { name: 'Allocated Subjects' });
    expect(within(allocated).getAllByRole('columnheader')).toHaveLength(11);
    expect(
      within(allocated).getByRole('cell', { name: 'No teachers are available for allocation.' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Non-Allocated Subjects' }));
    const open = await screen.findByRole('table', { name: 'Non-Allocated Subjects' });
    expect(
      within(open)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Sr. No.', 'Subject Name', 'Remaining Theory Hours', 'Remaining Practical Hours', 'Action']);
    expect(within(open).getByRole('cell', { name: 'Every subject hour is allocated.' })).toBeInTheDocument();
  });
});
