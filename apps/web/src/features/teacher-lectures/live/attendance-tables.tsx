import { Check, X } from 'lucide-react';
import type { AttendanceRecord } from '@rollbook/contract';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { formatScore, LECTURES_TEXT } from '../lecture-text';

const CELL = 'px-3 py-2 text-left align-middle';
const MARKED_COLUMNS = ['Student Name', 'P/A', 'Prob(%)', 'Distance', 'NCC', 'Magnitude'] as const;
const REQUEST_COLUMNS = ['Student Name', 'Comment', 'Action'] as const;

/** The row's header: the student's name with the enrolment number under it. */
function StudentCell({ student }: { student: AttendanceRecord['student'] }) {
  return (
    <th scope="row" className={`${CELL} font-medium text-slate-900`}>
      {student.profile.name}
      <span className="block text-xs font-normal text-slate-500">{student.enrollment}</span>
    </th>
  );
}

/**
 * The Default tab: every marked student with the P/A box and the four presence scores (product
 * spec §2; Prob(%) floored, Distance 3 decimals, NCC and Magnitude 2 decimals).
 */
export function MarkedStudentsTable({
  records,
  readOnly,
  onToggle,
}: {
  records: readonly AttendanceRecord[];
  readOnly: boolean;
  onToggle: (record: AttendanceRecord) => void;
}) {
  return (
    <DataTable caption="Marked students" columns={MARKED_COLUMNS} minWidth="min-w-[34rem]">
      {records.map((record) => (
        <tr key={record.slug}>
          <StudentCell student={record.student} />
          <td className={CELL}>
            <input
              type="checkbox"
              className="size-5 accent-green-600"
              aria-label={`Present: ${record.student.profile.name}`}
              checked={record.is_present}
              disabled={readOnly}
              onChange={() => onToggle(record)}
            />
          </td>
          <td className={CELL}>{formatScore.probability(record.similarity)}</td>
          <td className={CELL}>{formatScore.distance(record.euclidean_distance)}</td>
          <td className={CELL}>{formatScore.twoDecimals(record.ncc)}</td>
          <td className={CELL}>{formatScore.twoDecimals(record.magnitude)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * The Manual tab: waiting manual-marking requests, approved one by one (the Action checkbox) or all
 * at once ("Mark All Students"); a reject removes the request locally after a confirmation.
 */
export function ManualRequestsTable({
  requests,
  readOnly,
  onApprove,
  onReject,
}: {
  requests: readonly AttendanceRecord[];
  readOnly: boolean;
  onApprove: (attendanceSlugs: string[]) => void;
  onReject: (record: AttendanceRecord) => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <Button
        className="self-end"
        disabled={readOnly || requests.length === 0}
        onClick={() => onApprove(requests.map((request) => request.slug))}
      >
        <Check className="size-4" aria-hidden />
        {LECTURES_TEXT.markAll}
      </Button>
      <DataTable caption="Manual marking requests" columns={REQUEST_COLUMNS} minWidth="min-w-[28rem]">
        {requests.length === 0 ? (
          <tr>
            <td colSpan={3} className={`${CELL} py-6 text-center text-slate-500`}>
              {LECTURES_TEXT.noRequests}
            </td>
          </tr>
        ) : (
          requests.map((request) => (
            <tr key={request.slug}>
              <StudentCell student={request.student} />
              <td className={`${CELL} break-words text-slate-700`}>{request.regulization_comment ?? ''}</td>
              <td className={CELL}>
                <div className="flex items-center gap-3">
                  <input
                    type="checkbox"
                    className="size-5 accent-green-600"
                    aria-label={`Approve: ${request.student.profile.name}`}
                    checked={false}
                    disabled={readOnly}
                    onChange={() => onApprove([request.slug])}
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Reject: ${request.student.profile.name}`}
                    disabled={readOnly}
                    onClick={() => onReject(request)}
                  >
                    <X className="size-4 text-red-600" aria-hidden />
                  </Button>
                </div>
              </td>
            </tr>
          ))
        )}
      </DataTable>
    </div>
  );
}
