import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { catalogueSubjects, institutions, profiles, semesters, streams } from '../db/schema';
import { systemClock, type Clock } from '../lib/clock';
import type { AuthContext } from '../lib/caller';
import { localDate } from '../lib/week';
import { createCatalogueRepository } from '../domain/subjects/catalogue.repository';
import { createChoicesRepository } from '../modules/choices/choices.repository';
import type { ChoicesDeps } from '../modules/choices/deps';
import { createSelectionService } from '../modules/choices/selection.service';
import { createNotificationService } from '../domain/notifications';

const DAY_MS = 24 * 60 * 60 * 1000;

/** CE teachers who have already saved their ranking in the demo; the main demo teacher has not. */
const TEACHERS_WHO_SAVED = 8;
/** BE semester 7 students who have already saved their electives (the first one has not). */
const STUDENTS_WHO_SAVED = 30;

async function authOf(db: Db, email: string): Promise<AuthContext> {
  const [p] = await db.select().from(profiles).where(eq(profiles.email, email)).limit(1);
  if (!p) throw new Error(`demo profile ${email} missing`);
  return {
    profileId: p.id,
    profileSlug: p.slug,
    institutionId: p.institutionId,
    role: p.role,
    name: p.name,
    email: p.email,
  };
}

/**
 * The subject-choice state of the demo, made through the real services so it obeys every rule:
 * BE semester 7 of both branches is locked with a deadline two weeks ahead (subjects chosen from
 * the current academic year, Project Management non-technical), several CE teachers and most
 * semester-7 students have saved their choices, and BE semester 5 stays unlocked for the admin to
 * select. The demo accounts keep something to do: teacher@ and the first semester-7 student have
 * not saved yet.
 */
export async function seedDemoSubjects(db: Db, clock: Clock = systemClock): Promise<void> {
  const deps: ChoicesDeps = { db, clock, notifier: (tx) => createNotificationService(tx) };
  const selection = createSelectionService(deps);
  const [inst] = await db.select().from(institutions).limit(1);
  if (!inst) return;
  const deadline = localDate(new Date(clock.now().getTime() + 14 * DAY_MS), inst.timezone);
  const deadlineSeconds = Date.parse(`${deadline}T00:00:00Z`) / 1000;

  const sem7 = await db
    .select({
      id: semesters.id,
      slug: semesters.slug,
      academicYear: semesters.academicYear,
      streamCode: streams.streamCode,
    })
    .from(semesters)
    .innerJoin(streams, eq(streams.id, semesters.streamId))
    .where(and(eq(semesters.institutionId, inst.id), eq(semesters.no, 7), eq(streams.title, 'BE')))
    .orderBy(asc(streams.streamCode));
  for (const sem of sem7) {
    const admin = await authOf(
      db,
      sem.streamCode === '07' ? 'admin@rollbook.test' : 'admin.it@rollbook.test',
    );
    const rows = await db
      .select({
        slug: catalogueSubjects.slug,
        code: catalogueSubjects.subjectCode,
        name: catalogueSubjects.subjectName,
      })
      .from(catalogueSubjects)
      .where(
        and(
          eq(catalogueSubjects.institutionId, inst.id),
          eq(catalogueSubjects.streamCode, sem.streamCode),
          eq(catalogueSubjects.semYear, 7),
          eq(catalogueSubjects.academicYear, sem.academicYear ?? '2026-27'),
        ),
      )
      .orderBy(asc(catalogueSubjects.subjectCode));
    // IT BE 7 is the semester whose choice closed six days ago with every elective finalised (ready
    // for division planning): it is locked as an admin would have three weeks ago.
    const closed = sem.streamCode !== '07';
    const lockedAt = closed ? new Date(clock.now().getTime() - 20 * DAY_MS) : clock.now();
    const closedDeadline = localDate(new Date(clock.now().getTime() - 6 * DAY_MS), inst.timezone);
    const lockWith = closed ? createSelectionService({ ...deps, clock: { now: () => lockedAt } }) : selection;
    await lockWith.lock(admin, {
      semester_slug: sem.slug,
      subject_slugs: rows.map((r) => r.slug),
      deadline_timestamp: closed ? Date.parse(`${closedDeadline}T00:00:00Z`) / 1000 : deadlineSeconds,
      non_tech_subjects: rows.filter((r) => r.name === 'Project Management').map((r) => r.slug),
    });
    await savePicks(db, sem.id, lockedAt, closed ? 'everyone' : 'some');
  }
  await openMeSemesterOne(db, selection, inst.id, deadlineSeconds);
}

/**
 * CE ME semester 1 gets no divisions in the demo, so its choices stay open for two weeks: the
 * electives demo student (student.me@) and the CE teachers can really choose on a fresh start,
 * where BE semester 7's choices are frozen by its divisions (made later by the timetable seed).
 */
async function openMeSemesterOne(
  db: Db,
  selection: ReturnType<typeof createSelectionService>,
  institutionId: number,
  deadlineSeconds: number,
) {
  const [sem] = await db
    .select({ slug: semesters.slug, academicYear: semesters.academicYear, streamCode: streams.streamCode })
    .from(semesters)
    .innerJoin(streams, eq(streams.id, semesters.streamId))
    .where(and(eq(semesters.institutionId, institutionId), eq(semesters.no, 1), eq(streams.title, 'ME')));
  if (!sem) return;
  const rows = await db
    .select({ slug: catalogueSubjects.slug })
    .from(catalogueSubjects)
    .where(
      and(
        eq(catalogueSubjects.institutionId, institutionId),
        eq(catalogueSubjects.streamCode, sem.streamCode),
        eq(catalogueSubjects.semYear, 1),
        eq(catalogueSubjects.academicYear, sem.academicYear ?? '2026-27'),
      ),
    )
    .orderBy(asc(catalogueSubjects.subjectCode));
  await selection.lock(await authOf(db, 'admin@rollbook.test'), {
    semester_slug: sem.slug,
    subject_slugs: rows.map((r) => r.slug),
    deadline_timestamp: deadlineSeconds,
    non_tech_subjects: [],
  });
}

/**
 * Saved choices for a BE semester 7 (some people, or every student), written in bulk (the lock above already applied the rules
 * that matter here: records, options and categories). Teachers rank a rotation of four subjects;
 * students take one subject per category, spread over the alternatives.
 */
async function savePicks(db: Db, semesterId: number, now: Date, who: 'some' | 'everyone') {
  const repo = createChoicesRepository(db);
  const catalogue = createCatalogueRepository(db);
  const offered = await catalogue.offeredOfSemesters([semesterId]);
  const records = await repo.recordsOfSemesters([semesterId]);
  const people = new Map((await repo.people(records.map((r) => r.profileId))).map((p) => [p.profileId, p]));

  // The main demo teacher (first teacher profile) keeps an unsaved choice to try the drag screen.
  const teacherRecords = records
    .filter((r) => r.kind === 'teacher' && people.get(r.profileId)?.email !== 'newteacher@rollbook.test')
    .sort((a, b) => a.profileId - b.profileId)
    .slice(1, 1 + TEACHERS_WHO_SAVED);
  const teacherItems = teacherRecords.flatMap((r, i) =>
    [...offered.slice(i % offered.length), ...offered.slice(0, i % offered.length)]
      .slice(0, 4)
      .map((o, rank) => ({ choiceId: r.id, offeredSubjectId: o.offeredId, ordering: rank + 1 })),
  );

  const categories = await catalogue.categoriesOfSemesters([semesterId]);
  const studentRecords = records
    .filter((r) => r.kind === 'student')
    .sort((a, b) =>
      (people.get(a.profileId)?.enrollment ?? '').localeCompare(people.get(b.profileId)?.enrollment ?? ''),
    )
    .slice(who === 'everyone' ? 0 : 1, who === 'everyone' ? undefined : 1 + STUDENTS_WHO_SAVED);
  const studentItems = studentRecords.flatMap((r, i) =>
    categories.map((c, rank) => ({
      choiceId: r.id,
      offeredSubjectId: c.subjectIds[i % c.subjectIds.length]!,
      ordering: rank + 1,
    })),
  );

  const saved = [...teacherRecords, ...studentRecords].map((r) => r.id);
  await repo.replaceItems(saved, [...teacherItems, ...studentItems]);
  await repo.updateRecords(saved, { choicesSaved: true, savedAt: now });
}
