import type { PlannerSubject } from '../model';
import type { DivisionPlan } from '../divisions/types';
import type { TeachingUnit } from './types';

/** Practicals are scheduled in 2-hour lab blocks. */
export const PRACTICAL_BLOCK_HOURS = 2;

function practicalBlocks(hours: number): number[] {
  const blocks: number[] = [];
  for (let left = hours; left > 0; left -= PRACTICAL_BLOCK_HOURS)
    blocks.push(Math.min(PRACTICAL_BLOCK_HOURS, left));
  return blocks;
}

/**
 * Teaching units of a division plan: per division and subject taught there, one theory unit of
 * L hours and one tutorial unit of T hours (tutorials are per division, matching the hours
 * overview's final tutorial = T·k), and per lab batch taking the subject P hours of practicals in
 * 2-hour blocks (a 1-hour block when P is odd). A subject's lab batches in a division are its own
 * elective batches when it has them, else the division's core batches, as in the hours overview,
 * so the unit hours add up to the overview's final hours.
 */
export function buildTeachingUnits(plan: DivisionPlan, subjects: readonly PlannerSubject[]): TeachingUnit[] {
  const units: TeachingUnit[] = [];
  for (const division of plan.divisions) {
    const core = division.batches.filter((batch) => batch.kind === 'core');
    for (const subject of subjects) {
      const taught =
        !subject.elective || division.parts.some((part) => part.electives.includes(subject.slug));
      if (!taught || division.size === 0) continue;
      const base = `${subject.slug}/${division.name}`;
      const common = { subject: subject.slug, division: division.name };
      if (subject.L > 0)
        units.push({ ...common, id: `${base}/theory`, kind: 'theory', batch: null, hours: subject.L });
      if (subject.T > 0) {
        units.push({ ...common, id: `${base}/tutorial`, kind: 'tutorial', batch: null, hours: subject.T });
      }
      if (subject.P <= 0) continue;
      const own = division.batches.filter((batch) => batch.subject === subject.slug);
      for (const batch of own.length > 0 ? own : core) {
        practicalBlocks(subject.P).forEach((hours, index) => {
          units.push({
            ...common,
            id: `${base}/${batch.name}/practical-${index + 1}`,
            kind: 'practical',
            batch: batch.name,
            hours,
          });
        });
      }
    }
  }
  return units;
}
