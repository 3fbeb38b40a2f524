import {
  EXCUSE_LABELS,
  type AttendanceMark,
  type CorrectionEntry,
  type CorrectMarkBody,
  type ExcelFile,
  type SessionSheet,
  type SheetRow,
} from '@rollbook/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../lib/caller';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { localDate, readableDate } from '../../lib/week';
import { zonedIsoString } from '../../lib/zoned-time';
import { buildWorkbook } from '../../lib/workbook';
import type { NotificationService } from '../../domain/notifications';
import { createHistoryRepository } from './history.repository';
import { historyItemWire, sheetRowWire } from './history-wire';
import { accessibleSession, correctionPermission, correctionRulesOf } from './session-access';
import { createSheetRepository, markOf } from './sheet.repository';

export interface RecordServiceDeps {
  db: Db;
  clock: Clock;
  /** The bell for a scope: inside a transaction its alerts are pushed only after the commit. */
  notifier: (scope: Db) => NotificationService;
}

/** A mark in words: "present", "absent", "excused (medical)". */
export function markText(mark: AttendanceMark): string {
  return mark.status === 'excused' && mark.excuse
    ? `excused (${EXCUSE_LABELS[mark.excuse].toLowerCase()})`
    : mark.status;
}

const sameMark = (a: AttendanceMark, b: AttendanceMark) => a.status === b.status && a.excuse === b.excuse;

/**
 * A held session's record: its sheet (every expected student, corrected rows flagged), corrections
 * by the lecture's teacher within the institution's window or by the branch's admins at any time
 * (each one kept in the trail and the audit log, and announced to the student), the trail of one
 * mark, and the sheet as a spreadsheet.
 */
export function createRecordService(deps: RecordServiceDeps) {
  async function sheetOf(auth: AuthContext, sessionId: string): Promise<SessionSheet> {
    const access = await accessibleSession(deps.db, auth, sessionId);
    const { session } = access;
    const rules = await correctionRulesOf(deps.db, auth.institutionId);
    const [rows, counts] = await Promise.all([
      createSheetRepository(deps.db).sheet(session.id, session),
      createHistoryRepository(deps.db).countsOf([session.id]),
    ]);
    return {
      session: historyItemWire(session, counts.get(session.id)),
      correction: correctionPermission(access, rules, localDate(deps.clock.now(), rules.timeZone)),
      rows: rows.map(sheetRowWire),
    };
  }

  return {
    sheet: sheetOf,

    async correct(auth: AuthContext, sessionId: string, body: CorrectMarkBody): Promise<SheetRow> {
      const access = await accessibleSession(deps.db, auth, sessionId);
      const { session } = access;
      const rules = await correctionRulesOf(deps.db, auth.institutionId);
      const now = deps.clock.now();
      const permission = correctionPermission(access, rules, localDate(now, rules.timeZone));
      if (!permission.allowed) {
        throw access.as === 'teacher' && permission.until !== null
          ? forbidden(permission.message ?? 'Corrections of this session are closed')
          : new AppError('conflict', permission.message ?? 'This session cannot be corrected now');
      }
      const student = await createSheetRepository(deps.db).sheetRowOf(session.id, session, body.student_slug);
      if (!student) throw notFound('Student of this session');
      const after: AttendanceMark = {
        status: body.status,
        excuse: body.status === 'excused' ? (body.excuse ?? null) : null,
      };

      await deps.db.transaction(async (tx) => {
        const sheet = createSheetRepository(tx);
        const row = await sheet.lockedAttendance(session.id, student.studentId);
        const before = markOf(row);
        if (sameMark(before, after)) {
          throw new AppError('conflict', `${student.enrollment} is already marked ${markText(after)}`);
        }
        await sheet.applyCorrection({
          attendanceId: row.id,
          changedBy: auth.profileId,
          before,
          after,
          reason: body.reason,
          at: now,
        });
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'attendance.corrected',
          entityType: 'attendance',
          entitySlug: row.slug,
          detail: {
            session: session.sessionId,
            student: student.studentSlug,
            day: session.day,
            before,
            after,
            reason: body.reason,
            as: access.as,
          },
        });
        await deps.notifier(tx).notify({
          profileIds: [student.profileId],
          type: 'attendance_correction_alert',
          message:
            `Your attendance for ${session.subjectName} on ${readableDate(session.day)} was changed from ` +
            `${markText(before)} to ${markText(after)}. Reason: ${body.reason}`,
        });
      });

      const updated = await createSheetRepository(deps.db).sheetRowOf(session.id, session, body.student_slug);
      return sheetRowWire(updated!);
    },

    async trail(auth: AuthContext, sessionId: string, studentSlug: string): Promise<CorrectionEntry[]> {
      const { session } = await accessibleSession(deps.db, auth, sessionId);
      const repo = createSheetRepository(deps.db);
      const student = await repo.sheetRowOf(session.id, session, studentSlug);
      if (!student) throw notFound('Student of this session');
      const rows = await repo.trail(session.id, student.studentId);
      // On the institution's clock with its offset, so the page shows the institution's time.
      const { timeZone } = await correctionRulesOf(deps.db, auth.institutionId);
      return rows.map((r) => ({
        changed_at: zonedIsoString(r.changedAt, timeZone),
        changed_by: r.changedBy,
        before: r.before,
        after: r.after,
        reason: r.reason,
      }));
    },

    async workbook(auth: AuthContext, sessionId: string): Promise<ExcelFile> {
      const { session, rows } = await sheetOf(auth, sessionId);
      // Read by people: times on the institution's clock with its offset, as the CSV export writes
      // them, so a mark made at 00:35 on the session's day does not read as the day before.
      const { timeZone } = await correctionRulesOf(deps.db, auth.institutionId);
      const local = (iso: string | null) => (iso ? zonedIsoString(new Date(iso), timeZone) : '');
      const fileName = `attendance-${session.subject_code}-${session.division}-${session.day}.xlsx`;
      return buildWorkbook(fileName.replace(/[^A-Za-z0-9._-]/g, '_'), [
        {
          name: 'Attendance',
          columns: [
            { header: 'Enrollment', width: 16 },
            { header: 'Name', width: 28 },
            { header: 'Status', width: 12 },
            { header: 'Excuse', width: 12 },
            { header: 'Manual', width: 8 },
            { header: 'Marked at', width: 24 },
            { header: 'Corrected at', width: 24 },
            { header: 'Corrections', width: 12 },
          ],
          rows: rows.map((r) => [
            r.student.enrollment,
            r.student.name,
            r.status,
            r.excuse ? EXCUSE_LABELS[r.excuse] : '',
            r.manual ? 'yes' : 'no',
            local(r.marking_time),
            local(r.corrected_at),
            r.correction_count,
          ]),
        },
      ]);
    },
  };
}
