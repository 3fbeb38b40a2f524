import type { AcademicYearOpened, AcademicYearPreview } from '@rollbook/contract';
import type { Db } from '../../db/client';
import { requireInstitutionAdmin } from '../../domain/institution-admin';
import type { AuthContext } from '../../lib/caller';
import type { Clock } from '../../lib/clock';
import { openNewYear, previewNewYear } from './new-year';

/** Said to an admin of some branches only: the year is the whole institution's. */
export const INSTITUTION_ADMINS_ONLY =
  'Only an institution admin can open a new academic year: it moves the students of every branch';

/** The new academic year for signed-in institution admins: the preview and the confirm. */
export function createAcademicYearService(deps: { db: Db; clock: Clock }) {
  return {
    async preview(auth: AuthContext): Promise<AcademicYearPreview> {
      await requireInstitutionAdmin(deps.db, auth, INSTITUTION_ADMINS_ONLY);
      return previewNewYear(deps.db, auth.institutionId);
    },

    async open(auth: AuthContext, year: string): Promise<AcademicYearOpened> {
      await requireInstitutionAdmin(deps.db, auth, INSTITUTION_ADMINS_ONLY);
      return openNewYear(deps.db, {
        institutionId: auth.institutionId,
        year,
        actor: { profileId: auth.profileId, via: 'web' },
        now: deps.clock.now(),
      });
    },
  };
}
