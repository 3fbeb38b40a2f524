import type { FastifyInstance } from 'fastify';
import { analyticsRoutes, attendanceRecordRoutes, ok } from '@rollbook/contract';
import { registerRoute } from '../../lib/routes';
import { createReportsService } from './reports.service';
import { createStudentRecordService } from './student-record.service';

/**
 * The attendance record (issue 16 items 4 and 5): the student's own record, teachers' and admins'
 * reports with their exports, and the later client's §13 analytics calls. Every figure comes from
 * domain/attendance-record.
 */
export async function attendanceReportsModule(app: FastifyInstance) {
  const reports = createReportsService(app.deps);
  const student = createStudentRecordService(app.deps);

  registerRoute(app, analyticsRoutes.getSubjectsOfTeacher, async ({ auth }) =>
    ok(await reports.subjectsOfTeacher(auth)),
  );
  registerRoute(app, analyticsRoutes.getDetainedStudentsBySubject, async ({ auth, params, query }) =>
    ok(await reports.detainedBySubject(auth, params.subject, query)),
  );
  registerRoute(app, analyticsRoutes.getDetailedStudentExcelReport, async ({ auth, body }) =>
    ok(await reports.detailedExcel(auth, body)),
  );

  registerRoute(app, attendanceRecordRoutes.getStudentRecord, async ({ auth }) =>
    ok(await student.record(auth)),
  );
  registerRoute(app, attendanceRecordRoutes.getStudentMarks, async ({ auth, query }) =>
    ok(await student.marks(auth, query)),
  );

  registerRoute(app, attendanceRecordRoutes.getReportOptions, async ({ auth }) =>
    ok(await reports.options(auth)),
  );
  registerRoute(app, attendanceRecordRoutes.getReportTable, async ({ auth, query }) =>
    ok(await reports.table(auth, query)),
  );
  registerRoute(app, attendanceRecordRoutes.getDetentionList, async ({ auth, query }) =>
    ok(await reports.detention(auth, query)),
  );
  registerRoute(app, attendanceRecordRoutes.getReportTrend, async ({ auth, query }) =>
    ok(await reports.trend(auth, query)),
  );
  registerRoute(app, attendanceRecordRoutes.getReportWorkbook, async ({ auth, query }) =>
    ok(await reports.workbook(auth, query)),
  );
  registerRoute(app, attendanceRecordRoutes.getReportCsv, async ({ auth, query, reply }) => {
    const csv = await reports.csv(auth, query);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csv.fileName}"`);
    return csv.text;
  });
}
