import { institutionWallTime } from '../../lib/zoned-wall-time';
import { useCorrectionTrailQuery } from './session-sheet-api';
import { markLabel, SHEET_TEXT } from './sheet-text';

/** The changes of one student's mark, oldest first: when, who, from what to what, and why. */
export function CorrectionTrail({ sessionId, studentSlug }: { sessionId: string; studentSlug: string }) {
  const trail = useCorrectionTrailQuery({ sessionId, studentSlug });
  if (trail.isLoading) return <p className="text-sm text-slate-600">Loading the changes...</p>;
  if (trail.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {SHEET_TEXT.trailFailed}
      </p>
    );
  }
  return (
    <ol className="flex flex-col gap-2 border-l-2 border-slate-200 pl-3">
      {(trail.data ?? []).map((entry) => (
        <li key={`${entry.changed_at}-${entry.reason}`} className="text-sm text-slate-700">
          <p>
            <span className="font-medium text-slate-900">{institutionWallTime(entry.changed_at)}</span> ·{' '}
            {entry.changed_by ?? 'Someone no longer here'}: {markLabel(entry.before)} →{' '}
            {markLabel(entry.after)}
          </p>
          <p className="break-words text-slate-600">“{entry.reason}”</p>
        </li>
      ))}
    </ol>
  );
}
