import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { divisionRoutes, ok, ROUTES, type DivisionDetail } from '@rollbook/contract';
import { errorReply, onCall, server } from '../../testing/msw';
import { renderApp } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';

setupMswServer();

const asha = { slug: 's1', enrollment: '221280107001', profile: { name: 'Asha Patel' } };
const ravi = { slug: 's2', enrollment: '221280107002', profile: { name: 'Ravi Shah' } };
const division: DivisionDetail = {
  division_name: 'A',
  total_batches: ['A1', 'A2', 'ML1'],
  batches: [
    { batch_name: 'A1', students: [asha] },
    { batch_name: 'A2', students: [ravi] },
    { batch_name: 'ML1', students: [asha, ravi] },
  ],
};

describe('StudentDivisionPage', () => {
  it("shows the student's division, its size and who is in which batch", async () => {
    server.use(onCall(divisionRoutes.getStudentsDivision, () => ok(division)));
    renderApp(ROUTES.studentDivision, { role: 'student' });
    expect(await screen.findByRole('heading', { name: 'Division - A' })).toBeInTheDocument();
    expect(screen.getByText('Students - 2')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Student Name', 'Enrollment', 'A1', 'A2', 'ML1']);
    const row = within(table).getByRole('row', { name: /Ravi Shah/ });
    expect(within(row).getByText('221280107002')).toBeInTheDocument();
    expect(within(row).queryByRole('img', { name: 'In batch A1' })).not.toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'In batch A2' })).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'In batch ML1' })).toBeInTheDocument();
  });

  it('says so when the student has no division yet', async () => {
    server.use(
      onCall(divisionRoutes.getStudentsDivision, () => errorReply(404, 'You are not in a division yet')),
    );
    renderApp(ROUTES.studentDivision, { role: 'student' });
    expect(await screen.findByText('You have not been placed in a division yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows any other failure with a way to try again', async () => {
    let calls = 0;
    server.use(
      onCall(divisionRoutes.getStudentsDivision, () => {
        calls += 1;
        return calls === 1 ? errorReply(503, 'The database is busy') : ok(division);
      }),
    );
    const { user } = renderApp(ROUTES.studentDivision, { role: 'student' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is busy');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Division - A' })).toBeInTheDocument();
  });
});
