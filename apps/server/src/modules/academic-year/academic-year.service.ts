import type { AcademicYearOpened, AcademicYearPreview } from '@rollbook/contract';
import type { Db } from '../../db/client';
import { forbidden } from '../../lib/app-error';
import type { AuthContext } from '../../lib/caller';
import type { Clock } from '../../lib/clock';
import { createAcademicYearRepository } from './academic-year.repository';
import { openNewYear, previewNewYear } from './new-year';

/** Said to an admin of some branches only: the year is the whole institution's. */
export const INSTITUTION_ADMINS_ONLY =
  'Only an institution admin can open a new academic year: it moves the students of every branch';

/** The new academic year for signed-in institution admins: the preview and the confirm. */
export function createAcademicYearService(deps: { db: Db; clock: Clock }) {
  const repo = createAcademicYearRepository(deps.db);

  async function requireInstitutionAdmin(auth: AuthContext): Promise<void> {
    if (!(await repo.isInstitutionAdmin(auth.profileId, auth.institutionId))) {
      throw forbidden(INSTITUTION_ADMINS_ONLY);
    }
  }

  return {
    async preview(auth: AuthContext): Promise<AcademicYearPreview> {
      await requireInstitutionAdmin(auth);
      return previewNewYear(deps.db, auth.institutionId);
    },

    async open(auth: AuthContext, year: string): Promise<AcademicYearOpened> {
      await requireInstitutionAdmin(auth);
      return openNewYear(deps.db, {
        institutionId: auth.institutionId,
        year,
        actor: { profileId: auth.profileId, via: 'web' },
        now: deps.clock.now(),
      });
    },
  };
}
