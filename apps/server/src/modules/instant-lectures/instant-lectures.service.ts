import { and, eq, inArray } from 'drizzle-orm';
import type {
  CreateInstantLectureBody,
  InstantLectureMetadataQuery,
  InstantLectureStudent,
  InstantLectureTeacher,
} from '@rollbook/contract';
import type { AppDeps } from '../../plugins/app/deps';
import type { AuthContext } from '../../lib/caller';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { formatClockTime } from '../../lib/clock-time';
import { localDate, minutesOfDay } from '../../lib/week';
import { attendances, instantLectures } from '../../db/schema';
import { createScope } from '../../domain/caller-scope';
import { createPeopleRepository } from '../../domain/people.repository';
import {
  createInstantLecturesRepository,
  type InstantLectureRow,
} from '../../domain/lectures/instant-lectures.repository';
import {
  instantLectureStudentWire,
  instantLectureTeacherWire,
} from '../../domain/lectures/instant-lecture-wire';
import { groupRows } from '../../domain/lectures/lecture-wire';
import { createLectureSessionsRepository } from '../../domain/lectures/lecture-sessions.repository';
import { createInstantLecturesModuleRepository } from './instant-lectures.repository';

/** How long an instant lecture is shown to last on its cards: it is held from its creation. */
export const INSTANT_LECTURE_MINUTES = 60;
/** How many of a teacher's instant lectures their list shows, newest first. */
export const TEACHER_LIST_LIMIT = 50;
const LAST_MINUTE_OF_DAY = 23 * 60 + 59;

/**
 * Instant (extra) lectures, contract §13. Who may create what (docs/decisions/instant-0001):
 * a teacher, for an active semester of a branch they belong to, any of its divisions (narrowed to
 * some of their batches or not), about a subject of that semester they teach in the timetable or
 * under a free title, held today. Starting its session is the sessions module's
 * (`create_instant_lecture_session/`).
 */
export function createInstantLecturesService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const people = createPeopleRepository(deps.db);
  const scope = createScope(deps.db);
  const repo = createInstantLecturesModuleRepository(deps.db);
  const instantRepo = createInstantLecturesRepository(deps.db);

  async function requireTeacher(auth: AuthContext) {
    const teacher = await people.teacherOfProfile(auth.profileId);
    if (!teacher) throw forbidden('Only teachers can hold instant lectures');
    return teacher;
  }

  /** A division the teacher may hold an instant lecture for (404 outside their branches). */
  async function teachableDivision(auth: AuthContext, slug: string) {
    const division = await repo.divisionBySlug(slug, auth.institutionId);
    const branchIds = await scope.branchIdsOf(auth);
    if (!division || !branchIds.includes(division.branchId)) throw notFound('Division');
    return division;
  }

  /** Rows with their divisions and batches, as `wire` shapes them. */
  async function withGroups<T>(
    rows: InstantLectureRow[],
    wire: (
      row: InstantLectureRow,
      divisions: Awaited<ReturnType<typeof instantRepo.divisionsOf>>,
      batches: Awaited<ReturnType<typeof instantRepo.batchesOf>>,
    ) => T,
  ): Promise<T[]> {
    const ids = rows.map((r) => r.id);
    const [divisions, batches] = await Promise.all([
      instantRepo.divisionsOf(ids),
      instantRepo.batchesOf(ids),
    ]);
    const divisionsOf = groupRows(divisions, (d) => d.instantLectureId);
    const batchesOf = groupRows(batches, (b) => b.instantLectureId);
    return rows.map((row) => wire(row, divisionsOf.get(row.id) ?? [], batchesOf.get(row.id) ?? []));
  }

  return {
    /** The pickers, one level at a time (§13): branches, semesters, divisions and subjects, batches. */
    async metadata(auth: AuthContext, query: InstantLectureMetadataQuery) {
      const teacher = await requireTeacher(auth);
      const branchIds = await scope.branchIdsOf(auth);
      if (query.branch !== undefined) {
        const [branch] = (await repo.branchesByIds(branchIds)).filter((b) => b.slug === query.branch);
        if (!branch) throw notFound('Branch');
        const rows = await repo.activeSemestersWithDivisions(branch.id, auth.institutionId);
        return rows.map((s) => ({ slug: s.slug, no: s.no }));
      }
      if (query.semester !== undefined) {
        const semester = await scope.semester(auth, query.semester);
        const [divisions, subjects] = await Promise.all([
          repo.divisionsOfSemester(semester.id),
          repo.teacherSubjectsOfSemester(teacher.id, semester.id),
        ]);
        return {
          divisions: divisions.map((d) => ({ slug: d.slug, division_name: d.name })),
          subjects: subjects.map((s) => ({
            slug: s.slug,
            subject_map: { subject_name: s.name, subject_code: s.code },
          })),
        };
      }
      if (query.division !== undefined) {
        const division = await teachableDivision(auth, query.division);
        const batches = await repo.batchesOfDivisions([division.id]);
        return batches.map((b) => ({ slug: b.slug, batch_name: b.name }));
      }
      const branches = await repo.branchesByIds(branchIds);
      return branches.map((b) => ({ slug: b.slug, branch_name: b.name }));
    },

    /** The caller's recent instant lectures, newest first. */
    async listForTeacher(auth: AuthContext): Promise<InstantLectureTeacher[]> {
      const teacher = await requireTeacher(auth);
      const rows = await instantRepo.instantLectures(
        eq(instantLectures.teacherId, teacher.id),
        TEACHER_LIST_LIMIT,
      );
      return withGroups(rows, instantLectureTeacherWire);
    },

    /**
     * Creates an instant lecture for today, from now for an hour, with its session (`pre`). Every
     * slug is checked inside the caller's scope before anything is written: a semester or division
     * outside their branches is not found, a batch must belong to a chosen division, a subject must
     * be one they teach in that semester.
     */
    async create(auth: AuthContext, body: CreateInstantLectureBody): Promise<InstantLectureTeacher> {
      const teacher = await requireTeacher(auth);
      const semester = await scope.semester(auth, body.semester);
      if (!semester.isActive)
        throw new AppError('conflict', 'This semester is not running: choose a current one');

      const semesterDivisions = await repo.divisionsOfSemester(semester.id);
      const divisionIds = [...new Set(body.divisions)].map((slug) => {
        const division = semesterDivisions.find((d) => d.slug === slug);
        if (!division)
          throw new AppError('validation_failed', `divisions: ${slug} is not a division of this semester`);
        return division.id;
      });
      const divisionBatches = await repo.batchesOfDivisions(divisionIds);
      const batchIds = [...new Set(body.batches ?? [])].map((slug) => {
        const batch = divisionBatches.find((b) => b.slug === slug);
        if (!batch)
          throw new AppError('validation_failed', `batches: ${slug} is not a batch of the chosen divisions`);
        return batch.id;
      });

      let offeredSubjectId: number | null = null;
      if (body.subject !== undefined) {
        const subjects = await repo.teacherSubjectsOfSemester(teacher.id, semester.id);
        const subject = subjects.find((s) => s.slug === body.subject);
        if (!subject) {
          throw new AppError(
            'validation_failed',
            'subject: choose a subject you teach in this semester, or give a title',
          );
        }
        offeredSubjectId = subject.id;
      }

      let classroomId: number | null = null;
      if (body.classroom !== undefined) {
        const room = await repo.classroomOfBranches(body.classroom, auth.institutionId, [semester.branch.id]);
        if (!room) throw notFound('Classroom');
        classroomId = room.id;
      } else if (!(await repo.hasCampusPoint(auth.institutionId))) {
        throw new AppError(
          'validation_failed',
          'classroom: choose a classroom: your institution has no campus point to check locations against',
        );
      }

      const now = deps.clock.now();
      const startMinute = minutesOfDay(now, semester.timezone);
      const day = localDate(now, semester.timezone);
      const created = await deps.db.transaction(async (tx) => {
        const lecture = await createInstantLecturesModuleRepository(tx).insertInstantLecture({
          semesterId: semester.id,
          teacherId: teacher.id,
          offeredSubjectId,
          title: offeredSubjectId === null ? (body.title ?? null) : null,
          classroomId,
          day,
          startTime: formatClockTime(startMinute),
          endTime: formatClockTime(Math.min(startMinute + INSTANT_LECTURE_MINUTES, LAST_MINUTE_OF_DAY)),
          divisionIds,
          batchIds,
        });
        await createLectureSessionsRepository(tx).createInstantSession(lecture.id, day);
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'instant_lecture.created',
          entityType: 'instant_lecture',
          entitySlug: lecture.slug,
          detail: {
            semester: semester.slug,
            divisions: body.divisions,
            batches: body.batches ?? [],
            subject: body.subject ?? null,
            title: body.title ?? null,
            classroom: body.classroom ?? null,
            day,
          },
        });
        return lecture;
      });
      const row = await instantRepo.instantById(created.id);
      if (!row) throw new Error(`instant lecture ${created.slug} was not stored`);
      const [wire] = await withGroups([row], instantLectureTeacherWire);
      return wire!;
    },

    /** Today's instant lectures the calling student is expected at, with whether they are marked. */
    async listForStudent(auth: AuthContext): Promise<InstantLectureStudent[]> {
      const student = await people.studentOfProfile(auth.profileId);
      if (!student) throw forbidden('Only students have instant lectures to attend');
      const today = localDate(deps.clock.now(), await people.institutionTimezone(auth.institutionId));
      const rows = await instantRepo.studentInstantLectures(student.id, auth.institutionId, today);
      const sessionIds = rows.map((r) => r.sessionRowId);
      const present =
        sessionIds.length === 0
          ? []
          : await deps.db
              .select({ sessionId: attendances.sessionId })
              .from(attendances)
              .where(
                and(
                  inArray(attendances.sessionId, sessionIds),
                  eq(attendances.studentId, student.id),
                  eq(attendances.isPresent, true),
                ),
              );
      const marked = new Set(present.map((p) => p.sessionId));
      return withGroups(rows, (row, divisions, batches) =>
        instantLectureStudentWire(row, divisions, batches, marked.has(row.sessionRowId)),
      );
    },
  };
}
