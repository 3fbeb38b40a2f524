import {
  academicYearLabel,
  academicYearStart,
  type AcademicYearOpened,
  type AcademicYearPreview,
} from '@rollbook/contract';
import type { Db } from '../../db/client';
import { lockInstitution } from '../../db/queries/institution-lock';
import { conflict } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { createAcademicYearRepository } from './academic-year.repository';
import { planNewYear, previewOf } from './year-plan';

/** Who opens the year: a signed-in institution admin, or the operator's command (no profile). */
export interface YearActor {
  profileId: number | null;
  via: 'web' | 'command';
}

/** What opening the next academic year of an institution would do (nothing is written). */
export async function previewNewYear(db: Db, institutionId: number): Promise<AcademicYearPreview> {
  const input = await createAcademicYearRepository(db).planInput(institutionId);
  return previewOf(planNewYear(input), input.streams);
}

/**
 * Refuses a request to open `year` unless it is exactly the year after the current one. A second
 * confirm of the same preview finds its year already current and is refused, so a double click,
 * a retry or two admins at once never open two years.
 */
export function refuseUnlessNext(year: string, currentStart: number | null, nextStart: number | null): void {
  const wanted = academicYearStart(year)!;
  if (currentStart !== null && wanted === currentStart) {
    throw conflict(
      `${year} is already the current academic year: it was opened already, nothing was changed`,
    );
  }
  if (currentStart !== null && wanted < currentStart) {
    throw conflict(
      `${year} is before the current academic year ${academicYearLabel(currentStart)}: nothing was changed`,
    );
  }
  if (nextStart !== null && wanted !== nextStart) {
    throw conflict(
      `The current academic year is ${academicYearLabel(currentStart!)}, so the year to open is ${academicYearLabel(nextStart)}, not ${year}: reload the preview`,
    );
  }
}

/**
 * Opens the academic year after the current one, in one transaction under the institution's
 * academic-year lock: the new term and semesters, every taking-part student one semester up (or
 * graduated from a final semester), the old semesters and their weekly lectures inactive, and an
 * audit row. Everything else of the old year (divisions, batches, sessions, attendance) stays.
 */
export async function openNewYear(
  db: Db,
  opts: { institutionId: number; year: string; actor: YearActor; now: Date },
): Promise<AcademicYearOpened> {
  return db.transaction(async (tx) => {
    await lockInstitution(tx, 'academicYear', opts.institutionId);
    const repo = createAcademicYearRepository(tx);
    // Read only after the lock: a confirm that waited sees what the one before it did.
    const plan = planNewYear(await repo.planInput(opts.institutionId));
    refuseUnlessNext(opts.year, plan.currentStart, plan.nextStart);
    if (plan.blockers.length > 0 || plan.currentStart === null || plan.nextStart === null) {
      throw conflict(`The new academic year cannot be opened: ${plan.blockers.join('; ')}`);
    }
    const nextLabel = academicYearLabel(plan.nextStart);
    const termId = await repo.activateTerm(opts.institutionId, plan.nextStart);
    const newIds = new Map<string, number>();
    let created = 0;
    for (const s of plan.opening) {
      let id = s.existingId;
      if (id === null) {
        id = await repo.createSemester({
          institutionId: opts.institutionId,
          streamId: s.stream.id,
          termId,
          no: s.no,
          academicYear: nextLabel,
          startDate: s.startDate,
          endDate: s.endDate,
        });
        created += 1;
      } else {
        await repo.adoptSemester(id, termId);
      }
      newIds.set(`${s.stream.id}:${s.no}`, id);
    }
    let moved = 0;
    let graduated = 0;
    for (const m of plan.moves) {
      if (m.toNo === null) graduated += await repo.graduateStudents(m.semesterId, opts.now);
      else moved += await repo.moveStudents(m.semesterId, newIds.get(`${m.streamId}:${m.toNo}`)!);
    }
    await repo.closeSemesters(plan.closing.map((s) => s.id));
    const result: AcademicYearOpened = {
      opened_year: nextLabel,
      closed_year: academicYearLabel(plan.currentStart),
      semesters_opened: plan.opening.length,
      semesters_closed: plan.closing.length,
      students_moved_up: moved,
      students_graduated: graduated,
    };
    await audit(tx, {
      institutionId: opts.institutionId,
      actorProfileId: opts.actor.profileId,
      action: 'academic_year.open',
      entityType: 'institution',
      entitySlug: (await repo.institutionSlug(opts.institutionId)) ?? null,
      detail: { ...result, semesters_created: created, via: opts.actor.via },
    });
    return result;
  });
}
