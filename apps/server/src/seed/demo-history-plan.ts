import type { AttendanceExcuse } from '../db/schema';
import type { ProofReason } from '@rollbook/presence';
import { pick } from './random';

/** A student's habit in one subject: the share of its lectures they attend. */
export interface Habit {
  studentId: number;
  attendsShare: number;
}

/** What happened to one expected student at one held session. */
export type PlannedMark =
  | { kind: 'present'; minutesLate: number; offsetM: { north: number; east: number }; accuracyM: number }
  | { kind: 'refused'; reasons: ProofReason[]; minutesLate: number; offsetM: { north: number; east: number } }
  | { kind: 'excused'; excuse: AttendanceExcuse }
  | { kind: 'missing' };

/** Why a recording was refused, as the verifier writes it, with how often each happens. */
const REFUSALS: ReadonlyArray<{ reasons: ProofReason[]; farFromRoom: boolean }> = [
  { reasons: ['tone_not_detected'], farFromRoom: false },
  { reasons: ['tone_not_detected'], farFromRoom: false },
  { reasons: ['tone_too_weak'], farFromRoom: false },
  { reasons: ['ambient_mismatch'], farFromRoom: false },
  { reasons: ['outside_geofence'], farFromRoom: true },
];

const EXCUSES: readonly AttendanceExcuse[] = ['medical', 'leave', 'on_duty', 'medical'];

/**
 * How regularly each student attends, drawn once per student: most attend well, some hover near
 * the threshold, a few are clearly below it. A subject shifts the habit a little either way.
 */
export function studentBaseShare(random: () => number): number {
  const r = random();
  if (r < 0.12) return 0.45 + random() * 0.22; // clearly below 75 %
  if (r < 0.3) return 0.68 + random() * 0.14; // around the threshold
  return 0.84 + random() * 0.14;
}

export function subjectShare(base: number, random: () => number): number {
  return Math.min(0.99, Math.max(0.3, base + (random() - 0.5) * 0.12));
}

/**
 * One student's mark at one session. An absent student sometimes tried and was refused (the row
 * then carries the verifier's reasons), sometimes has an excuse (leave, on duty, medical), and
 * otherwise simply has no row (absent by default).
 */
export function planMark(habit: Habit, random: () => number): PlannedMark {
  const jitter = () => ({ north: (random() - 0.5) * 30, east: (random() - 0.5) * 30 });
  if (random() < habit.attendsShare)
    return {
      kind: 'present',
      minutesLate: Math.floor(random() * 8),
      offsetM: jitter(),
      accuracyM: 5 + random() * 20,
    };
  const r = random();
  if (r < 0.12) return { kind: 'excused', excuse: pick(random, EXCUSES) };
  if (r < 0.42) {
    const refusal = pick(random, REFUSALS);
    const offset = refusal.farFromRoom ? { north: 180 + random() * 200, east: 60 * random() } : jitter();
    return {
      kind: 'refused',
      reasons: refusal.reasons,
      minutesLate: Math.floor(random() * 12),
      offsetM: offset,
    };
  }
  return { kind: 'missing' };
}
