import { lazy, Suspense, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { LoadingOverlay } from '../components/feedback/loading-overlay';
import type { AppStore } from './store';

// The toast area is not part of the first load: it mounts once sonner arrives (lib/toast.ts), placed
// clear of the page's controls (toast-area.tsx).
const ToastArea = lazy(() => import('./toast-area').then(({ ToastArea }) => ({ default: ToastArea })));

/** The app-wide providers: the store, the global loading overlay and the toast area. */
export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      {children}
      <LoadingOverlay />
      <Suspense fallback={null}>
        <ToastArea />
      </Suspense>
    </Provider>
  );
}
