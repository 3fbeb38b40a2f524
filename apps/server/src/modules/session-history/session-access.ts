import type { CorrectionPermission } from '@rollbook/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { institutions } from '../../db/schema';
import type { AuthContext } from '../../lib/caller';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { addDays, readableDate } from '../../lib/week';
import { createPeopleRepository } from '../../domain/people.repository';
import { createHistoryRepository, type HeldSessionRow } from './history.repository';

/** A held session the caller may read, and as whom: its teacher, or an admin of its branch. */
export interface SessionAccess {
  session: HeldSessionRow;
  as: 'teacher' | 'admin';
}

/** What decides whether a correction is still open: the institution's zone and teacher window. */
export interface CorrectionRules {
  timeZone: string;
  windowDays: number;
}

export async function correctionRulesOf(db: DbOrTx, institutionId: number): Promise<CorrectionRules> {
  const [row] = await db
    .select({ timeZone: institutions.timezone, windowDays: institutions.correctionWindowDays })
    .from(institutions)
    .where(eq(institutions.id, institutionId));
  if (!row) throw notFound('Institution');
  return row;
}

/** The caller's teacher row; a teacher profile without one may not read any history. */
export async function teacherOf(db: DbOrTx, auth: AuthContext) {
  const teacher = await createPeopleRepository(db).teacherOfProfile(auth.profileId);
  if (!teacher) throw forbidden('Only teachers have a session history');
  return teacher;
}

/**
 * A session the caller may see: in their institution, held (started), and theirs (a teacher's own
 * lecture, or a lecture of a branch the admin administers). Anything else is "not found", so a
 * session id never reveals another teacher's or another branch's session.
 */
export async function accessibleSession(
  db: DbOrTx,
  auth: AuthContext,
  sessionId: string,
): Promise<SessionAccess> {
  const session = await createHistoryRepository(db).sessionById(sessionId, auth.institutionId);
  if (!session) throw notFound('Session');
  let as: SessionAccess['as'];
  if (auth.role === 'teacher') {
    const teacher = await teacherOf(db, auth);
    if (teacher.id !== session.teacherId) throw notFound('Session');
    as = 'teacher';
  } else if (auth.role === 'admin') {
    const branchIds = await createPeopleRepository(db).adminBranchIds(auth.profileId, auth.institutionId);
    if (!branchIds.includes(session.branchId)) throw notFound('Session');
    as = 'admin';
  } else {
    throw forbidden();
  }
  if (session.status === 'pre' || session.startedAt === null) {
    throw new AppError('conflict', 'This session has not been held yet: it has no attendance');
  }
  return { session, as };
}

/**
 * Whether the caller may correct this session's marks today. Admins of the branch always may;
 * the lecture's teacher until `windowDays` days after the session's day (the institution's
 * calendar), so a window of 0 leaves only the day itself. A session still live on its day is
 * corrected on its live sheet instead.
 */
export function correctionPermission(
  access: SessionAccess,
  rules: CorrectionRules,
  today: string,
): CorrectionPermission {
  const { session } = access;
  if (session.status === 'ongoing' && session.day === today) {
    return {
      allowed: false,
      until: null,
      // Only the lecture's teacher has the live sheet: an admin is told what they can do instead.
      message:
        access.as === 'teacher'
          ? 'This session is still live: change its marks on the live sheet'
          : 'This session is still live: only its teacher changes marks on the live sheet. You can correct them here once the teacher ends it, or from tomorrow',
    };
  }
  if (access.as === 'admin') return { allowed: true, until: null, message: null };
  const until = addDays(session.day, rules.windowDays);
  if (today <= until) return { allowed: true, until, message: null };
  return {
    allowed: false,
    until,
    message:
      `Corrections of this session closed on ${readableDate(until)}: teachers may correct a mark up to ` +
      `${rules.windowDays} day${rules.windowDays === 1 ? '' : 's'} after the session. Ask your branch admin to correct it.`,
  };
}
