import type { RecordMarks, StudentRecord } from '@rollbook/contract';
import { REPORT_PAGE_SIZE_DEFAULT } from '@rollbook/contract';
import type { AppDeps } from '../../plugins/app/deps';
import type { AuthContext } from '../../lib/caller';
import { notFound } from '../../lib/app-error';
import { localDate } from '../../lib/week';
import { createPeopleRepository } from '../../domain/people.repository';
import {
  createAttendanceRecordRepository,
  explainMark,
  lecturesNeeded,
  markStatus,
  remainingLectures,
  studentMarks,
} from '../../domain/attendance-record';
import { createReportsRepository } from './reports.repository';

/** The student's own record: figures per subject, what they still need, and each mark explained. */
export function createStudentRecordService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const { db } = deps;
  const record = createAttendanceRecordRepository(db);
  const people = createPeopleRepository(db);

  async function studentOf(auth: AuthContext) {
    const student = await people.studentOfProfile(auth.profileId);
    if (!student || student.institutionId !== auth.institutionId) throw notFound('Student');
    return student;
  }

  return {
    async record(auth: AuthContext): Promise<StudentRecord> {
      const student = await studentOf(auth);
      const rules = (await record.countingRules(auth.institutionId))!;
      const timeZone = await people.institutionTimezone(auth.institutionId);
      const today = localDate(deps.clock.now(), timeZone);
      const filter = { institutionId: auth.institutionId, studentIds: [student.id] };
      const [tallies, weeks, remaining] = [
        await record.subjectTallies(filter),
        await record.weeklyTrendBySubject(filter),
        await remainingLectures(db, { institutionId: auth.institutionId, studentId: student.id, today }),
      ];
      const remainingOf = new Map(remaining.map((r) => [r.subjectId, r.remaining]));
      // Subjects with lectures to come but none held yet are listed too, at zero.
      const unheldIds = remaining
        .map((r) => r.subjectId)
        .filter((id) => !tallies.some((t) => t.subjectId === id));
      const unheld = await createReportsRepository(db).subjectsByIds(unheldIds);
      const rows = [
        ...tallies.map((t) => ({
          id: t.subjectId,
          slug: t.subjectSlug,
          name: t.subjectName,
          code: t.subjectCode,
          held: t.held,
          attended: t.attended,
          excused: t.excused,
          absent: t.absent,
          percentage: t.percentage,
          counted: { attended: t.countedAttended, held: t.countedHeld },
        })),
        ...unheld.map((s) => ({
          id: s.id,
          slug: s.slug,
          name: s.subjectName,
          code: s.subjectCode,
          held: 0,
          attended: 0,
          excused: 0,
          absent: 0,
          percentage: null,
          counted: { attended: 0, held: 0 },
        })),
      ].sort((a, b) => a.name.localeCompare(b.name));
      const ends = remaining.map((r) => r.semesterEnd).filter((d): d is string => d !== null);
      return {
        threshold_percent: rules.thresholdPercent,
        excused_counts_as: rules.excusedCountsAs,
        today,
        semester_end: ends.length > 0 ? ends.sort().at(-1)! : null,
        subjects: rows.map((r) => {
          const left = remainingOf.get(r.id) ?? null;
          return {
            subject_slug: r.slug,
            subject_name: r.name,
            subject_code: r.code,
            held: r.held,
            attended: r.attended,
            excused: r.excused,
            absent: r.absent,
            percentage: r.percentage,
            remaining: left,
            needed: left === null ? null : lecturesNeeded(r.counted, left, rules.thresholdPercent),
            weeks: weeks
              .filter((w) => w.subjectId === r.id)
              .map((w) => ({ week_start: w.weekStart, held: w.held, percentage: w.percentage })),
          };
        }),
      };
    },

    async marks(
      auth: AuthContext,
      q: { subject?: string | undefined; page?: number | undefined; page_size?: number | undefined },
    ): Promise<RecordMarks> {
      const student = await studentOf(auth);
      let subjectId: number | undefined;
      if (q.subject !== undefined) {
        const tallies = await record.subjectTallies({
          institutionId: auth.institutionId,
          studentIds: [student.id],
        });
        const found = tallies.find((t) => t.subjectSlug === q.subject);
        if (!found) throw notFound('Subject');
        subjectId = found.subjectId;
      }
      const size = q.page_size ?? REPORT_PAGE_SIZE_DEFAULT;
      const page = q.page ?? 1;
      const timeZone = await people.institutionTimezone(auth.institutionId);
      const { total, marks } = await studentMarks(db, {
        institutionId: auth.institutionId,
        studentId: student.id,
        subjectId,
        limit: size,
        offset: (page - 1) * size,
      });
      return {
        results: marks.map((m) => ({
          day: m.day,
          subject_name: m.subjectName,
          lecture_type: m.lectureType,
          status: markStatus(m),
          excuse: m.excuse,
          explanation: explainMark(m, timeZone),
          corrected: m.correctedAt !== null,
        })),
        current_page: page,
        num_pages: Math.max(1, Math.ceil(total / size)),
        total,
      };
    },
  };
}
