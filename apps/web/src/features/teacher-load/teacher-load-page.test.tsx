import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allocationRoutes, ok, ROUTES, type TeacherAllocationRow } from '@rollbook/contract';
import { errorReply, onCall, server, type CallAnswer } from '../../testing/msw';
import { renderApp } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';

setupMswServer();

const rows: TeacherAllocationRow[] = [
  {
    subject: { slug: 'cn', subject_name: 'Computer Networks' },
    theory: 3,
    practical: 4,
    tutorial: 0,
    other_teachers: [
      { teacher: { slug: 'ravi', profile: { name: 'Ravi Shah' } }, theory: 3, practical: 0, tutorial: 1 },
    ],
  },
  {
    subject: { slug: 'ds', subject_name: 'Data Structures' },
    theory: 2,
    practical: 0,
    tutorial: 1,
    other_teachers: [],
  },
];

function serve(answer: () => CallAnswer<typeof allocationRoutes.getTeachersAllocation>) {
  server.use(onCall(allocationRoutes.getTeachersAllocation, answer));
}

function cellsOf(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

describe('TeacherLoadPage', () => {
  it("shows the teacher's hours per subject, the co-teachers and the weekly total", async () => {
    serve(() => ok(rows));
    renderApp(ROUTES.teacherLoadAllocation, { role: 'teacher' });
    const table = await screen.findByRole('table', { name: 'My allocated load' });
    expect(cellsOf(within(table).getByRole('row', { name: 'Computer Networks' }))).toEqual([
      '3',
      '4',
      '0',
      '7',
      'Ravi Shah (Th 3, Pr 0, Tut 1)',
    ]);
    expect(cellsOf(within(table).getByRole('row', { name: 'Data Structures' }))).toEqual([
      '2',
      '0',
      '1',
      '3',
      '-',
    ]);
    expect(cellsOf(within(table).getByRole('row', { name: 'Total' }))).toEqual(['5', '4', '1', '10', '']);
    expect(screen.getByText('10 h')).toBeInTheDocument();
  });

  it('says so when nothing is allocated yet', async () => {
    serve(() => ok([]));
    renderApp(ROUTES.teacherLoadAllocation, { role: 'teacher' });
    expect(await screen.findByText('No load has been allocated to you yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's error", async () => {
    serve(() => errorReply(404, 'Allocation is not confirmed yet'));
    renderApp(ROUTES.teacherLoadAllocation, { role: 'teacher' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Allocation is not confirmed yet');
  });
});
