/**
 * A subject of the semester with its weekly hours: L lectures (theory), T tutorials, P practicals.
 * Core subjects (`elective: false`) are taught in every division; electives only where chosen.
 */
export interface PlannerSubject {
  readonly slug: string;
  readonly name: string;
  /** Prefix of elective lab batch names; defaults to the initials of `name` ("Machine Learning" → ML). */
  readonly shortName?: string;
  readonly L: number;
  readonly T: number;
  readonly P: number;
  readonly elective: boolean;
  readonly category?: string;
}

/** A student with the elective subjects (slugs) they finally chose. */
export interface PlannerStudent {
  readonly slug: string;
  readonly enrollment: string;
  readonly electives: readonly string[];
}

/** How the students of a division (or of an elective inside it) are cut into lab batches. */
export interface BatchPolicy {
  /** Up to this many students form one batch (default 34). */
  readonly singleBatchMax?: number;
  /** Otherwise ceil(n / batchSize) near-equal batches (default 24). */
  readonly batchSize?: number;
}

/** Weekly hours of one division (or batch) of a subject: L + T + P. */
export function weeklyHours(subject: PlannerSubject): number {
  return subject.L + subject.T + subject.P;
}

/** Orders students by enrolment number, then slug, so every listing is reproducible. */
export function compareStudents(a: PlannerStudent, b: PlannerStudent): number {
  if (a.enrollment !== b.enrollment) return a.enrollment < b.enrollment ? -1 : 1;
  if (a.slug !== b.slug) return a.slug < b.slug ? -1 : 1;
  return 0;
}
