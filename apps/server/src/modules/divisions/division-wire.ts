import type { DivisionDetail } from '@rollbook/contract';
import type { StoredDivision } from './divisions.repository';
import type { StudentRow } from './divisions.repository';
import { studentWire } from './planning-roster';

/**
 * A stored division as the contract's DivisionDetail (§10.2): batches in their stored order
 * (core batches first), members by enrolment, and the division's head count.
 */
export function divisionDetail(
  division: StoredDivision,
  toStudent: (row: StudentRow) => DivisionDetail['batches'][number]['students'][number] = studentWire,
): DivisionDetail {
  return {
    division_name: division.name,
    total_batches: division.batches.map((b) => b.name),
    batches: division.batches.map((b) => ({
      batch_name: b.name,
      student_count: b.students.length,
      students: b.students.map(toStudent),
    })),
    total_student_count: division.students.length,
  };
}
