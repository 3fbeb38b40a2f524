import { useState } from 'react';
import { Check, X } from 'lucide-react';
import { matchesSearch, type AttendanceRecord } from '@rollbook/contract';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { Input } from '../../../components/ui/input';
import { formatScore, LECTURES_TEXT } from '../lecture-text';

const CELL = 'px-3 py-2 text-left align-middle';
const MARKED_COLUMNS = ['Student Name', 'P/A', 'Prob(%)', 'Distance', 'NCC', 'Magnitude'] as const;
const REQUEST_COLUMNS = ['Student Name', 'Comment', 'Action'] as const;
const UNMARKED_COLUMNS = ['Student Name', 'Present'] as const;

/** The row's header: the student's name with the enrolment number under it. */
function StudentCell({ student }: { student: AttendanceRecord['student'] }) {
  return (
    <th scope="row" className={`${CELL} font-medium text-slate-900`}>
      {student.profile.name}
      <span className="block text-xs font-normal text-slate-500">{student.enrollment}</span>
    </th>
  );
}

/** The teacher's presence box of one row (the P/A column, or "Present" for an unmarked student). */
function PresenceBox({
  label,
  checked,
  readOnly,
  onChange,
}: {
  label: string;
  checked: boolean;
  readOnly: boolean;
  onChange: () => void;
}) {
  return (
    <td className={CELL}>
      <input
        type="checkbox"
        className="size-5 accent-green-600"
        aria-label={label}
        checked={checked}
        disabled={readOnly}
        onChange={onChange}
      />
    </td>
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
          <PresenceBox
            label={`Present: ${record.student.profile.name}`}
            checked={record.is_present}
            readOnly={readOnly}
            onChange={() => onToggle(record)}
          />
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

/**
 * The "Not marked" tab: students of the session's audience with no mark yet (no attempt, no
 * decision), so the teacher can mark present one who cannot mark (a broken phone). Ticking sends
 * the same `update_attendance` as the P/A box; the student moves to the Default tab when the
 * server answers. A filter finds a name or an enrolment number, accents and apostrophes aside.
 */
export function UnmarkedStudentsTable({
  records,
  readOnly,
  onMarkPresent,
}: {
  records: readonly AttendanceRecord[];
  readOnly: boolean;
  onMarkPresent: (record: AttendanceRecord) => void;
}) {
  const [query, setQuery] = useState('');
  const shown = records.filter(
    (record) =>
      matchesSearch(record.student.profile.name, query) || matchesSearch(record.student.enrollment, query),
  );
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">{LECTURES_TEXT.unmarkedHint}</p>
      <Input
        label={LECTURES_TEXT.unmarkedFilter}
        type="search"
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <DataTable caption="Students not marked" columns={UNMARKED_COLUMNS} minWidth="min-w-[16rem]">
        {shown.length === 0 ? (
          <tr>
            <td colSpan={2} className={`${CELL} py-6 text-center text-slate-500`}>
              {records.length === 0 ? LECTURES_TEXT.everyoneMarked : LECTURES_TEXT.noUnmarkedMatch}
            </td>
          </tr>
        ) : (
          shown.map((record) => (
            <tr key={record.slug}>
              <StudentCell student={record.student} />
              <PresenceBox
                label={`Mark present: ${record.student.profile.name}`}
                checked={false}
                readOnly={readOnly}
                onChange={() => onMarkPresent(record)}
              />
            </tr>
          ))
        )}
      </DataTable>
    </div>
  );
}
