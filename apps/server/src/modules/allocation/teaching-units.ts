import { PRACTICAL_BLOCK_HOURS, type TeachingUnit, type UnitKind } from '@rollbook/planner';
import type { OfferedRow } from '../../domain/subjects/subject-rows';

/** The kinds of teaching on the wire (contract §10.10) and in stored rows. */
export type WireKind = 'theory' | 'tutorial' | 'lab' | 'practical';

/** A teaching unit with the rows it comes from, so allocations can be stored and read back. */
export interface UnitRef {
  readonly unit: TeachingUnit;
  readonly semesterId: number;
  readonly offeredId: number;
  readonly divisionId: number;
  readonly batchId: number | null;
  readonly wireKind: WireKind;
  /** Units of one stored row (subject, division, batch, kind): a batch's practical blocks share it. */
  readonly groupKey: string;
}

export interface DivisionInput {
  id: number;
  slug: string;
  name: string;
  semesterId: number;
}

export interface BatchInput {
  id: number;
  slug: string;
  name: string;
  kind: 'core' | 'elective';
  divisionId: number;
  offeredSubjectId: number | null;
}

export interface UnitSources {
  subjects: readonly OfferedRow[];
  divisions: readonly DivisionInput[];
  batches: readonly BatchInput[];
  /** Batches linked to the subjects they take. */
  subjectBatches: readonly { offeredSubjectId: number; batchId: number }[];
  /** Electives saved by students of each division. */
  divisionElectives: readonly { divisionId: number; offeredSubjectId: number }[];
}

/**
 * A practical-only subject (no lecture or tutorial hours): its practical hours are the
 * "separate" allocation of the contract, kind `practical`. Practicals of every other subject
 * are its `lab` hours, allocated with its theory ("instant" allocation).
 */
export function isPracticalOnly(subject: Pick<OfferedRow, 'lectureHours' | 'tutorialHours'>): boolean {
  return subject.lectureHours === 0 && subject.tutorialHours === 0;
}

export function plannerKind(kind: WireKind): UnitKind {
  return kind === 'lab' ? 'practical' : kind;
}

export function groupKey(
  offeredId: number,
  divisionId: number | null,
  batchId: number | null,
  kind: WireKind,
): string {
  return `${offeredId}:${divisionId ?? '-'}:${batchId ?? '-'}:${kind}`;
}

function blocks(hours: number): number[] {
  const list: number[] = [];
  for (let left = hours; left > 0; left -= PRACTICAL_BLOCK_HOURS)
    list.push(Math.min(PRACTICAL_BLOCK_HOURS, left));
  return list;
}

/**
 * The teaching units of the planned semesters, from their real divisions and batches: per division
 * and subject taught there, one theory unit of L hours and one tutorial unit of T hours (tutorials
 * are per division, as the hours overview counts them), and per lab batch taking the subject its P
 * hours of practicals in 2-hour blocks (a 1-hour block when P is odd).
 *
 * A core subject is taught in every division; an elective where a batch is made for it, a batch
 * is linked to it, or a student of the division saved it. A subject's lab batches in a division are
 * its own elective batches, else the batches linked to it, else the division's core batches (a
 * division without batches has its practicals as one group). Units are ordered by id (subject slug,
 * division and batch names), so the same data always gives the same units, divisions in order.
 */
export function buildUnits(sources: UnitSources): UnitRef[] {
  const units: UnitRef[] = [];
  const linked = new Map<number, Set<number>>();
  for (const link of sources.subjectBatches) {
    const set = linked.get(link.offeredSubjectId) ?? new Set<number>();
    set.add(link.batchId);
    linked.set(link.offeredSubjectId, set);
  }
  const chosen = new Set(sources.divisionElectives.map((e) => `${e.divisionId}:${e.offeredSubjectId}`));
  for (const division of sources.divisions) {
    const own = sources.batches.filter((b) => b.divisionId === division.id);
    for (const subject of sources.subjects) {
      if (subject.semesterId !== division.semesterId) continue;
      const mine = own.filter((b) => b.kind === 'elective' && b.offeredSubjectId === subject.offeredId);
      const linkedHere = own.filter((b) => linked.get(subject.offeredId)?.has(b.id));
      const taught =
        !subject.isElective ||
        mine.length > 0 ||
        linkedHere.length > 0 ||
        chosen.has(`${division.id}:${subject.offeredId}`);
      if (!taught) continue;
      const base = `${subject.offeredSlug}/${division.name}`;
      const add = (kind: WireKind, hours: number, batch: BatchInput | null, id: string) =>
        units.push({
          unit: {
            id,
            subject: subject.offeredSlug,
            kind: plannerKind(kind),
            division: division.name,
            batch: batch?.name ?? null,
            hours,
          },
          semesterId: division.semesterId,
          offeredId: subject.offeredId,
          divisionId: division.id,
          batchId: batch?.id ?? null,
          wireKind: kind,
          groupKey: groupKey(subject.offeredId, division.id, batch?.id ?? null, kind),
        });
      if (subject.lectureHours > 0) add('theory', subject.lectureHours, null, `${base}/theory`);
      if (subject.tutorialHours > 0) add('tutorial', subject.tutorialHours, null, `${base}/tutorial`);
      if (subject.practicalHours <= 0) continue;
      const kind: WireKind = isPracticalOnly(subject) ? 'practical' : 'lab';
      const core = own.filter((b) => b.kind === 'core');
      const labBatches = mine.length > 0 ? mine : linkedHere.length > 0 ? linkedHere : core;
      const groups: (BatchInput | null)[] = labBatches.length > 0 ? labBatches : [null];
      for (const batch of groups) {
        blocks(subject.practicalHours).forEach((hours, index) => {
          const where = batch ? `${base}/${batch.name}` : base;
          add(kind, hours, batch, `${where}/practical-${index + 1}`);
        });
      }
    }
  }
  return units.sort((a, b) => (a.unit.id < b.unit.id ? -1 : a.unit.id > b.unit.id ? 1 : 0));
}
