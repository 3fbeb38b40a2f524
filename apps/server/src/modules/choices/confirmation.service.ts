import type {
  StudentChoiceRow,
  StudentChoiceUnlockResult,
  Subject,
  TeacherChoiceRow,
  TeacherSubjectMapEntry,
  UnlockStudentChoiceBody,
} from '@rollbook/contract';
import { conflict, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import type { AuthContext } from '../../lib/caller';
import { createScope, semesterLabel, type SemesterScope } from '../../domain/caller-scope';
import { createCatalogueRepository } from '../../domain/subjects/catalogue.repository';
import { offeredSubjectToWire, type OfferedRow } from '../../domain/subjects/subject-rows';
import { isOpen } from './choice-state';
import { divisionsRefusal, refuseAfterDivisions, refuseAfterDivisionsLocked } from './divisions-guard';
import { createChoicesRepository, type ChoiceItem, type ChoiceRecord } from './choices.repository';
import type { ChoicesDeps } from './deps';

/** One teacher of the admin's branches with their saved picks, in priority order. */
export interface TeacherPicks {
  teacher: { teacherId: number; slug: string; code: string; profileId: number; name: string; email: string };
  picks: {
    record: ChoiceRecord;
    item: ChoiceItem;
    subject: OfferedRow;
    semester: SemesterScope;
    locked: boolean;
  }[];
}

/**
 * The admin's confirmation (contract §9.8-9.12): who chose each subject, removing a student's
 * elective (auto-assigning the only alternative, or reopening that choice), and reopening a
 * teacher's choices. Only semesters of the admin's branches are visible.
 */
export function createConfirmationService(deps: ChoicesDeps) {
  const scope = createScope(deps.db);
  const repo = createChoicesRepository(deps.db);
  const catalogue = createCatalogueRepository(deps.db);

  /** Saved picks of some records with their subjects and semesters, by priority. */
  async function picksOf(records: ChoiceRecord[]) {
    const saved = records.filter((r) => r.choicesSaved);
    const items = await repo.itemsOf(saved.map((r) => r.id));
    const subjects = new Map(
      (await catalogue.offeredByIds(items.map((i) => i.offeredSubjectId))).map((s) => [s.offeredId, s]),
    );
    const semesters = new Map(
      (
        await scope.semestersByIds([
          ...new Set([...subjects.values()].map((s) => s.semesterId).concat(saved.map((r) => r.semesterId))),
        ])
      ).map((s) => [s.id, s]),
    );
    const now = deps.clock.now();
    return items
      .map((item) => {
        const record = saved.find((r) => r.id === item.choiceId)!;
        const subject = subjects.get(item.offeredSubjectId);
        const semester = subject ? semesters.get(subject.semesterId) : undefined;
        const own = semesters.get(record.semesterId);
        if (!subject || !semester || !own) return [];
        return [{ record, item, subject, semester, locked: !isOpen(record, own, now) }];
      })
      .flat()
      .sort((a, b) => a.item.ordering - b.item.ordering || a.record.semesterId - b.record.semesterId);
  }

  /** Every teacher of the admin's branches with their saved picks in active semesters. */
  async function teacherPicks(auth: AuthContext): Promise<TeacherPicks[]> {
    const branchIds = await scope.branchIdsOf(auth);
    const teachers = await repo.teachersOfBranches(branchIds);
    const semesters = (await scope.semestersOf(auth)).filter((s) => s.isActive);
    const records = (
      await repo.recordsOfSemesters(
        semesters.map((s) => s.id),
        'teacher',
      )
    ).filter((r) => teachers.some((t) => t.profileId === r.profileId));
    const picks = await picksOf(records);
    return teachers.map((t) => ({
      teacher: {
        teacherId: t.teacherId,
        slug: t.teacherSlug,
        code: t.teacherCode,
        profileId: t.profileId,
        name: t.name ?? t.email,
        email: t.email,
      },
      picks: picks.filter((p) => p.record.profileId === t.profileId),
    }));
  }

  /** A teacher's whole saved list (across active semesters), for ranking one subject in it. */
  async function teacherList(profileId: number) {
    const records = await repo.recordsOfProfile(profileId, 'teacher');
    const active = new Set(
      (await scope.semestersByIds(records.map((r) => r.semesterId)))
        .filter((s) => s.isActive)
        .map((s) => s.id),
    );
    return picksOf(records.filter((r) => active.has(r.semesterId)));
  }

  return {
    teacherPicks,

    /** Teachers who saved a subject, with its rank in their list (§9.8). */
    async teachersForSubject(auth: AuthContext, subjectSlug: string): Promise<TeacherChoiceRow[]> {
      const { subject } = await scope.offeredSubject(auth, subjectSlug);
      const rows = await repo.savedPicksOf(subject.offeredId, 'teacher');
      const people = await repo.people(rows.map((r) => r.profileId));
      return Promise.all(
        rows.map(async (r) => {
          const list = await teacherList(r.profileId);
          const person = people.find((p) => p.profileId === r.profileId);
          const rank = list.findIndex((p) => p.subject.offeredId === subject.offeredId);
          return {
            slug: r.slug,
            profile: {
              name: person?.name ?? person?.email ?? '',
              email: person?.email ?? '',
              role: 'teacher' as const,
            },
            priority: rank >= 0 ? rank + 1 : null,
            finalized_choises: list.map((p) =>
              offeredSubjectToWire(p.subject, { priority: p.item.ordering }),
            ),
          };
        }),
      );
    },

    /** Students who saved a subject (§9.9). */
    async studentsForSubject(auth: AuthContext, subjectSlug: string): Promise<StudentChoiceRow[]> {
      const { subject, semester } = await scope.offeredSubject(auth, subjectSlug);
      const rows = await repo.savedPicksOf(subject.offeredId, 'student');
      const people = await repo.people(rows.map((r) => r.profileId));
      const picks = await picksOf(rows);
      const now = deps.clock.now();
      // Said on each row so the page offers no delete the server would refuse.
      const removalClosedReason = semester.divisionsCreated
        ? divisionsRefusal(semester, 'Choices can no longer be removed')
        : null;
      return rows
        .map((r) => ({ r, person: people.find((p) => p.profileId === r.profileId) }))
        .sort((a, b) => (a.person?.enrollment ?? '').localeCompare(b.person?.enrollment ?? ''))
        .map(({ r, person }) => ({
          slug: r.slug,
          profile: {
            slug: person?.studentSlug ?? '',
            enrollment: person?.enrollment ?? '',
            ...(person?.srNo ? { sr_no: person.srNo } : {}),
            profile: {
              name: person?.name ?? person?.email ?? '',
              email: person?.email ?? '',
              role: 'student' as const,
            },
          },
          priority: r.ordering,
          choices_locked: !isOpen(r, semester, now),
          finalized_choises: picks
            .filter((p) => p.record.id === r.id)
            .map((p) => offeredSubjectToWire(p.subject, { priority: p.item.ordering })),
          removal_closed_reason: removalClosedReason,
        }));
    },

    /** Removes a subject from a student's electives (§9.10). */
    async removeStudentSubject(
      auth: AuthContext,
      body: UnlockStudentChoiceBody,
    ): Promise<StudentChoiceUnlockResult> {
      const { subject, semester } = await scope.offeredSubject(auth, body.subject_slug);
      const record = await repo.recordBySlug(body.subject_choices_slug);
      if (!record || record.kind !== 'student' || record.semesterId !== semester.id)
        throw notFound('Subject choices');
      const [person] = await repo.people([record.profileId]);
      const name = person?.name ?? 'Student';
      const items = await repo.itemsOf([record.id]);
      const item = items.find((i) => i.offeredSubjectId === subject.offeredId);
      if (!record.choicesSaved || !item) {
        throw conflict(`${subject.subjectName} is not among the saved choices of ${name}`);
      }
      const change = `${subject.subjectName} cannot be removed from the choices of ${name}`;
      refuseAfterDivisions(semester, change);
      const category = (await catalogue.categoriesOfSemesters([semester.id])).find((c) =>
        c.subjectIds.includes(subject.offeredId),
      );
      const options = new Set((await repo.optionsOf([record.id])).map((o) => o.offeredSubjectId));
      const alternatives = await catalogue.offeredByIds(
        (category?.subjectIds ?? []).filter((id) => id !== subject.offeredId && options.has(id)),
      );
      if (!category || alternatives.length === 0) {
        throw conflict(
          `${subject.subjectName} is the only subject left for ${name} in its category, so it cannot be removed`,
        );
      }
      const label = semesterLabel(semester);
      const now = deps.clock.now();
      const only = alternatives.length === 1 ? alternatives[0] : undefined;
      await deps.db.transaction(async (tx) => {
        await refuseAfterDivisionsLocked(tx, semester, change);
        const txRepo = createChoicesRepository(tx);
        await txRepo.removeOption(record.id, subject.offeredId);
        await txRepo.deleteItems([item]);
        const notifier = deps.notifier(tx);
        if (only) {
          await txRepo.replaceItems(
            [record.id],
            [
              ...items.filter((i) => i !== item),
              { choiceId: record.id, offeredSubjectId: only.offeredId, ordering: item.ordering },
            ],
          );
          await notifier.notify({
            profileIds: [record.profileId],
            type: 'subject_choice_reset_alert',
            message: `Hello ${name}, your choice for ${category.category} in ${label} was reset by the admin: ${subject.subjectName} was removed, so ${only.subjectName} has been allocated to you.`,
            semesterId: semester.id,
          });
        } else {
          await txRepo.updateRecords([record.id], {
            choicesSaved: false,
            choicesLocked: false,
            reopenedAt: now,
          });
          await notifier.notify({
            profileIds: [record.profileId],
            type: 'subject_deletion_alert',
            message: `Hello ${name}, ${subject.subjectName} was removed from your choices for ${category.category} in ${label}. Please choose again from ${alternatives.map((a) => a.subjectName).join(', ')} here: subject_choice_url`,
            semesterId: semester.id,
          });
        }
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'choices.student_subject_removed',
          entityType: 'subject_choice',
          entitySlug: record.slug,
          detail: { removed: subject.subjectCode, assigned: only?.subjectCode ?? null, reopened: !only },
        });
      });
      const result: { subject_delete: boolean; choice_locked: boolean; subject: Subject | null } = {
        subject_delete: true,
        choice_locked: only ? !isOpen(record, semester, now) : false,
        subject: only ? offeredSubjectToWire(only) : null,
      };
      return result;
    },

    /** Every teacher's saved subjects per semester (§9.11). */
    async teacherSubjectMap(auth: AuthContext): Promise<TeacherSubjectMapEntry[]> {
      return (await teacherPicks(auth)).map(({ teacher, picks }) => {
        const groups = new Map<number, typeof picks>();
        for (const p of picks) groups.set(p.semester.id, [...(groups.get(p.semester.id) ?? []), p]);
        return {
          teacher: { slug: teacher.slug, profile: { name: teacher.name } },
          selected_subjects:
            groups.size === 0
              ? null
              : [...groups.values()].map((list) => ({
                  // The client shows the text before the pipe.
                  stream_name: `${semesterLabel(list[0]!.semester)} | ${list[0]!.semester.slug}`,
                  choices_locked: list.every((p) => p.locked),
                  subjects: list.map((p) => ({
                    subject_name: p.subject.subjectName,
                    sem_year: p.subject.semYear,
                    subject_code: p.subject.subjectCode,
                    ordering: p.item.ordering,
                  })),
                })),
        };
      });
    },

    /** Reopens a teacher's saved or locked choices in the admin's semesters (§9.12). */
    async unlockTeacher(auth: AuthContext, teacherSlug: string): Promise<{ choices_unlocked: boolean }> {
      const branchIds = await scope.branchIdsOf(auth);
      const teacher = await repo.teacherOfBranchesBySlug(branchIds, teacherSlug);
      if (!teacher) throw notFound('Teacher');
      const name = teacher.name ?? 'Teacher';
      const semesters = (await scope.semestersOf(auth)).filter((s) => s.subjectsLocked);
      const records = (await repo.recordsOfProfile(teacher.profileId, 'teacher')).filter(
        (r) => semesters.some((s) => s.id === r.semesterId) && (r.choicesSaved || r.choicesLocked),
      );
      if (records.length === 0) throw conflict(`${name} has no saved subject choices to unlock`);
      const labels = semesters.filter((s) => records.some((r) => r.semesterId === s.id)).map(semesterLabel);
      await deps.db.transaction(async (tx) => {
        await createChoicesRepository(tx).updateRecords(
          records.map((r) => r.id),
          { choicesSaved: false, choicesLocked: false, reopenedAt: deps.clock.now() },
        );
        await deps.notifier(tx).notify({
          profileIds: [teacher.profileId],
          type: 'subject_choice_reset_alert',
          message: `Hello ${name}, the admin reopened your subject choices for ${labels.join(', ')}. Please review and save them again here: subject_choice_url`,
        });
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'choices.teacher_reopened',
          entityType: 'teacher',
          entitySlug: teacherSlug,
          detail: { records: records.map((r) => r.slug) },
        });
      });
      return { choices_unlocked: true };
    },
  };
}
