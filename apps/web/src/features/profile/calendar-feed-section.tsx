import { CalendarDays, Copy, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { useFetchCalendarFeedUrlMutation, useResetCalendarFeedUrlMutation } from './calendar-api';
import { CALENDAR_TEXT } from './profile-labels';

/**
 * The "Calendar feed" section of the profile (teachers and students): a button fetches the
 * person's private calendar URL and shows it read-only with "Copy link" and "Reset link" (the old
 * URL stops working and a new one is shown).
 */
export function CalendarFeedSection() {
  const headingId = useId();
  const fieldId = useId();
  const [url, setUrl] = useState<string | null>(null);
  const [fetchUrl, fetching] = useFetchCalendarFeedUrlMutation();
  const [resetUrl, resetting] = useResetCalendarFeedUrlMutation();

  async function show() {
    const result = await fetchUrl();
    if (!result.error) setUrl(result.data);
  }

  async function reset() {
    const result = await resetUrl();
    if (result.error) return;
    setUrl(result.data);
    toast.success(CALENDAR_TEXT.reset);
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(CALENDAR_TEXT.copied);
    } catch {
      // Clipboard access can be refused (insecure origin, permissions): the field stays selectable.
      toast.error(CALENDAR_TEXT.copyFailed);
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <CalendarDays className="size-4 text-brand-600" aria-hidden />
        {CALENDAR_TEXT.title}
      </h3>
      <p className="text-sm text-slate-600">{CALENDAR_TEXT.explanation}</p>
      {url === null ? (
        <Button
          variant="secondary"
          className="self-start"
          disabled={fetching.isLoading}
          onClick={() => void show()}
        >
          {fetching.isLoading ? CALENDAR_TEXT.loading : CALENDAR_TEXT.show}
        </Button>
      ) : (
        <div className="flex flex-col gap-2">
          <label htmlFor={fieldId} className="sr-only">
            {CALENDAR_TEXT.fieldLabel}
          </label>
          <input
            id={fieldId}
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className="h-10 w-full rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-xs text-slate-800"
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => void copy(url)}>
              <Copy className="size-4" aria-hidden />
              Copy link
            </Button>
            <Button variant="ghost" size="sm" disabled={resetting.isLoading} onClick={() => void reset()}>
              <RotateCcw className="size-4" aria-hidden />
              Reset link
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
