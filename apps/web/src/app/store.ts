import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { notificationReducer } from '../features';
import { api } from '../lib/api/api';
import { loaderReducer } from '../lib/loader/loader-slice';
import { authReducer } from '../lib/session/auth-slice';
import { persistSlices, readPersisted } from './persisted-state';

/** Every slice of the app's store. */
export const rootReducer = combineReducers({
  auth: authReducer,
  loader: loaderReducer,
  notification: notificationReducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/**
 * Only the session and the bell's lists survive a reload (`persist:root` in localStorage, as the
 * original client named it). The loader is never persisted (a stored `true` would restore a stuck
 * overlay), and server data is refetched rather than trusted from storage.
 */
const PERSISTED_SLICES = ['auth', 'notification'] as const;

/**
 * Builds a store. The app uses the persisted variant; tests build a plain one with the state they
 * need.
 */
export function makeStore(options: { persist?: boolean; preloadedState?: Partial<RootState> } = {}) {
  const preloadedState = {
    ...(options.persist ? readPersisted(PERSISTED_SLICES) : {}),
    ...options.preloadedState,
  };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  setupListeners(store.dispatch);
  if (options.persist) persistSlices(store, PERSISTED_SLICES);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/** The app's store, restored from and saved to `persist:root` (created once, for the browser). */
export function createPersistedStore() {
  return makeStore({ persist: true });
}
