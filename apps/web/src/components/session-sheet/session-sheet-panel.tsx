import { useState } from 'react';
import { Download } from 'lucide-react';
import type { SessionSheet, SheetRow } from '@rollbook/contract';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { SidePanel } from '../ui/side-panel';
import { Skeleton } from '../ui/skeleton';
import { errorText } from '../../lib/api/api-error';
import { downloadExcel } from '../../lib/excel-download';
import { CorrectionDialog } from './correction-dialog';
import { CorrectionTrail } from './correction-trail';
import { readableDay } from './readable-day';
import { useSessionSheetQuery, useSessionWorkbookMutation } from './session-sheet-api';
import { markLabel, markTone, SHEET_TEXT } from './sheet-text';

export interface SessionSheetPanelProps {
  /** The session shown; null keeps the panel closed. */
  sessionId: string | null;
  onClose: () => void;
}

/**
 * "Attendance History": a held session's final attendance in a side panel, every expected student
 * with their mark, corrected rows flagged with their changes on demand, a correction per row while
 * the caller may correct, and the spreadsheet.
 */
export function SessionSheetPanel({ sessionId, onClose }: SessionSheetPanelProps) {
  return (
    <SidePanel
      open={sessionId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={SHEET_TEXT.title}
    >
      {sessionId ? <SheetContent sessionId={sessionId} /> : null}
    </SidePanel>
  );
}

function SheetContent({ sessionId }: { sessionId: string }) {
  const sheet = useSessionSheetQuery(sessionId, { refetchOnMountOrArgChange: true });
  const [correcting, setCorrecting] = useState<SheetRow | null>(null);
  if (sheet.isLoading) return <Skeleton className="h-64 w-full" />;
  if (sheet.isError || !sheet.data) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorText(sheet.error, SHEET_TEXT.loadFailed)}
      </p>
    );
  }
  const data = sheet.data;
  return (
    <div className="flex flex-col gap-4">
      <SheetHeading sheet={data} />
      <ul
        aria-label={`Students of ${data.session.subject_name}`}
        className="flex flex-col divide-y divide-slate-100"
      >
        {data.rows.map((row) => (
          <StudentLine
            key={row.student.slug}
            sessionId={sessionId}
            row={row}
            canCorrect={data.correction.allowed}
            onCorrect={setCorrecting}
          />
        ))}
      </ul>
      {data.rows.length === 0 ? <p className="text-sm text-slate-600">{SHEET_TEXT.noStudents}</p> : null}
      <CorrectionDialog sessionId={sessionId} row={correcting} onClose={() => setCorrecting(null)} />
    </div>
  );
}

function SheetHeading({ sheet }: { sheet: SessionSheet }) {
  const { session, correction } = sheet;
  const [fetchWorkbook, fetching] = useSessionWorkbookMutation();
  const [problem, setProblem] = useState<string | null>(null);

  async function download() {
    setProblem(null);
    const answer = await fetchWorkbook(session.session_id);
    if (answer.data) downloadExcel(answer.data);
    else setProblem(`${SHEET_TEXT.downloadFailed}: ${errorText(answer.error, 'no answer from the server')}`);
  }

  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-base font-semibold text-slate-900">{session.subject_name}</h3>
      <p className="text-sm text-slate-700">
        {readableDay(session.day)} · {session.start_time}–{session.end_time} · Division {session.division} ·
        Sem {session.semester} · {session.branch}
      </p>
      <p className="text-sm text-slate-700">
        Present {session.present_count} of {session.student_count}
        {session.excused_count > 0 ? ` · Excused ${session.excused_count}` : ''}
        {session.corrected_count > 0 ? ` · Corrected ${session.corrected_count}` : ''}
      </p>
      <p
        role="note"
        className={
          correction.allowed
            ? 'text-sm text-slate-600'
            : 'rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900'
        }
      >
        {correction.allowed
          ? correction.until
            ? SHEET_TEXT.openUntil(correction.until)
            : SHEET_TEXT.openAlways
          : correction.message}
      </p>
      <div>
        <Button variant="secondary" size="sm" disabled={fetching.isLoading} onClick={() => void download()}>
          <Download className="size-4" aria-hidden />
          {SHEET_TEXT.download}
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function StudentLine({
  sessionId,
  row,
  canCorrect,
  onCorrect,
}: {
  sessionId: string;
  row: SheetRow;
  canCorrect: boolean;
  onCorrect: (row: SheetRow) => void;
}) {
  const [showTrail, setShowTrail] = useState(false);
  const trailId = `trail-${row.student.slug}`;
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{row.student.name}</p>
          <p className="text-xs text-slate-600">{row.student.enrollment}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={markTone(row)}>{markLabel(row)}</Badge>
          {row.corrected_at ? <Badge tone="brand">{SHEET_TEXT.corrected}</Badge> : null}
          {canCorrect ? (
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Correct ${row.student.name}`}
              onClick={() => onCorrect(row)}
            >
              {SHEET_TEXT.correct}
            </Button>
          ) : null}
        </div>
      </div>
      {row.correction_count > 0 ? (
        <div className="flex flex-col gap-2">
          <Button
            size="sm"
            variant="link"
            className="self-start"
            aria-expanded={showTrail}
            aria-controls={trailId}
            aria-label={`${showTrail ? SHEET_TEXT.hideTrail : SHEET_TEXT.showTrail} of ${row.student.name}`}
            onClick={() => setShowTrail((shown) => !shown)}
          >
            {showTrail ? SHEET_TEXT.hideTrail : SHEET_TEXT.showTrail}
          </Button>
          <div id={trailId}>
            {showTrail ? <CorrectionTrail sessionId={sessionId} studentSlug={row.student.slug} /> : null}
          </div>
        </div>
      ) : null}
    </li>
  );
}
