import type { Batch, Classroom, SessionRef } from '@rollbook/contract';

/**
 * The pieces every lecture shape is built from, whichever lecture it is (timetable or instant):
 * a batch with its division, and the session reference. One mapping, so the cards of both kinds
 * always agree on the wire.
 */

/** The original's division label, "Division - A | Sem - 5" (the picker prefixes "Division - " again). */
export function divisionFullName(name: string, semesterNo: number): string {
  return `Division - ${name} | Sem - ${semesterNo}`;
}

/** A batch (or a whole division standing in for one) with the division it belongs to. */
export interface BatchGroup {
  slug: string;
  name: string;
  divisionSlug: string;
  divisionName: string;
  semesterNo: number;
}

export function batchWire(b: BatchGroup): Batch {
  return {
    slug: b.slug,
    batch_name: b.name,
    division: {
      division_name: b.divisionName,
      slug: b.divisionSlug,
      full_name: divisionFullName(b.divisionName, b.semesterNo),
    },
  };
}

/** A session as a lecture card refers to it; `classroomFinal` is where it was moved, if anywhere. */
export interface SessionRefParts {
  sessionId: string;
  status: SessionRef['active'];
  day: string;
  /** Null for a planned session nobody has started (nothing was written for it). */
  createdAt: Date | null;
  classroomFinal: Classroom | null;
}

export function sessionRefWire(s: SessionRefParts): SessionRef {
  return {
    session_id: s.sessionId,
    active: s.status,
    day: s.day,
    ...(s.createdAt ? { created_at: s.createdAt.toISOString() } : {}),
    classroom_final: s.classroomFinal,
  };
}
