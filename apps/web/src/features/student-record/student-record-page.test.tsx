import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { attendanceRecordRoutes, ok, ROUTES, type RecordMarks, type StudentRecord } from '@rollbook/contract';
import { errorReply, onCall, server } from '../../testing/msw';
import { renderApp } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';

setupMswServer();

const record: StudentRecord = {
  threshold_percent: 75,
  excused_counts_as: 'excluded',
  today: '2026-11-02',
  semester_end: '2026-12-15',
  subjects: [
    {
      subject_slug: 'is',
      subject_name: 'Information Security',
      subject_code: '3170701',
      held: 4,
      attended: 2,
      excused: 1,
      absent: 1,
      percentage: 66.67,
      remaining: 12,
      needed: 10,
      weeks: [
        { week_start: '2026-10-19', held: 2, percentage: 50 },
        { week_start: '2026-10-26', held: 1, percentage: 100 },
      ],
    },
    {
      subject_slug: 'cd',
      subject_name: 'Compiler Design',
      subject_code: '3170702',
      held: 0,
      attended: 0,
      excused: 0,
      absent: 0,
      percentage: null,
      remaining: 2,
      needed: null,
      weeks: [],
    },
  ],
};

const marks: RecordMarks = {
  results: [
    {
      day: '2026-10-26',
      subject_name: 'Information Security',
      lecture_type: 'theory',
      status: 'excused',
      excuse: 'medical',
      explanation: ['Excused: you were on medical leave.'],
      corrected: true,
    },
  ],
  current_page: 1,
  num_pages: 1,
  total: 1,
};

describe('My Attendance', () => {
  it('shows each subject with its figures, chart and what is still needed, and the marks explained', async () => {
    server.use(
      onCall(attendanceRecordRoutes.getStudentRecord, () => ok(record)),
      onCall(attendanceRecordRoutes.getStudentMarks, () => ok(marks)),
    );
    renderApp(ROUTES.studentAttendanceRecord, { role: 'student' });
    const subjects = await screen.findByRole('list', { name: 'Subjects' });
    const security = within(subjects).getAllByRole('listitem')[0]!;
    expect(within(security).getByText('66.67 %')).toBeInTheDocument();
    expect(
      within(security).getByText('Attend at least 10 of the 12 remaining lectures to reach 75 %.'),
    ).toBeInTheDocument();
    expect(
      within(security).getByRole('img', {
        name: 'Information Security, attendance by week: 2 weeks, 1 below 75 %',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('No lectures counted yet')).toBeInTheDocument();
    expect(
      screen.getByText('Even attending all 2 remaining lectures will not reach 75 %.'),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Marks' });
    expect(within(list).getByText('Excused: you were on medical leave.')).toBeInTheDocument();
    expect(within(list).getByText('Corrected')).toBeInTheDocument();
    expect(within(list).getByText('Excused (Medical)')).toBeInTheDocument();
  });

  it('says when the record cannot be loaded', async () => {
    server.use(onCall(attendanceRecordRoutes.getStudentRecord, () => errorReply(404, 'Student not found')));
    renderApp(ROUTES.studentAttendanceRecord, { role: 'student' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Student not found');
  });
});
