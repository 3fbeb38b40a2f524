import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { choicesRoutes, ok, ROUTES, type StudentSubjectChoices, type Subject } from '@rollbook/contract';
import { errorReply, onCall, server } from '../../testing/msw';
import { renderApp } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';

setupMswServer();

function elective(slug: string, name: string, category: string): Subject {
  return {
    slug,
    subject_name: name,
    subject_code: `${slug.toUpperCase()}-1`,
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
    is_elective: true,
    is_functional: false,
    is_technical: true,
    practical_exam_duration: '',
    theory_exam_duration: '',
    remark: '',
  };
}

const cloud = elective('cloud', 'Cloud Computing', 'Elective I');
const ml = elective('ml', 'Machine Learning', 'Elective I');
const ipr = elective('ipr', 'Intellectual Property Rights', 'Elective II');

function openState(overrides: Partial<StudentSubjectChoices> = {}): StudentSubjectChoices {
  return {
    slug: 'choice-1',
    choices_locked: false,
    choices_saved: false,
    deadline_timestamp: '2030-01-15',
    available_choices: [
      { slug: 'el-1', category: 'Elective I', subjects: [cloud, ml] },
      { slug: 'el-2', category: 'Elective II', subjects: [ipr] },
    ],
    finalized_choices: [],
    ...overrides,
  };
}

function serveState(state: StudentSubjectChoices) {
  server.use(onCall(choicesRoutes.getStudentsSubjectChoices, () => ok(state)));
}

describe('StudentElectivesPage', () => {
  it('shows the "no elective subject" card on 404', async () => {
    server.use(
      onCall(choicesRoutes.getStudentsSubjectChoices, () => errorReply(404, 'No elective subjects')),
    );
    renderApp(ROUTES.studentElectiveSubject, { role: 'student' });
    expect(await screen.findByRole('heading', { name: 'No elective subject' })).toBeInTheDocument();
    expect(screen.queryByText('No elective subjects')).not.toBeInTheDocument();
  });

  it('asks for one subject per category, then saves them and shows the saved choices', async () => {
    serveState(openState());
    let body: unknown = null;
    server.use(
      onCall(choicesRoutes.markSubjectChoicesOfStudent, async ({ request }) => {
        body = await request.json();
        return ok(openState({ choices_saved: true, finalized_choices: [ml, ipr] }));
      }),
    );
    const { user } = renderApp(ROUTES.studentElectiveSubject, { role: 'student' });
    expect(await screen.findByText('2030-01-15')).toBeInTheDocument();
    const first = screen.getByRole('group', { name: 'Elective I' });
    await user.click(within(first).getByRole('radio', { name: /Machine Learning/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please select one subject from each category')).toBeInTheDocument();
    expect(body).toBeNull();

    await user.click(screen.getByRole('radio', { name: /Intellectual Property Rights/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Subjects are saved Successfully')).toBeInTheDocument();
    expect(body).toEqual({ subject_choices_slug: 'choice-1', subject_choices: ['ml', 'ipr'] });
    const saved = screen.getByRole('region', { name: 'Your Elective Subjects' });
    expect(within(saved).getByText('Machine Learning')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('reopens saved choices with Unsave', async () => {
    serveState(openState({ choices_saved: true, finalized_choices: [cloud, ipr] }));
    let body: unknown = null;
    server.use(
      onCall(choicesRoutes.unsaveSubjectChoicesForStudent, async ({ request }) => {
        body = await request.json();
        return ok(openState());
      }),
    );
    const { user } = renderApp(ROUTES.studentElectiveSubject, { role: 'student' });
    await user.click(await screen.findByRole('button', { name: 'Unsave' }));
    expect(await screen.findByRole('radio', { name: /Cloud Computing/ })).toBeInTheDocument();
    expect(body).toEqual({ subject_choices_slug: 'choice-1' });
  });
});
