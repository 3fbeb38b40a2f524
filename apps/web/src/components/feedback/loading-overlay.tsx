import { MapPin } from 'lucide-react';
import { selectLoader } from '../../lib/loader/loader-slice';
import { useSharedSelector } from '../../lib/store-hooks';

/** The overlay text when no custom message is given (product spec §2 Layouts). */
export const DEFAULT_LOADING_TEXT = 'Loading....';

/**
 * The global loading overlay: a pulsing map pin and "Loading...." (or the loader's message) over
 * the whole page while the loader state is on. Announced politely to screen readers.
 */
export function LoadingOverlay() {
  const { LOADER_STATE, message, detail } = useSharedSelector(selectLoader);
  if (!LOADER_STATE) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-3 bg-white/70 backdrop-blur-[2px]"
    >
      <span className="relative flex size-14 items-center justify-center">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-brand-400 opacity-40" />
        <MapPin className="relative size-9 animate-pulse text-brand-600" aria-hidden />
      </span>
      <p className="text-base font-medium text-slate-700">{message ?? DEFAULT_LOADING_TEXT}</p>
      {detail ? <p className="text-sm text-slate-600 tabular-nums">{detail}</p> : null}
    </div>
  );
}
