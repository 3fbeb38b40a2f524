import { Lock } from 'lucide-react';

/**
 * Why something the page offers is closed now: the product's short sentence, then the server's own
 * reason (e.g. the semester's divisions were made from the choices) when it sent one, so a person
 * is never left guessing why a page with a future deadline refuses them.
 */
export function ClosedNotice({ summary, reason }: { summary: string; reason?: string | null }) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-slate-700"
    >
      <Lock className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />
      <div className="flex flex-col gap-1">
        <p>{summary}</p>
        {reason ? <p className="text-sm text-slate-600">{reason}.</p> : null}
      </div>
    </div>
  );
}
