import type { ExcelFile } from '@rollbook/contract';
import type { AuthContext } from '../../lib/caller';
import { createScope, semesterLabel } from '../../domain/caller-scope';
import { createCatalogueRepository } from '../../domain/subjects/catalogue.repository';
import { isOpen } from './choice-state';
import { createChoicesRepository } from './choices.repository';
import { createConfirmationService } from './confirmation.service';
import type { ChoicesDeps } from './deps';
import { buildWorkbook } from '../../lib/workbook';

type Cell = string | number | null;

const status = (locked: boolean) => (locked ? 'Locked' : 'Saved');

/**
 * The three confirmation spreadsheets (contract §9.13): teacher to subject, subject to teacher,
 * and a semester's student to subject map. They hold saved choices only (drafts are private).
 */
export function createExportsService(deps: ChoicesDeps) {
  const scope = createScope(deps.db);
  const repo = createChoicesRepository(deps.db);
  const catalogue = createCatalogueRepository(deps.db);
  const confirmation = createConfirmationService(deps);

  return {
    /** One row per teacher and saved subject, in priority order; teachers with none get one row. */
    async teacherToSubject(auth: AuthContext): Promise<ExcelFile> {
      const teachers = await confirmation.teacherPicks(auth);
      const rows = teachers.flatMap(({ teacher, picks }): Cell[][] =>
        picks.length === 0
          ? [[teacher.name, teacher.code, teacher.email, null, null, null, null, 'No choices saved']]
          : picks.map((p, i) => [
              teacher.name,
              teacher.code,
              teacher.email,
              i + 1,
              p.subject.subjectCode,
              p.subject.subjectName,
              semesterLabel(p.semester),
              status(p.locked),
            ]),
      );
      return buildWorkbook('teacher_to_subject_map.xlsx', [
        {
          name: 'Teacher to subject',
          columns: [
            { header: 'Teacher', width: 28 },
            { header: 'Teacher code', width: 14 },
            { header: 'Email', width: 32 },
            { header: 'Priority', width: 10 },
            { header: 'Subject code', width: 14 },
            { header: 'Subject', width: 36 },
            { header: 'Semester', width: 40 },
            { header: 'Status', width: 18 },
          ],
          rows,
        },
      ]);
    },

    /** One row per offered subject of the admin's active semesters, with its teachers by priority. */
    async subjectToTeacher(auth: AuthContext): Promise<ExcelFile> {
      const semesters = (await scope.semestersOf(auth)).filter((s) => s.isActive);
      const offered = await catalogue.offeredOfSemesters(semesters.map((s) => s.id));
      const teachers = await confirmation.teacherPicks(auth);
      const rows = offered.map((o) => {
        const semester = semesters.find((s) => s.id === o.semesterId)!;
        const chosenBy = teachers
          .flatMap(({ teacher, picks }) => {
            const rank = picks.findIndex((p) => p.subject.offeredId === o.offeredId);
            return rank >= 0 ? [{ teacher, rank: rank + 1 }] : [];
          })
          .sort((a, b) => a.rank - b.rank);
        return [
          semesterLabel(semester),
          o.subjectCode,
          o.subjectName,
          o.isElective ? o.category : 'Compulsory',
          o.isTechnical ? 'Technical' : 'Non-technical',
          chosenBy.length,
          chosenBy.map((c) => `${c.teacher.name} (${c.teacher.code}, priority ${c.rank})`).join('; '),
        ];
      });
      return buildWorkbook('subject_to_teacher_map.xlsx', [
        {
          name: 'Subject to teacher',
          columns: [
            { header: 'Semester', width: 40 },
            { header: 'Subject code', width: 14 },
            { header: 'Subject', width: 36 },
            { header: 'Category', width: 36 },
            { header: 'Type', width: 14 },
            { header: 'Teachers', width: 10 },
            { header: 'Chosen by (priority)', width: 80 },
          ],
          rows,
        },
      ]);
    },

    /** One row per student of a semester with their subject in each elective category. */
    async studentToSubject(auth: AuthContext, semesterSlug: string): Promise<ExcelFile> {
      const semester = await scope.semester(auth, semesterSlug);
      const categories = await catalogue.categoriesOfSemesters([semester.id]);
      const records = await repo.recordsOfSemesters([semester.id], 'student');
      const items = await repo.itemsOf(records.filter((r) => r.choicesSaved).map((r) => r.id));
      const subjects = new Map(
        (await catalogue.offeredOfSemesters([semester.id])).map((s) => [s.offeredId, s]),
      );
      const people = new Map(
        (await repo.people(records.map((r) => r.profileId))).map((p) => [p.profileId, p]),
      );
      const now = deps.clock.now();
      const rows = records
        .map((r) => ({ r, person: people.get(r.profileId) }))
        .sort((a, b) => (a.person?.enrollment ?? '').localeCompare(b.person?.enrollment ?? ''))
        .map(({ r, person }) => {
          const mine = items.filter((i) => i.choiceId === r.id);
          const perCategory = categories.map((c) => {
            const pick = mine.find((i) => c.subjectIds.includes(i.offeredSubjectId));
            const s = pick ? subjects.get(pick.offeredSubjectId) : undefined;
            return s ? `${s.subjectName} (${s.subjectCode})` : null;
          });
          const state = !r.choicesSaved ? 'Not chosen' : status(!isOpen(r, semester, now));
          return [person?.enrollment ?? '', person?.name ?? '', person?.email ?? '', ...perCategory, state];
        });
      return buildWorkbook(`student_to_subject_map_semester_${semester.no}.xlsx`, [
        {
          name: `Semester ${semester.no}`,
          columns: [
            { header: 'Enrollment', width: 16 },
            { header: 'Student', width: 28 },
            { header: 'Email', width: 36 },
            ...categories.map((c) => ({ header: c.category, width: 40 })),
            { header: 'Status', width: 14 },
          ],
          rows,
        },
      ]);
    },
  };
}
