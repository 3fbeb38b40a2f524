import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  catalogueRoutes,
  choicesRoutes,
  ok,
  ROUTES,
  type SemesterFull,
  type StudentChoiceRow,
  type Subject,
  type TeacherChoiceRow,
} from '@rollbook/contract';
import { onCall, server } from '../../testing/msw';
import { renderApp } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';

setupMswServer();

function subject(slug: string, name: string, category = 'Professional Core'): Subject {
  return {
    slug,
    subject_name: name,
    subject_code: `${slug}-code`,
    short_name: null,
    category,
    sem_year: 5,
    stream_code: '07',
    eff_from: '2021-22',
    acedemic_year: '2025-26',
    ...{ L: 3, T: 0, P: 2, credit: 4, E: 70, M: 30, I: 20, V: 30, total_marks: 150 },
    is_theory: true,
    is_practical: false,
    is_semipractical: false,
    is_elective: category !== 'Professional Core',
    is_functional: false,
    is_technical: true,
    practical_exam_duration: '',
    theory_exam_duration: '',
    remark: '',
  };
}

const networks = subject('cn', 'Computer Networks');
const cloud = subject('cloud', 'Cloud Computing', 'Elective I');
const semester: SemesterFull = {
  slug: 'be-ce-5',
  no: 5,
  subjects: [networks, cloud],
  subjects_locked: true,
  deadline_reached: false,
  subject_choice_deadline: '2030-01-15',
  years: ['2025-26'],
};
const stream = { slug: 'be-ce', title: 'BE', stream_code: '07', branch: { branch_name: 'CE', slug: 'ce' } };

const teacherRows: TeacherChoiceRow[] = [
  {
    slug: 'tc-1',
    profile: { name: 'Asha Mehta', email: 'asha@x.test', role: 'teacher' },
    priority: 1,
    finalized_choises: [networks, cloud],
  },
  {
    slug: 'tc-2',
    profile: { name: 'Ravi Shah', email: 'ravi@x.test', role: 'teacher' },
    priority: 2,
    finalized_choises: [networks],
  },
];

function studentRow(slug: string, name: string, picks: Subject[]): StudentChoiceRow {
  return {
    slug,
    profile: {
      slug: `p-${slug}`,
      enrollment: `2602801070${slug}`,
      profile: { name, email: `${slug}@s.test`, role: 'student' },
    },
    choices_locked: false,
    finalized_choises: picks,
  };
}

/** Opens the Students tab on Elective I's Cloud Computing in BE CE semester 5. */
async function openCloudStudents() {
  const { user } = renderApp(ROUTES.subjectConfirmation, { role: 'admin' });
  await user.click(await screen.findByRole('tab', { name: 'Students' }));
  await chooseSemester(user);
  await screen.findByRole('option', { name: 'Elective I' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Subject Category' }), 'el-1');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Subject' }), 'cloud');
  return user;
}

let downloads: string[] = [];

beforeEach(() => {
  downloads = [];
  URL.createObjectURL = vi.fn(() => 'blob:sheet');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  server.use(
    onCall(catalogueRoutes.getStreams, () => ok([stream])),
    onCall(catalogueRoutes.getSemestersFromStream, () => ok([semester]), {
      params: { stream_slug: 'be-ce' },
    }),
  );
});
afterEach(() => vi.restoreAllMocks());

async function chooseSemester(user: ReturnType<typeof renderApp>['user']) {
  // The pickers render before their options arrive: wait for the option, then choose it.
  await screen.findByRole('option', { name: /^BE - 07/ });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Stream' }), 'be-ce');
  await screen.findByRole('option', { name: 'Semester - 5' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Semester' }), 'be-ce-5');
}

// Whole-page flows with many accessible-role queries: give them room on a busy shared machine.
describe('SubjectConfirmationPage', () => {
  it('lists the teachers of a subject with their choices and downloads the subject-to-teacher map', async () => {
    server.use(
      onCall(choicesRoutes.getTeachersForSubject, () => ok(teacherRows), { params: { subject_slug: 'cn' } }),
      onCall(choicesRoutes.getSubjectToTeacherExcel, () =>
        ok({ file_content: 'UEsDBA==', file_name: 'subject_to_teacher.xlsx' }),
      ),
    );
    const { user } = renderApp(ROUTES.subjectConfirmation, { role: 'admin' });
    await chooseSemester(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Subject' }), 'cn');
    expect(await screen.findByRole('heading', { name: 'Subject - Computer Networks' })).toBeInTheDocument();
    expect(screen.getByText('Total Teachers/Students - 2')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Teacher Name' })).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Choices of Asha Mehta' }));
    expect(within(table).getByText('Cloud Computing')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Subject to teacher map' }));
    await waitFor(() => expect(downloads).toEqual(['subject_to_teacher.xlsx']));
  });

  it('unlocks a teacher from the teacher-to-subject map after confirming', async () => {
    let body: unknown = null;
    server.use(
      onCall(choicesRoutes.getAllSubjectsOfTeacher, () =>
        ok([
          {
            teacher: { slug: 't1', profile: { name: 'Asha Mehta' } },
            selected_subjects: [
              {
                stream_name: 'BE | Computer Engg.',
                choices_locked: true,
                subjects: [
                  { subject_name: 'Computer Networks', sem_year: 5, subject_code: 'cn-code', ordering: 1 },
                ],
              },
            ],
          },
          { teacher: { slug: 't2', profile: { name: 'Ravi Shah' } }, selected_subjects: null },
        ]),
      ),
      onCall(choicesRoutes.unlockSubjectChoicesForTeacher, async ({ request }) => {
        body = await request.json();
        return ok({ choices_unlocked: true });
      }),
      onCall(choicesRoutes.getTeacherToSubjectExcel, () =>
        ok({ file_content: 'UEsDBA==', file_name: 'teacher_to_subject.xlsx' }),
      ),
    );
    const { user } = renderApp(ROUTES.subjectConfirmation, { role: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Teacher to subject map' }));
    const panel = await screen.findByRole('dialog', { name: 'Teacher to subject map' });
    const asha = await within(panel).findByRole('listitem', { name: 'Asha Mehta' });
    await user.click(within(asha).getByRole('button', { name: 'Subjects of Asha Mehta' }));
    expect(within(asha).getByText('BE (locked)')).toBeInTheDocument();
    expect(within(asha).getByText('1. Computer Networks (cn-code)')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Download Excel file' }));
    await waitFor(() => expect(downloads).toEqual(['teacher_to_subject.xlsx']));

    await user.click(within(asha).getByRole('button', { name: 'Unlock choice' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unlock choice' });
    expect(confirm).toHaveAccessibleDescription(
      'Are you sure you want to unlock subject choice of Asha Mehta',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Unlock' }));
    expect(
      await screen.findByText('Subject choice for facult - Asha Mehta is successfully unlock..!!'),
    ).toBeInTheDocument();
    expect(body).toEqual({ teacher_slug: 't1' });
    expect(within(panel).queryByRole('listitem', { name: 'Asha Mehta' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('listitem', { name: 'Ravi Shah' })).toBeInTheDocument();
  });

  it('needs a semester for the student-to-subject map, then downloads it', async () => {
    server.use(
      onCall(catalogueRoutes.getComplementarySubjects, () => ok([]), {
        params: { semester_slug: 'be-ce-5' },
      }),
      onCall(
        choicesRoutes.getStudentToSubjectExcel,
        () => ok({ file_content: 'UEsDBA==', file_name: 'students.xlsx' }),
        { params: { semester_slug: 'be-ce-5' } },
      ),
    );
    const { user } = renderApp(ROUTES.subjectConfirmation, { role: 'admin' });
    await user.click(await screen.findByRole('tab', { name: 'Students' }));
    await user.click(screen.getByRole('button', { name: 'Student to Subject Map' }));
    expect(await screen.findByText('please select the semester')).toBeInTheDocument();
    expect(downloads).toEqual([]);
    await chooseSemester(user);
    await user.click(screen.getByRole('button', { name: 'Student to Subject Map' }));
    await waitFor(() => expect(downloads).toEqual(['students.xlsx']));
  });

  it('deletes a saved student pick only after "delete" is typed', async () => {
    let body: unknown = null;
    server.use(
      onCall(
        catalogueRoutes.getComplementarySubjects,
        () => ok([{ slug: 'el-1', category: 'Elective I', subjects: [cloud] }]),
        { params: { semester_slug: 'be-ce-5' } },
      ),
      onCall(
        choicesRoutes.getStudentsForSubject,
        () => ok([studentRow('01', 'Nia Patel', [cloud]), studentRow('02', 'Om Desai', [])]),
        { params: { subject_slug: 'cloud' } },
      ),
      onCall(choicesRoutes.unlockSubjectChoiceForStudent, async ({ request }) => {
        body = await request.json();
        return ok({ subject_delete: true, choice_locked: false, subject: null });
      }),
    );
    const user = await openCloudStudents();
    expect(await screen.findByRole('heading', { name: 'Subject - Cloud Computing' })).toBeInTheDocument();
    expect(screen.getByText('260280107001')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete choice of Om Desai' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete choice of Nia Patel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete student choice' });
    await user.type(within(dialog).getByLabelText('Type delete to confirm'), 'remove');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("please type 'delete' for delete student choice")).toBeInTheDocument();
    expect(body).toBeNull();
    await user.clear(within(dialog).getByLabelText('Type delete to confirm'));
    await user.type(within(dialog).getByLabelText('Type delete to confirm'), 'delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Subject deleted successfully')).toBeInTheDocument();
    expect(body).toEqual({ subject_slug: 'cloud', subject_choices_slug: '01' });
    expect(screen.queryByText('Nia Patel')).not.toBeInTheDocument();
    expect(screen.getByText('Total Teachers/Students - 1')).toBeInTheDocument();
  });

  it('offers no delete once the divisions exist, and says why', async () => {
    const reason =
      "Choices can no longer be removed: the divisions of BE Computer Engineering - Semester 5 are already created from the students' choices";
    server.use(
      onCall(
        catalogueRoutes.getComplementarySubjects,
        () => ok([{ slug: 'el-1', category: 'Elective I', subjects: [cloud] }]),
        { params: { semester_slug: 'be-ce-5' } },
      ),
      onCall(
        choicesRoutes.getStudentsForSubject,
        () =>
          ok([
            {
              ...studentRow('01', 'Nia Patel', [cloud]),
              choices_locked: true,
              removal_closed_reason: reason,
            },
          ]),
        { params: { subject_slug: 'cloud' } },
      ),
    );
    await openCloudStudents();
    expect(await screen.findByText('Nia Patel')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete choice of Nia Patel' })).not.toBeInTheDocument();
    expect(screen.getByText(`${reason}.`)).toBeInTheDocument();
  });
});
