import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { LoadingOverlay } from '../components/feedback/loading-overlay';
import type { AppStore } from './store';
import { ToastArea } from './toast-area';

/**
 * The app-wide providers: the store (waiting for the persisted state before rendering), the
 * global loading overlay and the toast area (placed clear of the page's controls, see ToastArea).
 */
export function Providers({
  store,
  persistor,
  children,
}: {
  store: AppStore;
  persistor?: Persistor;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      {persistor ? (
        <PersistGate loading={null} persistor={persistor}>
          {children}
        </PersistGate>
      ) : (
        children
      )}
      <LoadingOverlay />
      <ToastArea />
    </Provider>
  );
}
