import type { PlaceStudentBody, StudentPlacement } from '@rollbook/contract';
import type { AppDeps } from '../../plugins/app/deps';
import type { AuthContext } from '../../lib/caller';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { localDate } from '../../lib/week';
import { createPeopleRepository } from '../../domain/people.repository';
import type { PersonRecord } from './people-admin.repository';
import {
  createPlacementRepository,
  type CurrentPlacement,
  type PlacementBatchRow,
  type PlacementDivisionRow,
} from './placement.repository';

const who = (record: PersonRecord) => record.name ?? record.email;
const names = (list: ReadonlyArray<{ name: string }>) => list.map((b) => b.name).join(', ');

/**
 * A student's division and batches, placed or changed after the term began (people-0001): a late
 * admission, a move to another division or lab batch. Each new membership starts on the day the
 * admin gives, so sessions held before it never expected the student there; memberships that do
 * not change keep their own first day, and the student's marks so far stay where they are.
 */
export function createStudentPlacements(deps: AppDeps) {
  const repo = createPlacementRepository(deps.db);
  const people = createPeopleRepository(deps.db);

  async function semesterOf(record: PersonRecord) {
    if (record.role !== 'student' || record.studentId === null)
      throw badRequest('Only a student is placed in a division');
    if (record.studentSemesterId === null)
      throw conflict(`${who(record)} has no semester yet: choose their semester with Edit first`);
    const semester = await repo.semester(record.studentSemesterId);
    if (!semester) throw notFound('Semester');
    return semester;
  }

  async function today(institutionId: number): Promise<string> {
    return localDate(deps.clock.now(), await people.institutionTimezone(institutionId));
  }

  function wire(
    semester: NonNullable<Awaited<ReturnType<typeof repo.semester>>>,
    divisionList: readonly PlacementDivisionRow[],
    current: CurrentPlacement,
    todayDate: string,
  ): StudentPlacement {
    const batchById = new Map(divisionList.flatMap((d) => d.batches).map((b) => [b.id, b]));
    return {
      semester: { slug: semester.slug, no: semester.no, stream_title: semester.streamTitle },
      division_slug: divisionList.find((d) => d.id === current.division?.id)?.slug ?? null,
      batch_slugs: current.batches.flatMap((b) => {
        const batch = batchById.get(b.id);
        return batch ? [batch.slug] : [];
      }),
      since: current.division?.since ?? null,
      divisions: divisionList.map((d) => ({
        slug: d.slug,
        name: d.name,
        batches: d.batches.map((b) => ({ slug: b.slug, name: b.name, kind: b.kind, subject: b.subject })),
      })),
      today: todayDate,
      earliest: semester.startDate ?? null,
    };
  }

  /** The chosen batches of `division`, checked: one lab batch where it has any, one per elective. */
  function chosenBatches(division: PlacementDivisionRow, slugs: readonly string[]): PlacementBatchRow[] {
    const chosen: PlacementBatchRow[] = [];
    for (const slug of new Set(slugs)) {
      const batch = division.batches.find((b) => b.slug === slug);
      if (!batch) throw badRequest(`A batch chosen is not a batch of division ${division.name}`);
      chosen.push(batch);
    }
    const coreBatches = division.batches.filter((b) => b.kind === 'core');
    const chosenCore = chosen.filter((b) => b.kind === 'core');
    if (coreBatches.length > 0 && chosenCore.length !== 1)
      throw badRequest(`Choose one lab batch of division ${division.name} (${names(coreBatches)})`);
    const bySubject = new Map<number | null, PlacementBatchRow[]>();
    for (const b of chosen.filter((c) => c.kind === 'elective')) {
      bySubject.set(b.offeredSubjectId, [...(bySubject.get(b.offeredSubjectId) ?? []), b]);
    }
    for (const group of bySubject.values()) {
      if (group.length > 1)
        throw badRequest(
          `Choose at most one batch of ${group[0]!.subject ?? 'an elective'} (${names(group)})`,
        );
    }
    return chosen;
  }

  return {
    async read(auth: AuthContext, record: PersonRecord): Promise<StudentPlacement> {
      const semester = await semesterOf(record);
      const [divisionList, current, todayDate] = await Promise.all([
        repo.divisions(semester.id),
        repo.current(deps.db, record.studentId!, semester.id),
        today(auth.institutionId),
      ]);
      return wire(semester, divisionList, current, todayDate);
    },

    async place(auth: AuthContext, record: PersonRecord, body: PlaceStudentBody): Promise<StudentPlacement> {
      const semester = await semesterOf(record);
      const studentId = record.studentId!;
      const divisionList = await repo.divisions(semester.id);
      if (divisionList.length === 0)
        throw conflict(
          `${semester.streamTitle} semester ${semester.no} has no divisions yet: create them on Division Creation`,
        );
      const division = divisionList.find((d) => d.slug === body.division_slug);
      if (!division) throw notFound('Division');
      const chosen = chosenBatches(division, body.batch_slugs);
      const todayDate = await today(auth.institutionId);
      if (body.since > todayDate) throw badRequest(`The first day cannot be after today (${todayDate})`);
      if (semester.startDate && body.since < semester.startDate)
        throw badRequest(`The first day cannot be before the semester began (${semester.startDate})`);

      const current = await deps.db.transaction(async (tx) => {
        const before = await repo.current(tx, studentId, semester.id, true);
        const keptBatchIds = new Set(before.batches.map((b) => b.id));
        const chosenIds = new Set(chosen.map((b) => b.id));
        const moves = before.division?.id !== division.id;
        const leaving = before.batches.filter((b) => !chosenIds.has(b.id)).map((b) => b.id);
        const joining = chosen.filter((b) => !keptBatchIds.has(b.id)).map((b) => b.id);
        if (!moves && leaving.length === 0 && joining.length === 0)
          throw badRequest(`${who(record)} is already in division ${division.name} with these batches`);
        const lastMarked = await repo.lastMarkedDayLeaving(
          tx,
          studentId,
          { batchIds: leaving, divisionId: moves ? (before.division?.id ?? null) : null },
          [...chosenIds],
        );
        if (lastMarked !== null && body.since <= lastMarked)
          throw badRequest(
            `${who(record)} has attendance where they are now up to ${lastMarked}: the first day in the new place must be after it${lastMarked >= todayDate ? '; make the move tomorrow' : ''}`,
          );
        if (moves) await repo.replaceDivision(tx, studentId, semester.id, division.id, body.since);
        await repo.leaveBatches(tx, studentId, leaving);
        await repo.joinBatches(tx, studentId, joining, body.since);
        const batchById = new Map(divisionList.flatMap((d) => d.batches).map((b) => [b.id, b.name]));
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'person.place',
          entityType: 'profile',
          entitySlug: record.slug,
          detail: {
            division: division.name,
            batches: chosen.map((b) => b.name),
            since: body.since,
            before: {
              division: divisionList.find((d) => d.id === before.division?.id)?.name ?? null,
              batches: before.batches.map((b) => batchById.get(b.id) ?? b.id),
            },
          },
        });
        return repo.current(tx, studentId, semester.id);
      });
      return wire(semester, divisionList, current, todayDate);
    },
  };
}
