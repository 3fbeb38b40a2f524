import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { academicYearRoutes, ok, ROUTES, type AcademicYearPreview } from '@rollbook/contract';
import { findOpenDialog } from '../../testing/dialogs';
import { errorReply, onCall, server, type CallAnswer } from '../../testing/msw';
import { renderApp } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';

setupMswServer();

const be = {
  stream_slug: 'be-ce',
  stream_title: 'BE',
  stream_code: '07',
  branch_name: 'Computer Engineering',
};
const me = {
  stream_slug: 'me-ce',
  stream_title: 'ME',
  stream_code: '07',
  branch_name: 'Computer Engineering',
};

const preview: AcademicYearPreview = {
  current_year: '2026-27',
  next_year: '2027-28',
  closing_semesters: 3,
  new_semesters: [
    { ...be, no: 5, start_date: '2027-07-01', end_date: '2027-12-15', dates_from: 'shifted' },
    { ...be, no: 6, start_date: null, end_date: null, dates_from: 'none' },
    { ...me, no: 1, start_date: '2027-07-05', end_date: '2027-12-20', dates_from: 'existing' },
  ],
  streams: [
    { ...be, final_semester: 8, moving_up: [{ from_no: 5, to_no: 6, students: 120 }], graduating: 0 },
    { ...me, final_semester: 1, moving_up: [], graduating: 20 },
  ],
  totals: { moving_up: 120, graduating: 20 },
  blockers: [],
};

let previewAnswer: () => CallAnswer<typeof academicYearRoutes.getNewYearPreview>;
let opened: unknown[];

beforeEach(() => {
  previewAnswer = () => ok(preview);
  opened = [];
  server.use(onCall(academicYearRoutes.getNewYearPreview, () => previewAnswer()));
});

const openPage = () => renderApp(ROUTES.academicYear, { role: 'admin' });

describe('AcademicYearPage', () => {
  it('says in plain words what opening the next year does, per stream and per new semester', async () => {
    openPage();
    expect(await screen.findByRole('heading', { name: 'Academic Year', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(/The current academic year is/)).toHaveTextContent(
      'The current academic year is 2026-27. Opening 2027-28:',
    );
    expect(
      within(screen.getByRole('list', { name: 'What opening 2027-28 does' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '120 students move up one semester.',
      '20 students in their final semester are marked graduated (they keep their accounts).',
      '3 semesters of 2026-27 close: their divisions, sessions and attendance stay readable.',
      '3 semesters of 2027-28 are created, with no subjects selected and no divisions yet.',
    ]);
    const perStream = screen.getByRole('table', { name: 'Students per stream' });
    expect(within(perStream).getByRole('row', { name: /^BE Computer Engineering \(07\)/ })).toHaveTextContent(
      '120 from semester 5 to 6',
    );
    expect(within(perStream).getByRole('row', { name: /^ME Computer Engineering \(07\)/ })).toHaveTextContent(
      '20 (final semester 1)',
    );
    const semesters = screen.getByRole('table', { name: 'Semesters of 2027-28' });
    expect(
      within(semesters)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      'BE Computer Engineering (07)51 Jul 2027 – 15 Dec 2027',
      'BE Computer Engineering (07)6No dates yet',
      'ME Computer Engineering (07)15 Jul 2027 – 20 Dec 2027 (already set up)',
    ]);
    expect(screen.getByRole('button', { name: 'Open 2027-28' })).toBeEnabled();
  });

  it('asks first, opens the year on confirmation with the year it showed, then says what was done', async () => {
    server.use(
      onCall(academicYearRoutes.openNewYear, async ({ request }) => {
        opened.push(await request.json());
        previewAnswer = () => ok({ ...preview, current_year: '2027-28', next_year: '2028-29' });
        return ok({
          opened_year: '2027-28',
          closed_year: '2026-27',
          semesters_opened: 3,
          semesters_closed: 3,
          students_moved_up: 120,
          students_graduated: 20,
        });
      }),
    );
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Open 2027-28' }));
    const dialog = await findOpenDialog('Open 2027-28?');
    expect(dialog).toHaveAccessibleDescription(
      'This moves 120 students up one semester, marks 20 students graduated and closes the 3 semesters of 2026-27. It cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(opened).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Open 2027-28' }));
    await user.click(
      within(await findOpenDialog('Open 2027-28?')).getByRole('button', { name: 'Open 2027-28' }),
    );
    expect(
      await screen.findByText(
        '2027-28 is open: 3 semesters opened, 3 semesters of 2026-27 closed, 120 students moved up, 20 students graduated.',
      ),
    ).toBeInTheDocument();
    expect(opened).toEqual([{ academic_year: '2027-28' }]);
    // The page reads the year again: the next one to open is now 2028-29.
    expect(await screen.findByRole('button', { name: 'Open 2028-29' })).toBeInTheDocument();
  });

  it('lists what blocks the year and keeps the button off', async () => {
    previewAnswer = () =>
      ok({
        ...preview,
        blockers: ['1 lecture session is live right now: open the new year once it has ended'],
      });
    openPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The new year cannot be opened now:');
    expect(alert).toHaveTextContent(
      '1 lecture session is live right now: open the new year once it has ended',
    );
    expect(screen.getByRole('button', { name: 'Open 2027-28' })).toBeDisabled();
  });

  it('shows a refusal of the confirm (already opened elsewhere) and changes nothing on the page', async () => {
    server.use(
      onCall(academicYearRoutes.openNewYear, () =>
        errorReply(
          409,
          '2027-28 is already the current academic year: it was opened already, nothing was changed',
          'conflict',
        ),
      ),
    );
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Open 2027-28' }));
    await user.click(
      within(await findOpenDialog('Open 2027-28?')).getByRole('button', { name: 'Open 2027-28' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '2027-28 is already the current academic year: it was opened already, nothing was changed',
    );
    expect(screen.queryByRole('status', { name: /is open/ })).not.toBeInTheDocument();
  });

  it('tells a branch admin why the page is not theirs, with a way to try again', async () => {
    previewAnswer = () =>
      errorReply(
        403,
        'Only an institution admin can open a new academic year: it moves the students of every branch',
        'forbidden',
      );
    openPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Only an institution admin can open a new academic year: it moves the students of every branch',
    );
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Open / })).not.toBeInTheDocument();
  });
});
