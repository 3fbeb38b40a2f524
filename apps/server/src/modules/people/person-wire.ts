import type { Person, PersonBranch } from '@rollbook/contract';
import { zonedIsoString } from '../../lib/zoned-time';
import type { PeopleAdminRepository, PersonRecord } from './people-admin.repository';

type BranchRows = Awaited<ReturnType<PeopleAdminRepository['branchesOf']>>;

const branchWire = (b: { slug: string; name: string; code: string }): PersonBranch => ({
  slug: b.slug,
  branch_name: b.name,
  branch_code: b.code,
});

/**
 * Person rows on the wire, with their branches looked up once for the whole list. Invitation and
 * sign-in times are on the institution's clock with its offset, so the page shows the
 * institution's day whatever the device's zone.
 */
export function peopleWire(
  records: readonly PersonRecord[],
  branchRows: BranchRows,
  timeZone: string,
): Person[] {
  const zoned = (at: Date | null) => (at ? zonedIsoString(at, timeZone) : null);
  return records.map((r) => {
    const branches =
      r.teacherId !== null
        ? branchRows.taught.filter((b) => b.teacherId === r.teacherId).map(branchWire)
        : branchRows.ofStudents.filter((b) => b.id === r.studentBranchId).map(branchWire);
    return {
      slug: r.slug,
      // Only teachers and students are ever read by this module (see the repository's scope).
      role: r.role === 'teacher' ? 'teacher' : 'student',
      name: r.name,
      email: r.email,
      is_active: r.isActive,
      invited_at: zoned(r.invitedAt),
      last_login_at: zoned(r.lastLoginAt),
      teacher_code: r.teacherCode,
      enrollment: r.enrollment,
      branches,
      stream:
        r.streamSlug !== null && r.streamTitle !== null && r.streamCode !== null
          ? { slug: r.streamSlug, title: r.streamTitle, stream_code: r.streamCode }
          : null,
      semester:
        r.semesterSlug !== null && r.semesterNo !== null
          ? { slug: r.semesterSlug, no: r.semesterNo, academic_year: r.semesterYear }
          : null,
    };
  });
}
