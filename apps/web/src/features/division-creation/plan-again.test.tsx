import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  catalogueRoutes,
  divisionResetRoutes,
  divisionRoutes,
  ok,
  ROUTES,
  type DivisionDetail,
  type SubjectChoiceGroupsResult,
} from '@rollbook/contract';
import { findOpenDialog } from '../../testing/dialogs';
import { errorReply, onCall, server } from '../../testing/msw';
import { renderApp } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';
import { DIVISIONS_DISCARDED } from './plan-again';

setupMswServer();

const student = (n: number) => ({
  slug: `st-${n}`,
  enrollment: `22160000${n}`,
  profile: { name: `Student ${n}` },
});
const divisions: DivisionDetail[] = [
  { division_name: 'A', total_batches: ['A1'], batches: [{ batch_name: 'A1', students: [student(1)] }] },
  { division_name: 'B', total_batches: ['B1'], batches: [{ batch_name: 'B1', students: [student(2)] }] },
];

let groupsAnswer: SubjectChoiceGroupsResult;
let resets: string[];

beforeEach(() => {
  groupsAnswer = { divisions };
  resets = [];
  server.use(
    onCall(catalogueRoutes.getStreams, () =>
      ok([{ slug: 'be-it', title: 'BE', stream_code: '16', branch: { branch_name: 'IT', slug: 'it' } }]),
    ),
    onCall(catalogueRoutes.getSemestersOnlyFromStream, () => ok([{ slug: 'it-7', no: 7 }])),
    onCall(divisionRoutes.getSubjectChoiceGroups, () => ok(groupsAnswer)),
  );
});

async function openExistingDivisions() {
  const view = renderApp(ROUTES.divisionCreation, { role: 'admin' });
  await screen.findByRole('option', { name: /^BE - 16 IT/ });
  await view.user.selectOptions(screen.getByRole('combobox', { name: 'Stream' }), 'be-it');
  await screen.findByRole('option', { name: 'Semester - 7' });
  await view.user.selectOptions(screen.getByRole('combobox', { name: 'Semester' }), 'it-7');
  await screen.findByText('Divisions are already created for this semester.');
  return view;
}

describe('Plan again (discarding a semester’s divisions)', () => {
  it('asks first, saying what is discarded; Cancel discards nothing', async () => {
    server.use(
      onCall(divisionResetRoutes.resetDivisions, ({ params }) => {
        resets.push(String(params.semester_slug));
        return ok({ semester_slug: 'it-7', divisions: ['A', 'B'], lectures: 0, teacher_allocations: 0 });
      }),
    );
    const { user } = await openExistingDivisions();
    await user.click(screen.getByRole('button', { name: 'Plan again' }));
    const dialog = await findOpenDialog('Plan the divisions again?');
    expect(dialog).toHaveAccessibleDescription(
      "This discards divisions A, B of this semester with their batches, timetables and weekly lectures, and the semester's teacher load allocation. Students' elective choices are no longer frozen. It is possible only while none of these lectures has had a session. This cannot be undone.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(resets).toEqual([]);
    expect(screen.getByRole('tab', { name: 'A' })).toBeInTheDocument();
  });

  it('discards on confirmation and shows the choice groups to plan from again', async () => {
    server.use(
      onCall(divisionResetRoutes.resetDivisions, ({ params }) => {
        resets.push(String(params.semester_slug));
        groupsAnswer = {
          total_students: 2,
          subject_groups: [
            {
              slug: 'g1',
              subjects: [{ subject_name: 'Machine Learning' }],
              totalCount: 2,
              availableCount: 2,
              students: [student(1), student(2)],
            },
          ],
        };
        return ok({ semester_slug: 'it-7', divisions: ['A', 'B'], lectures: 3, teacher_allocations: 4 });
      }),
    );
    const { user } = await openExistingDivisions();
    await user.click(screen.getByRole('button', { name: 'Plan again' }));
    const dialog = await findOpenDialog('Plan the divisions again?');
    await user.click(within(dialog).getByRole('button', { name: 'Discard divisions' }));

    expect(await screen.findByText(DIVISIONS_DISCARDED)).toBeInTheDocument();
    expect(resets).toEqual(['it-7']);
    expect(await screen.findByRole('list', { name: 'Subject Choice Groups' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Set Division Capacity Range' })).toBeInTheDocument();
    expect(screen.queryByText('Divisions are already created for this semester.')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal once a session was held, and keeps the divisions', async () => {
    const refusal =
      'The divisions of BE Information Technology - Semester 7 cannot be planned again: 1 session of its lectures has already been held, and the attendance taken belongs to these divisions';
    server.use(onCall(divisionResetRoutes.resetDivisions, () => errorReply(409, refusal, 'conflict')));
    const { user } = await openExistingDivisions();
    await user.click(screen.getByRole('button', { name: 'Plan again' }));
    await user.click(
      within(await findOpenDialog('Plan the divisions again?')).getByRole('button', {
        name: 'Discard divisions',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByText('Divisions are already created for this semester.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'B' })).toBeInTheDocument();
  });
});
