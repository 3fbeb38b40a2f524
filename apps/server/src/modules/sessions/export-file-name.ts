import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  catalogueSubjects,
  divisions,
  instantLectures,
  lectures,
  lectureSessions,
  offeredSubjects,
  timetables,
} from '../../db/schema';

/** Keeps a file-name part to letters, digits, dots and dashes, so every browser and disk takes it. */
function fileNamePart(text: string): string {
  return text
    .trim()
    .replace(/[^A-Za-z0-9.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}

/**
 * The download name of a session's export: `session_data` (the name the original client saves)
 * followed by the lecture and its date, e.g. `session_data_DBMS_A_2026-11-25.csv`, so several
 * exports on one disk tell themselves apart instead of becoming `session_data (3).csv`. `day` is
 * already the institution's date of the session.
 */
export function sessionExportFileName(lecture: { subject: string; division: string }, day: string): string {
  const parts = ['session_data', fileNamePart(lecture.subject), fileNamePart(lecture.division), day];
  return `${parts.filter(Boolean).join('_')}.csv`;
}

/**
 * What names a session's lecture in a file name: the subject's short code (or an instant lecture's
 * title) and the division of a timetable lecture.
 */
export async function sessionLectureName(
  db: DbOrTx,
  sessionRowId: number,
): Promise<{ subject: string; division: string }> {
  const [row] = await db
    .select({
      subject: sql<string>`coalesce(nullif(${catalogueSubjects.shortName}, ''), ${catalogueSubjects.subjectCode}, ${instantLectures.title}, '')`,
      division: sql<string>`coalesce(${divisions.name}, '')`,
    })
    .from(lectureSessions)
    .leftJoin(lectures, eq(lectures.id, lectureSessions.lectureId))
    .leftJoin(timetables, eq(timetables.id, lectures.timetableId))
    .leftJoin(divisions, eq(divisions.id, timetables.divisionId))
    .leftJoin(instantLectures, eq(instantLectures.id, lectureSessions.instantLectureId))
    .leftJoin(
      offeredSubjects,
      eq(
        offeredSubjects.id,
        sql`coalesce(${lectures.offeredSubjectId}, ${instantLectures.offeredSubjectId})`,
      ),
    )
    .leftJoin(catalogueSubjects, eq(catalogueSubjects.id, offeredSubjects.catalogueSubjectId))
    .where(eq(lectureSessions.id, sessionRowId));
  return row ?? { subject: '', division: '' };
}
