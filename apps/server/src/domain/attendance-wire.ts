import type { AttendanceRecord } from '@rollbook/contract';
import type { AttendanceRow } from './attendance.repository';

/** An attendance row as the teacher's sheet and the socket events carry it (§6.0). */
export function attendanceWire(row: AttendanceRow): AttendanceRecord {
  return {
    slug: row.slug,
    student: {
      slug: row.studentSlug,
      enrollment: row.enrollment,
      profile: { name: row.name?.trim() || row.enrollment, email: row.email, role: 'student' },
    },
    is_present: row.isPresent,
    similarity: row.similarity,
    euclidean_distance: row.euclideanDistance,
    ncc: row.ncc,
    magnitude: row.magnitude,
    regulization_comment: row.regulizationComment,
    marking_time: row.markingTime ? row.markingTime.toISOString() : null,
    manual: row.manual,
    gps_distance: row.gpsDistance,
    regulization_request: row.regulizationStatus === 'pending',
  };
}
