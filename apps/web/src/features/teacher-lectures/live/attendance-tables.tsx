import { Check, X } from 'lucide-react';
import type { AttendanceRecord } from '@rollbook/contract';
import { Button } from '../../../components/ui/button';
import { formatScore, LECTURES_TEXT } from '../lecture-text';
import { TableScroll } from '../../../components/ui/table-scroll';

const CELL = 'px-3 py-2 text-left align-middle';
const HEAD = `${CELL} text-xs font-semibold uppercase tracking-wide text-slate-500`;

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
    <TableScroll label="Marked students" className="rounded-lg">
      <table className="w-full min-w-[34rem] text-sm">
        <caption className="sr-only">Marked students</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={HEAD}>
              Student Name
            </th>
            <th scope="col" className={HEAD}>
              P/A
            </th>
            <th scope="col" className={HEAD}>
              Prob(%)
            </th>
            <th scope="col" className={HEAD}>
              Distance
            </th>
            <th scope="col" className={HEAD}>
              NCC
            </th>
            <th scope="col" className={HEAD}>
              Magnitude
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {records.map((record) => (
            <tr key={record.slug}>
              <th scope="row" className={`${CELL} font-medium text-slate-900`}>
                {record.student.profile.name}
                <span className="block text-xs font-normal text-slate-500">{record.student.enrollment}</span>
              </th>
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
        </tbody>
      </table>
    </TableScroll>
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
      <TableScroll label="Manual marking requests" className="rounded-lg">
        <table className="w-full min-w-[28rem] text-sm">
          <caption className="sr-only">Manual marking requests</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={HEAD}>
                Student Name
              </th>
              <th scope="col" className={HEAD}>
                Comment
              </th>
              <th scope="col" className={HEAD}>
                Action
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {requests.length === 0 ? (
              <tr>
                <td colSpan={3} className={`${CELL} py-6 text-center text-slate-500`}>
                  {LECTURES_TEXT.noRequests}
                </td>
              </tr>
            ) : (
              requests.map((request) => (
                <tr key={request.slug}>
                  <th scope="row" className={`${CELL} font-medium text-slate-900`}>
                    {request.student.profile.name}
                    <span className="block text-xs font-normal text-slate-500">
                      {request.student.enrollment}
                    </span>
                  </th>
                  <td className={`${CELL} break-words text-slate-700`}>
                    {request.regulization_comment ?? ''}
                  </td>
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
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
