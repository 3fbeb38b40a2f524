import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  attendanceRecordRoutes,
  ok,
  ROUTES,
  type DetentionList,
  type ReportOptions,
  type ReportTable,
} from '@rollbook/contract';
import { onCall, server } from '../../testing/msw';
import { renderApp } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';

setupMswServer();

const options: ReportOptions = {
  threshold_percent: 75,
  excused_counts_as: 'excluded',
  subjects: [
    {
      slug: 'is',
      subject_name: 'Information Security',
      subject_code: '3170701',
      semester: 7,
      branch: 'Computer Engineering',
      semester_slug: 'sem7',
    },
  ],
  divisions: [
    { slug: 'div-a', division_name: 'A', semester_slug: 'sem7', full_name: 'BE CE semester 7, division A' },
  ],
  batches: [{ slug: 'a1', batch_name: 'A1', division_slug: 'div-a' }],
};

const figures = { held: 4, attended: 2, excused: 1, absent: 1, percentage: 66.67 };
const student = { student_slug: 's1', enrollment: '220001', name: 'Riya Patel', division: 'A' };

const table: ReportTable = {
  subjects: [{ slug: 'is', subject_name: 'Information Security', subject_code: '3170701' }],
  rows: [{ ...student, cells: [figures] }],
  current_page: 1,
  num_pages: 1,
  total: 1,
};

function detention(below: number): DetentionList {
  return {
    below_percent: below,
    rows:
      below > 66.67
        ? [{ ...student, subject_slug: 'is', subject_name: 'Information Security', ...figures }]
        : [],
    current_page: 1,
    num_pages: 1,
    total: below > 66.67 ? 1 : 0,
  };
}

function answer() {
  const asked: URLSearchParams[] = [];
  server.use(
    onCall(attendanceRecordRoutes.getReportOptions, () => ok(options)),
    onCall(attendanceRecordRoutes.getReportTable, () => ok(table)),
    onCall(attendanceRecordRoutes.getDetentionList, ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      return ok(detention(Number(query.get('below') ?? 75)));
    }),
    onCall(attendanceRecordRoutes.getReportTrend, () =>
      ok({ weeks: [{ week_start: '2026-10-19', held: 4, attended: 3, excused: 0, percentage: 75 }] }),
    ),
  );
  return asked;
}

describe('Lecture Analytics', () => {
  it('lists detentions below the threshold, and below an override', async () => {
    const asked = answer();
    const view = renderApp(ROUTES.teacherAnalytics, { role: 'teacher' });
    const list = await screen.findByRole('table', { name: 'Students below 75 %' });
    expect(within(list).getByText('66.67 %')).toBeInTheDocument();
    await view.user.type(screen.getByLabelText('Detention below (%)'), '60');
    expect(await screen.findByText('No student is below 60 %.')).toBeInTheDocument();
    expect(asked.at(-1)?.get('below')).toBe('60');
  });

  it('says what is wrong with a detention limit over 100 and takes the old list away', async () => {
    const asked = answer();
    const view = renderApp(ROUTES.teacherAnalytics, { role: 'teacher' });
    await screen.findByRole('table', { name: 'Students below 75 %' });
    const calls = asked.length;
    await view.user.type(screen.getByLabelText('Detention below (%)'), '150');
    expect(await screen.findByText('The detention limit must be a number from 0 to 100')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Students below 75 %' })).not.toBeInTheDocument();
    expect(screen.getByText('Correct the filter above to see the report.')).toBeInTheDocument();
    // "1" and "15" were asked for as they were typed; "150" was not.
    expect(asked.slice(calls).map((q) => q.get('below'))).not.toContain('150');
  });

  it('fits the detention list to a 390 px phone: the counts move under the subject, % stays a column', async () => {
    answer();
    renderApp(ROUTES.teacherAnalytics, { role: 'teacher' });
    const list = await screen.findByRole('table', { name: 'Students below 75 %' });
    // No phone minimum width: Student, Subject and % share the screen (34 rem from 640 px).
    expect(list).toHaveClass('min-w-0', 'sm:min-w-[34rem]');
    expect(list).not.toHaveClass('min-w-[34rem]');
    const headers = within(list).getAllByRole('columnheader');
    const onPhone = headers.filter((th) => !th.classList.contains('hidden')).map((th) => th.textContent);
    expect(onPhone).toEqual(['Student', 'Subject', '%']);
    for (const th of headers.filter((header) => header.classList.contains('hidden'))) {
      expect(th).toHaveClass('sm:table-cell');
    }
    const [row] = within(list).getAllByRole('row').slice(1);
    const cells = within(row!).getAllByRole('cell');
    expect(cells.filter((td) => !td.classList.contains('hidden')).map((td) => td.textContent)).toEqual([
      'Information SecurityHeld 4 · Attended 2 · Excused 1',
      '66.67 %',
    ]);
    expect(within(row!).getByText('Held 4 · Attended 2 · Excused 1')).toHaveClass('sm:hidden');
  });

  it('explains a reversed date range instead of asking the server', async () => {
    const asked = answer();
    const view = renderApp(ROUTES.teacherAnalytics, { role: 'teacher' });
    await screen.findByRole('table', { name: 'Students below 75 %' });
    const calls = asked.length;
    await view.user.type(screen.getByLabelText('From'), '2026-11-10');
    await view.user.type(screen.getByLabelText('To'), '2026-11-01');
    expect(await screen.findByText('The start date must not be after the end date')).toBeInTheDocument();
    await waitFor(() => expect(asked.length).toBe(calls + 1)); // only the "From" change was sent
  });

  it('shows the percentages table and the weekly trend on their tabs', async () => {
    answer();
    const view = renderApp(ROUTES.adminAttendanceReports, { role: 'admin' });
    await screen.findByRole('table', { name: 'Students below 75 %' });
    await view.user.click(screen.getByRole('tab', { name: 'Percentages' }));
    const grid = await screen.findByRole('table', { name: 'Attendance percentage per student and subject' });
    expect(within(grid).getByRole('rowheader', { name: /Riya Patel/ })).toBeInTheDocument();
    // Subjects scroll sideways inside the table's own frame, the student's name pinned in view.
    expect(within(grid).getByRole('rowheader', { name: /Riya Patel/ })).toHaveClass(
      'sticky',
      'left-0',
      'bg-white',
    );
    expect(within(grid).getByRole('columnheader', { name: 'Student' })).toHaveClass('sticky', 'left-0');
    expect(screen.getByRole('region', { name: 'Attendance percentage per student and subject' })).toHaveClass(
      'overflow-x-auto',
    );
    await view.user.click(screen.getByRole('tab', { name: 'Trend by week' }));
    expect(
      await screen.findByRole('img', { name: 'Attendance by week: 1 week, 0 below 75 %' }),
    ).toBeInTheDocument();
  });

  it('saves a CSV under the name the server gives it (what it holds), else the old name', async () => {
    answer();
    let disposition: string | null = 'attachment; filename="detention_list_3170701_below-75.csv"';
    server.use(
      onCall(attendanceRecordRoutes.getReportCsv, () =>
        HttpResponse.text('Enrollment\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            ...(disposition === null ? {} : { 'content-disposition': disposition }),
          },
        }),
      ),
    );
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:report');
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const view = renderApp(ROUTES.teacherAnalytics, { role: 'teacher' });
    await screen.findByRole('table', { name: 'Students below 75 %' });
    await view.user.click(screen.getByRole('button', { name: 'Detention list (CSV)' }));
    await waitFor(() => expect(names).toEqual(['detention_list_3170701_below-75.csv']));
    disposition = null;
    // The export buttons stay disabled until the first download has finished; a loaded run clicked
    // the second one before that, and the click did nothing.
    const percentages = screen.getByRole('button', { name: 'Percentages (CSV)' });
    await waitFor(() => expect(percentages).toBeEnabled());
    await view.user.click(percentages);
    await waitFor(() => expect(names).toEqual(['detention_list_3170701_below-75.csv', 'attendance.csv']));
    create.mockRestore();
    click.mockRestore();
  });
});
