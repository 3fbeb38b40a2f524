import { lazy, Suspense, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { LoadingOverlay } from '../components/feedback/loading-overlay';
import type { AppStore } from './store';

// The toast area is not part of the first load: it mounts once sonner arrives (lib/toast.ts).
const Toaster = lazy(() => import('sonner').then(({ Toaster }) => ({ default: Toaster })));

/** The app-wide providers: the store, the global loading overlay and the toast area at the top right. */
export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      {children}
      <LoadingOverlay />
      <Suspense fallback={null}>
        <Toaster position="top-right" richColors closeButton />
      </Suspense>
    </Provider>
  );
}
