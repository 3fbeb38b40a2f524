import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { choicesRoutes, ok, ROUTES, type Subject, type TeacherSubjectChoices } from '@rollbook/contract';
import { onCall, server } from '../../testing/msw';
import { renderApp } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';

setupMswServer();

function subject(slug: string, name: string, extra: Partial<Subject> = {}): Subject {
  return {
    slug,
    subject_name: name,
    subject_code: `${slug}-code`,
    short_name: null,
    category: 'Professional Core',
    sem_year: 5,
    stream_code: '07',
    eff_from: '2021-22',
    acedemic_year: '2025-26',
    ...{ L: 3, T: 0, P: 2, credit: 4, E: 70, M: 30, I: 20, V: 30, total_marks: 150 },
    is_theory: true,
    is_practical: false,
    is_semipractical: false,
    is_elective: false,
    is_functional: false,
    is_technical: true,
    practical_exam_duration: '',
    theory_exam_duration: '',
    remark: '',
    ...extra,
  };
}

const networks = subject('cn', 'Computer Networks', {
  similar_subjects: [{ slug: 'cn-it', branch_name: 'Information Technology' }],
});
const economics = subject('eco', 'Engineering Economics', { is_technical: false });

function state(overrides: Partial<TeacherSubjectChoices['subject_choices']> = {}): TeacherSubjectChoices {
  return {
    subject_choice_deadline: '2030-01-15',
    subject_choices: {
      choices_saved: false,
      choices_locked: false,
      saved_subjects: [],
      available_subjects: [{ stream: 'BE | Computer Engg.', subjects: [networks, economics] }],
      ...overrides,
    },
  };
}

describe('TeacherSubjectChoicePage', () => {
  it('orders the picks in the slide-over and saves them with the similar subjects', async () => {
    server.use(onCall(choicesRoutes.getTeachersSubjectChoices, () => ok(state())));
    let body: unknown = null;
    server.use(
      onCall(choicesRoutes.markSubjectChoicesOfTeacher, async ({ request }) => {
        body = await request.json();
        return ok(
          state({
            choices_saved: true,
            saved_subjects: [
              {
                stream: 'BE | Computer Engg.',
                subjects: [
                  { ...networks, priority: 2 },
                  { ...economics, priority: 1 },
                ],
              },
            ],
          }),
        );
      }),
    );
    const { user } = renderApp(ROUTES.teacherSubjectChoice, { role: 'teacher' });
    expect(await screen.findByText('2030-01-15')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose Computer Networks' }));
    expect(
      await screen.findByText('Same subject from Information Technology will also be selected'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose Engineering Economics' }));
    await user.click(screen.getByRole('button', { name: /Adjust Priority By Drag & Drop/ }));

    const panel = await screen.findByRole('dialog', { name: 'Adjust Priority By Drag & Drop' });
    const cards = () => within(panel).getAllByRole('listitem');
    expect(cards()[0]).toHaveAccessibleName('Computer Networks, Priority - 1');
    expect(within(cards()[1]!).getByText('Non-Tech.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Move Engineering Economics up' }));
    expect(cards()[0]).toHaveAccessibleName('Engineering Economics, Priority - 1');
    expect(within(cards()[1]!).getByText('Priority - 2')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Save Choices' }));

    expect(await screen.findByText('Subjects saved successfully')).toBeInTheDocument();
    expect(body).toEqual({ subject_choices: ['eco', 'cn', 'cn-it'] });
    const saved = screen.getByRole('region', { name: 'Saved subjects of BE | Computer Engg.' });
    const rows = within(saved).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Engineering Economics');
    expect(rows[0]).toHaveTextContent('Priority - 1');
  });

  it('reopens saved choices only after "unsave" is typed', async () => {
    const savedState = state({
      choices_saved: true,
      saved_subjects: [{ stream: 'BE | Computer Engg.', subjects: [{ ...networks, priority: 1 }] }],
    });
    server.use(onCall(choicesRoutes.getTeachersSubjectChoices, () => ok(savedState)));
    let calls = 0;
    server.use(
      onCall(choicesRoutes.unsaveSubjectChoicesForTeacher, () => {
        calls += 1;
        return ok(state());
      }),
    );
    const { user } = renderApp(ROUTES.teacherSubjectChoice, { role: 'teacher' });
    await user.click(await screen.findByRole('button', { name: 'Unsave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsave subject choices' });
    await user.type(within(dialog).getByLabelText('Type unsave to confirm'), 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Unsave' }));
    expect(await screen.findByText('Please re-type "unsave"')).toBeInTheDocument();
    expect(calls).toBe(0);
    await user.clear(within(dialog).getByLabelText('Type unsave to confirm'));
    await user.type(within(dialog).getByLabelText('Type unsave to confirm'), 'unsave');
    await user.click(within(dialog).getByRole('button', { name: 'Unsave' }));
    expect(await screen.findByRole('button', { name: 'Choose Computer Networks' })).toBeInTheDocument();
    expect(calls).toBe(1);
  });
});
