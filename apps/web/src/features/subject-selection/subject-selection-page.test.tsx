import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  catalogueRoutes,
  choicesRoutes,
  ok,
  ROUTES,
  type SemesterFull,
  type Subject,
} from '@rollbook/contract';
import { onCall, server } from '../../testing/msw';
import { renderApp } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';
import { buildSemester, buildSubject, testStream } from './subject-fixture';

setupMswServer();

const algorithms = buildSubject({
  slug: 'daa',
  subject_name: 'Analysis of Algorithms',
  is_technical: true,
  syllabus_url: 'https://syllabus.example.edu/3150703.pdf',
});
const economics = buildSubject({
  slug: 'eco',
  subject_name: 'Engineering Economics',
  subject_code: '3150001',
  is_theory: false,
  is_practical: false,
  credit: 3.5,
});

function serve(semester: SemesterFull, catalogue: Subject[] = [algorithms, economics]) {
  server.use(
    onCall(catalogueRoutes.getStreams, () => ok([testStream])),
    onCall(catalogueRoutes.getSemestersFromStream, () => ok([semester]), {
      params: { stream_slug: 'be-ce' },
    }),
    onCall(catalogueRoutes.getSubjectsFromAcademicYear, () => ok(catalogue), {
      params: { semester_slug: 'be-ce-5', year: '2025-26' },
    }),
  );
}

async function openSemester(withYear: boolean) {
  const view = renderApp(ROUTES.subjectSelect, { role: 'admin' });
  const { user } = view;
  // The pickers render before their options arrive: wait for the option, then choose it.
  await screen.findByRole('option', { name: /^BE - 07/ });
  await user.selectOptions(screen.getByLabelText('Stream'), 'be-ce');
  await screen.findByRole('option', { name: 'Semester - 5' });
  await user.selectOptions(screen.getByLabelText('Semester'), 'be-ce-5');
  if (withYear) await user.selectOptions(await screen.findByLabelText('Academic Year'), '2025-26');
  return view;
}

describe('SubjectSelectionPage', () => {
  it('shows every field of a catalogue subject', async () => {
    serve(buildSemester());
    await openSemester(true);
    const card = await screen.findByRole('article', { name: 'Analysis of Algorithms' });
    expect(within(card).getByText('Theory')).toBeInTheDocument();
    expect(within(card).getByText('3150703')).toBeInTheDocument();
    expect(within(card).getByText('2021-22')).toBeInTheDocument();
    expect(within(card).getByText('3 / 0 / 2 / 4')).toBeInTheDocument();
    expect(within(card).getByText('70 / 30 / 20 / 30 / 150')).toBeInTheDocument();
    expect(within(card).getByText('Professional Core')).toBeInTheDocument();
    expect(within(card).getByText('Tech')).toBeInTheDocument();
    // The link is the one the server names for the subject.
    expect(within(card).getByRole('link', { name: 'Syllabus PDF' })).toHaveAttribute(
      'href',
      'https://syllabus.example.edu/3150703.pdf',
    );
    const other = screen.getByRole('article', { name: 'Engineering Economics' });
    // No link named by the server (no catalogue link, no institution template): no link at all.
    expect(within(other).queryByRole('link', { name: 'Syllabus PDF' })).not.toBeInTheDocument();
    expect(within(other).getByText('Semi-Practical')).toBeInTheDocument();
    expect(within(other).getByText('3 / 0 / 2 / 3')).toBeInTheDocument();
    expect(within(other).queryByText(/Tech/)).not.toBeInTheDocument();
  });

  it('says so when the year has no subjects', async () => {
    serve(buildSemester(), []);
    await openSemester(true);
    expect(await screen.findByText('No Subjects are available for this academic year.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Lock Subjects/ })).not.toBeInTheDocument();
  });

  it('locks the selected subjects with the non-technical ones and the deadline in seconds', async () => {
    serve(buildSemester());
    let body: unknown = null;
    server.use(
      onCall(choicesRoutes.addSubjectsToSemester, async ({ request }) => {
        body = await request.json();
        return ok([algorithms, economics]);
      }),
    );
    const { user } = await openSemester(true);
    await user.click(await screen.findByRole('button', { name: 'Select Analysis of Algorithms' }));
    await user.click(screen.getByRole('button', { name: 'Select Engineering Economics' }));
    await user.click(screen.getByRole('button', { name: 'Select Engineering Economics' }));
    await user.click(screen.getByRole('button', { name: 'Select Engineering Economics' }));
    await user.click(screen.getByRole('button', { name: 'Lock Subjects (2)' }));
    const panel = await screen.findByRole('dialog', { name: 'Lock Subjects' });
    expect(within(panel).getByRole('checkbox', { name: 'Tech. Analysis of Algorithms' })).toBeChecked();
    await user.click(within(panel).getByRole('checkbox', { name: 'Tech. Engineering Economics' }));
    await user.type(within(panel).getByLabelText('Set timeline for subject selection'), '2030-01-15');
    await user.click(within(panel).getByRole('button', { name: 'Lock Subject' }));

    expect(await screen.findByText('Subjects are successfully Locked')).toBeInTheDocument();
    expect(body).toEqual({
      semester_slug: 'be-ce-5',
      subject_slugs: ['daa', 'eco'],
      deadline_timestamp: Date.UTC(2030, 0, 15) / 1000,
      non_tech_subjects: ['eco'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('2030-01-15')).toBeInTheDocument();
    expect(screen.getByText(/Decision Deadline/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Select / })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Academic Year')).not.toBeInTheDocument();
  });

  it('unlocks after the deadline only when "unlock" is typed', async () => {
    serve(
      buildSemester({
        subjects: [algorithms],
        subjects_locked: true,
        deadline_reached: true,
        subject_choice_deadline: '2026-01-01',
      }),
    );
    let body: unknown = null;
    server.use(
      onCall(choicesRoutes.unlockSubjectChoices, async ({ request }) => {
        body = await request.json();
        return ok(true);
      }),
    );
    const { user } = await openSemester(false);
    expect(screen.queryByLabelText('Academic Year')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Unlock Subject Selection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock Subject Selection' });
    await user.type(within(dialog).getByLabelText('Type unlock to confirm'), 'unlok');
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Please re-type "unlock"')).toBeInTheDocument();
    expect(body).toBeNull();

    await user.clear(within(dialog).getByLabelText('Type unlock to confirm'));
    await user.type(within(dialog).getByLabelText('Type unlock to confirm'), 'unlock');
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('button', { name: 'Lock Subjects (1)' })).toBeInTheDocument();
    expect(body).toEqual({ semester_slug: 'be-ce-5' });
    expect(screen.queryByRole('button', { name: 'Unlock Subject Selection' })).not.toBeInTheDocument();
  });

  it('extends the deadline after "yes" is typed', async () => {
    serve(buildSemester({ subjects: [algorithms], subjects_locked: true, deadline_reached: true }));
    let body: unknown = null;
    server.use(
      onCall(choicesRoutes.extendSubjectChoiceDeadline, async ({ request }) => {
        body = await request.json();
        return ok({ is_changed: true, deadline_timestamp: '2030-02-01' });
      }),
    );
    const { user } = await openSemester(false);
    await user.click(await screen.findByRole('button', { name: 'Extend Deadline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend Deadline' });
    await user.type(within(dialog).getByLabelText('New deadline'), '2030-02-01');
    await user.type(within(dialog).getByLabelText('Type yes to confirm'), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Update Deadline' }));
    expect(await screen.findByText('Please re-type "yes" to update the deadline')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Type yes to confirm'));
    await user.type(within(dialog).getByLabelText('Type yes to confirm'), 'yes');
    await user.click(within(dialog).getByRole('button', { name: 'Update Deadline' }));

    expect(await screen.findByText('Deadline is successfully updated')).toBeInTheDocument();
    expect(body).toEqual({ semester_slug: 'be-ce-5', new_deadline_timestamp: Date.UTC(2030, 1, 1) / 1000 });
    expect(screen.getByText('2030-02-01')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlock Subject Selection' })).not.toBeInTheDocument();
  });
});
