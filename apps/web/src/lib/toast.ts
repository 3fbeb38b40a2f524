import type * as SonnerModule from 'sonner';
import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { showPlainNotice } from './plain-notice';

// Toasts without sonner in the first load (issue 19 item 3; web-0006): the library (~10 kB gzip)
// is fetched when the first toast is raised or the toast area mounts, whichever comes first.
// sonner replays toasts raised before its `Toaster` subscribed, so none is lost meanwhile.

type Message = Parameters<typeof sonnerToast.error>[0];
type Kind = 'success' | 'error' | 'info' | 'warning';

type Sonner = typeof SonnerModule;
let loaded: Sonner | null = null;

/**
 * Runs `call` with sonner: at once when it is loaded, else once it is. When sonner cannot be
 * fetched, `unloaded` runs instead (the next call tries the fetch again).
 */
function withSonner(call: (sonner: Sonner) => void, unloaded?: () => void): void {
  if (loaded) return call(loaded);
  import('sonner').then(
    (sonner) => {
      loaded = sonner;
      call(sonner);
    },
    () => unloaded?.(),
  );
}

/** What a toast says in words, for the plain notice shown when sonner cannot load. */
function plainText(message: Message, kind: Kind): string {
  if (typeof message === 'string') return message;
  return kind === 'error' || kind === 'warning' ? 'Something went wrong. Reload the page.' : 'Done.';
}

const raise =
  (kind: Kind) =>
  (message: Message, options?: ExternalToast): void =>
    withSonner(
      ({ toast }) => toast[kind](message, options),
      () => showPlainNotice(plainText(message, kind), kind === 'error' || kind === 'warning'),
    );

/** sonner's `toast` for the calls the app makes, loading sonner on first use. */
export const toast = {
  success: raise('success'),
  error: raise('error'),
  info: raise('info'),
  warning: raise('warning'),
  dismiss(id?: string | number): void {
    withSonner(({ toast }) => toast.dismiss(id));
  },
};
