import type { SimilarSubject } from '@rollbook/contract';
import type { Db } from '../../db/client';
import { createScope, semesterLabel, type SemesterScope } from '../../domain/caller-scope';
import { createCatalogueRepository } from '../../domain/subjects/catalogue.repository';
import { deadlineReached } from '../../domain/semester-deadline';
import type { OfferedRow } from '../../domain/subjects/subject-rows';

/** An offered subject of a semester whose choices are open, with that semester. */
export interface OpenOffer {
  subject: OfferedRow;
  semester: SemesterScope;
}

const normalise = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** True when two offers are the same subject: the same code, or the same name. */
export function sameSubject(
  a: Pick<OfferedRow, 'subjectCode' | 'subjectName'>,
  b: Pick<OfferedRow, 'subjectCode' | 'subjectName'>,
) {
  return a.subjectCode === b.subjectCode || normalise(a.subjectName) === normalise(b.subjectName);
}

/**
 * Every subject offered by a semester of the institution whose choices are open now. Branches
 * give the same subject different codes (CE "Machine Learning" and IT "Machine Learning"), so a
 * teacher's pick of one also offers to teach the others ("similar subjects").
 */
export async function loadOpenOffers(db: Db, institutionId: number, now: Date): Promise<OpenOffer[]> {
  const semesters = (await createScope(db).lockedSemestersOfInstitution(institutionId)).filter(
    (s) => deadlineReached(s.deadline, now, s.timezone) !== true,
  );
  const byId = new Map(semesters.map((s) => [s.id, s]));
  const offered = await createCatalogueRepository(db).offeredOfSemesters([...byId.keys()]);
  return offered.map((subject) => ({ subject, semester: byId.get(subject.semesterId)! }));
}

/** The open offers of other semesters that are the same subject as `subject`. */
export function similarOffers(subject: OfferedRow, offers: OpenOffer[]): OpenOffer[] {
  return offers.filter((o) => o.subject.semesterId !== subject.semesterId && sameSubject(o.subject, subject));
}

/** Similar offers as the wire's `similar_subjects` entries. */
export function similarToWire(offers: OpenOffer[]): SimilarSubject[] {
  return offers.map((o) => ({
    slug: o.subject.offeredSlug,
    branch_name: o.semester.branch.name,
    subject_name: o.subject.subjectName,
    subject_code: o.subject.subjectCode,
    stream: semesterLabel(o.semester),
  }));
}
