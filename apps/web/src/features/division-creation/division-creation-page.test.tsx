import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  catalogueRoutes,
  divisionRoutes,
  ok,
  ROUTES,
  type DivisionDetail,
  type DivisionSuggestion,
  type Student,
  type SubjectChoiceGroup,
} from '@rollbook/contract';
import { errorReply, onCall, server, type CallAnswer } from '../../testing/msw';
import { findOpenDialog } from '../../testing/dialogs';
import { renderApp } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';

setupMswServer();

const streams = [
  { slug: 'be-it', title: 'BE', stream_code: '16', branch: { branch_name: 'IT', slug: 'it' } },
  { slug: 'be-ce', title: 'BE', stream_code: '07', branch: { branch_name: 'CE', slug: 'ce' } },
];

function student(n: number): Student {
  return {
    slug: `st-${n}`,
    enrollment: `2216000${String(n).padStart(3, '0')}`,
    profile: { name: `Student ${n}` },
  };
}
function range(from: number, to: number): Student[] {
  return Array.from({ length: to - from + 1 }, (_, index) => student(from + index));
}

const groups: SubjectChoiceGroup[] = [
  {
    slug: 'g1',
    subjects: [{ subject_name: 'Machine Learning' }, { subject_name: 'Blockchain' }],
    totalCount: 3,
    availableCount: 3,
    students: range(1, 3),
  },
  {
    slug: 'g2',
    subjects: [{ subject_name: 'Internet of Things' }, { subject_name: 'Cloud Computing' }],
    totalCount: 2,
    availableCount: 2,
    students: range(4, 5),
  },
  { slug: 'g3', subjects: [{ subject_name: 'Data Mining' }], totalCount: 0, availableCount: 0, students: [] },
];

const divisionA: DivisionDetail = {
  division_name: 'A',
  total_batches: ['A1', 'ML1'],
  batches: [
    { batch_name: 'A1', students: range(1, 3) },
    { batch_name: 'ML1', students: range(1, 2) },
  ],
};
const divisionB: DivisionDetail = {
  division_name: 'B',
  total_batches: ['B1'],
  batches: [{ batch_name: 'B1', students: range(4, 5) }],
};
const suggestion: DivisionSuggestion = {
  divisions: [divisionA, divisionB],
  hour_deviations: [
    {
      subject_name: 'Machine Learning',
      total_divisions: 1,
      initial_theory_hours: 3,
      initial_tutorial: 0,
      initial_practical_hours: 2,
      final_theory_hours: 3,
      final_tutorial_hours: 0,
      final_practical_hours: 2,
    },
    {
      subject_name: 'Cloud Computing',
      total_divisions: 2,
      initial_theory_hours: 3,
      initial_tutorial: 1,
      initial_practical_hours: 2,
      final_theory_hours: 6,
      final_tutorial_hours: 2,
      final_practical_hours: 4,
    },
  ],
  plan_quality: { teaching_hours: 250, lower_bound: 248, gap: 0.008, optimal: false, planning_ms: 1234 },
};

let downloads: string[] = [];
let groupsAnswer: () => CallAnswer<typeof divisionRoutes.getSubjectChoiceGroups>;

beforeEach(() => {
  downloads = [];
  groupsAnswer = () => ok({ total_students: 5, subject_groups: groups });
  URL.createObjectURL = vi.fn(() => 'blob:sheet');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  server.use(
    onCall(catalogueRoutes.getStreams, () => ok(streams)),
    onCall(catalogueRoutes.getSemestersOnlyFromStream, ({ params }) =>
      ok(params.stream_slug === 'be-it' ? [{ slug: 'it-7', no: 7 }] : [{ slug: 'ce-5', no: 5 }]),
    ),
    onCall(divisionRoutes.getSubjectChoiceGroups, () => groupsAnswer()),
  );
});
afterEach(() => vi.restoreAllMocks());

type User = ReturnType<typeof renderApp>['user'];

async function chooseStream(user: User, slug: string, label: RegExp) {
  await screen.findByRole('option', { name: label });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Stream' }), slug);
}

async function chooseItSemester(user: User) {
  await chooseStream(user, 'be-it', /^BE - 16 IT/);
  await screen.findByRole('option', { name: 'Semester - 7' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Semester' }), 'it-7');
}

// Whole-page flows with many accessible-role queries: give them room on a busy shared machine.
describe('DivisionCreationPage', () => {
  it('shows the pickers with their placeholders, a skeleton until a stream is chosen, then the groups', async () => {
    const { user } = renderApp(ROUTES.divisionCreation, { role: 'admin' });
    const stream = await screen.findByRole('combobox', { name: 'Stream' });
    expect(within(stream).getByRole('option', { name: 'Select Stream' })).toBeInTheDocument();
    expect(await screen.findByText('Please select the stream.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Semester' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('status', { name: 'Semesters load once a stream is chosen' }),
    ).toBeInTheDocument();

    await chooseStream(user, 'be-it', /^BE - 16 IT/);
    const semester = await screen.findByRole('combobox', { name: 'Semester' });
    expect(within(semester).getByRole('option', { name: 'Select Semester' })).toBeInTheDocument();
    await user.selectOptions(semester, 'it-7');

    const list = await screen.findByRole('list', { name: 'Subject Choice Groups' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['ML , BLOCKCHAIN3', 'IOT , CC2']);
    expect(screen.getByText(/Total Students/)).toHaveTextContent('Total Students : 5');
    expect(screen.getByRole('heading', { name: 'Set Division Capacity Range' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Maximum Division Count' })).toBeInTheDocument();
  });

  it('lists the streams by name (title, then code), not in the order the server answers', async () => {
    renderApp(ROUTES.divisionCreation, { role: 'admin' });
    await screen.findByRole('option', { name: /^BE - 16 IT/ });
    const stream = screen.getByRole('combobox', { name: 'Stream' });
    expect(
      within(stream)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select Stream', 'BE - 07 CE', 'BE - 16 IT']);
  });

  it('names the group of students who have not finalised their electives and says how they are planned', async () => {
    const notChosen: SubjectChoiceGroup = {
      slug: 'g-none',
      subjects: [],
      totalCount: 2,
      availableCount: 2,
      students: range(6, 7),
      electives_not_chosen: true,
    };
    groupsAnswer = () => ok({ total_students: 7, subject_groups: [...groups, notChosen] });
    const { user } = renderApp(ROUTES.divisionCreation, { role: 'admin' });
    await chooseItSemester(user);
    const list = await screen.findByRole('list', { name: 'Subject Choice Groups' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['ML , BLOCKCHAIN3', 'IOT , CC2', 'Electives not chosen2']);
    expect(screen.getByRole('note')).toHaveTextContent(
      '2 students have not finalised their electives: they are placed in divisions as students without electives.',
    );
  });

  it('plans, shows the hours overview and the divisions, confirms, then offers the division spreadsheets', async () => {
    let asked: string | null = null;
    let confirmed: unknown = null;
    server.use(
      onCall(divisionRoutes.getDivisionSuggestion, ({ request }) => {
        asked = new URL(request.url).searchParams.get('max_students');
        return ok(suggestion);
      }),
      onCall(divisionRoutes.confirmSuggestedDivisions, async ({ request }) => {
        confirmed = await request.json();
        groupsAnswer = () => ok({ divisions: [divisionA, divisionB] });
        return ok(true);
      }),
      onCall(divisionRoutes.getDivisionStudentDataExcel, ({ request }) => {
        const division = new URL(request.url).searchParams.get('division_name');
        return ok({ file_content: 'UEsDBA==', file_name: `division_${division}.xlsx` });
      }),
    );
    const { user } = renderApp(ROUTES.divisionCreation, { role: 'admin' });
    await chooseItSemester(user);
    await user.type(await screen.findByRole('spinbutton', { name: 'Maximum Division Count' }), '3');
    await user.click(screen.getByRole('button', { name: 'Set Division Capacity' }));

    const overview = await findOpenDialog('Subject Hours Overview');
    expect(asked).toBe('3');
    const ml = within(overview).getByRole('row', { name: /^Machine Learning/ });
    expect(
      within(ml)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '3', '0', '2', '3', '0', '2', '5']);
    const totals = within(overview).getByRole('row', { name: /^Total/ });
    expect(
      within(totals)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '6', '1', '4', '9', '2', '6', '17']);
    await user.click(within(overview).getByRole('button', { name: 'View Divisions' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const quality = screen.getByRole('status', { name: 'Plan quality' });
    expect(quality).toHaveTextContent(
      'Within 0.8 % of the best possible teaching hours (250 h a week; no plan can use fewer than 248 h).',
    );
    expect(quality).toHaveTextContent(/Planning took [\d.]+ (ms|s) \(1\.2 s on the server\)\./);

    expect(screen.getByRole('tab', { name: 'A' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Division - A' })).toBeInTheDocument();
    expect(screen.getByText('Students - 3')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Student Name', 'Enrollment', 'A1', 'ML1']);
    const third = within(table).getByRole('row', { name: /Student 3/ });
    expect(within(third).getByRole('img', { name: 'In batch A1' })).toBeInTheDocument();
    expect(within(third).queryByRole('img', { name: 'In batch ML1' })).not.toBeInTheDocument();
    // The capacity card is hidden while the divisions are shown; nothing to download before saving.
    expect(screen.queryByRole('heading', { name: 'Set Division Capacity Range' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Divison Excel' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'B' }));
    expect(screen.getByRole('heading', { name: 'Division - B' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirm Divisions' }));
    // Nothing is saved before the admin answers the question.
    const ask = await findOpenDialog('Confirm Divisions');
    expect(confirmed).toBeNull();
    await user.click(within(ask).getByRole('button', { name: 'Save divisions' }));
    expect(await screen.findByText('Divisions saved successfully')).toBeInTheDocument();
    expect(confirmed).toEqual({ semester_slug: 'it-7', divisions_data: suggestion });

    // Saved: the semester now answers with its divisions, shown as already created.
    const download = await screen.findByRole('button', { name: 'Download Divison Excel' });
    expect(screen.getByText('Divisions are already created for this semester.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Stream' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm Divisions' })).not.toBeInTheDocument();
    await user.click(download);
    await waitFor(() => expect(downloads).toEqual(['division_A.xlsx']));
  });

  it('closes the overview without showing divisions, and "Change division size" returns to the capacity card', async () => {
    server.use(onCall(divisionRoutes.getDivisionSuggestion, () => ok(suggestion)));
    const { user } = renderApp(ROUTES.divisionCreation, { role: 'admin' });
    await chooseItSemester(user);
    await user.type(await screen.findByRole('spinbutton', { name: 'Maximum Division Count' }), '3');
    await user.click(screen.getByRole('button', { name: 'Set Division Capacity' }));
    const overview = await findOpenDialog('Subject Hours Overview');
    await user.click(within(overview).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('tab', { name: 'A' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Set Division Capacity Range' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set Division Capacity' }));
    await user.click(
      within(await findOpenDialog('Subject Hours Overview')).getByRole('button', {
        name: 'View Divisions',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Change division size' }));
    expect(screen.queryByRole('tab', { name: 'A' })).not.toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Maximum Division Count' })).toBeInTheDocument();
  });

  it('says beside the quoted label what it means', async () => {
    const { user } = renderApp(ROUTES.divisionCreation, { role: 'admin' });
    await chooseItSemester(user);
    expect(
      await screen.findByRole('spinbutton', { name: 'Maximum Division Count' }),
    ).toHaveAccessibleDescription('The most students one division may hold');
  });

  it('shows why a size is refused beside the field, in plain words, and opens no overview', async () => {
    const refusal = 'The number of students per division must be at least 1';
    server.use(
      onCall(divisionRoutes.getDivisionSuggestion, () =>
        HttpResponse.json(
          {
            data: null,
            error: true,
            code: 'validation_failed',
            message: `max_students: ${refusal}`,
            issues: [{ path: 'max_students', message: refusal }],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp(ROUTES.divisionCreation, { role: 'admin' });
    await chooseItSemester(user);
    const size = await screen.findByRole('spinbutton', { name: 'Maximum Division Count' });
    await user.type(size, '0');
    await user.click(screen.getByRole('button', { name: 'Set Division Capacity' }));
    await waitFor(() =>
      expect(size).toHaveAccessibleDescription(`The most students one division may hold ${refusal}`),
    );
    expect(size).toHaveAttribute('aria-invalid', 'true');
    // The wire name reaches neither the page nor a toast.
    expect(screen.queryByText(/max_students/)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Subject Hours Overview' })).not.toBeInTheDocument();
    // Editing the size takes the refusal away.
    await user.type(size, '5');
    expect(size).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(refusal)).not.toBeInTheDocument();
  });

  it('shows a refusal that is not about the size in the page alert', async () => {
    server.use(
      onCall(divisionRoutes.getDivisionSuggestion, () =>
        errorReply(409, 'Divisions of BE IT - Semester 7 are already created'),
      ),
    );
    const { user } = renderApp(ROUTES.divisionCreation, { role: 'admin' });
    await chooseItSemester(user);
    await user.type(await screen.findByRole('spinbutton', { name: 'Maximum Division Count' }), '30');
    await user.click(screen.getByRole('button', { name: 'Set Division Capacity' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Divisions of BE IT - Semester 7 are already created',
    );
    expect(screen.getByRole('spinbutton', { name: 'Maximum Division Count' })).not.toHaveAttribute(
      'aria-invalid',
    );
  });

  it('shows the refusal before the choice deadline and no capacity controls', async () => {
    groupsAnswer = () =>
      errorReply(409, 'The subject choice deadline for this semester has not been reached yet!!');
    const { user } = renderApp(ROUTES.divisionCreation, { role: 'admin' });
    await chooseItSemester(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The subject choice deadline for this semester has not been reached yet!!',
    );
    expect(screen.queryByRole('heading', { name: 'Set Division Capacity Range' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Subject Choice Groups' })).not.toBeInTheDocument();
  });

  it('resets the semester and the suggestion when the stream changes', async () => {
    server.use(onCall(divisionRoutes.getDivisionSuggestion, () => ok(suggestion)));
    const { user } = renderApp(ROUTES.divisionCreation, { role: 'admin' });
    await chooseItSemester(user);
    await user.type(await screen.findByRole('spinbutton', { name: 'Maximum Division Count' }), '3');
    await user.click(screen.getByRole('button', { name: 'Set Division Capacity' }));
    await user.click(
      within(await findOpenDialog('Subject Hours Overview')).getByRole('button', {
        name: 'View Divisions',
      }),
    );
    expect(screen.getByRole('tab', { name: 'A' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Stream' }), 'be-ce');
    const semester = await screen.findByRole('combobox', { name: 'Semester' });
    await within(semester).findByRole('option', { name: 'Semester - 5' });
    expect(semester).toHaveValue('');
    expect(within(semester).queryByRole('option', { name: 'Semester - 7' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'A' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Subject Choice Groups' })).not.toBeInTheDocument();
  });

  it('arranges divisions by hand: prompt, groups added once, counts clamped, confirmed with every student', async () => {
    let confirmed: { semester_slug: string; divisions_data: DivisionSuggestion } | null = null;
    server.use(
      onCall(divisionRoutes.confirmSuggestedDivisions, async ({ request }) => {
        confirmed = (await request.json()) as typeof confirmed;
        return ok(true);
      }),
    );
    const { user } = renderApp(ROUTES.divisionCreation, { role: 'admin' });
    await chooseItSemester(user);
    await user.click(await screen.findByRole('button', { name: 'Arrange divisions manually' }));
    const prompt = await screen.findByRole('dialog', { name: 'Arrange divisions manually' });
    await user.click(within(prompt).getByRole('button', { name: 'Start' }));
    expect(within(prompt).getByText('please enter apporx division count')).toBeInTheDocument();
    const approx = within(prompt).getByRole('spinbutton', { name: 'Approximate division count' });
    // 0 and fractions are not "empty": they get their own message and start no board.
    for (const wrong of ['0', '2.5', '-1']) {
      await user.clear(approx);
      await user.type(approx, wrong);
      await user.click(within(prompt).getByRole('button', { name: 'Start' }));
      expect(approx, wrong).toHaveAccessibleDescription(
        'The approximate division count must be a whole number, 1 or more',
      );
      expect(screen.queryByRole('region', { name: 'division-1' })).not.toBeInTheDocument();
    }
    await user.clear(approx);
    await user.type(approx, '2');
    await user.click(within(prompt).getByRole('button', { name: 'Start' }));

    const first = await screen.findByRole('region', { name: 'division-1' });
    const second = screen.getByRole('region', { name: 'division-2' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add ML , BLOCKCHAIN to' }), 'division-1');
    const mlCount = within(first).getByRole('spinbutton', { name: 'ML , BLOCKCHAIN count in division-1' });
    expect(mlCount).toHaveValue(3);
    // Fully placed, the group leaves the list.
    expect(screen.queryByRole('combobox', { name: 'Add ML , BLOCKCHAIN to' })).not.toBeInTheDocument();

    await user.clear(mlCount);
    await user.type(mlCount, '-4');
    // Shown as applied while still typing: never a count below 0.
    expect(mlCount).toHaveValue(0);
    await user.tab();
    expect(mlCount).toHaveValue(0);
    expect(within(first).getByText('Students - 0')).toBeInTheDocument();
    await user.clear(mlCount);
    await user.type(mlCount, '9');
    await user.tab();
    // Never more than the group has: 3.
    expect(mlCount).toHaveValue(3);
    await user.clear(mlCount);
    await user.type(mlCount, '2');
    await user.tab();
    expect(mlCount).toHaveValue(2);
    expect(
      within(screen.getByRole('list', { name: 'Subject Choice Groups' })).getByText('ML , BLOCKCHAIN'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirm Divisions' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('3 students are not placed in a division yet');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Add ML , BLOCKCHAIN to' }), 'division-2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add IOT , CC to' }), 'division-2');
    expect(within(second).getByText('Students - 3')).toBeInTheDocument();
    expect(within(first).getByText('Students - 2')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirm Divisions' }));
    // Nothing is saved before the admin answers the question.
    const ask = await findOpenDialog('Confirm Divisions');
    expect(confirmed).toBeNull();
    await user.click(within(ask).getByRole('button', { name: 'Save divisions' }));
    expect(await screen.findByText('Divisions saved successfully')).toBeInTheDocument();
    await waitFor(() => expect(confirmed).not.toBeNull());
    const plan = confirmed!.divisions_data;
    expect(confirmed!.semester_slug).toBe('it-7');
    expect(plan.divisions.map((division) => division.division_name)).toEqual(['A', 'B']);
    expect(plan.divisions[0]?.batches[0]?.students.map((s) => s.slug)).toEqual(['st-1', 'st-2']);
    expect(plan.divisions[1]?.batches[0]?.students.map((s) => s.slug)).toEqual(['st-3', 'st-4', 'st-5']);
  });

  it('shows divisions that already exist with their spreadsheets and no capacity controls', async () => {
    groupsAnswer = () => ok({ divisions: [divisionA, divisionB] });
    server.use(
      onCall(divisionRoutes.getDivisionStudentDataExcel, () =>
        errorReply(404, 'Division Z was not found in this semester'),
      ),
    );
    const { user } = renderApp(ROUTES.divisionCreation, { role: 'admin' });
    await chooseItSemester(user);
    expect(await screen.findByRole('heading', { name: 'Division - A' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Set Division Capacity Range' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change division size' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download Divison Excel' }));
    expect(await screen.findByText('Division Z was not found in this semester')).toBeInTheDocument();
    expect(downloads).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Choose another semester' }));
    expect(await screen.findByRole('combobox', { name: 'Stream' })).toHaveValue('');
  });
});
