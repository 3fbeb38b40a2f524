import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
// The `lib/` build of this module renders a blank page under Vite 8; `es/` works.
import storage from 'redux-persist/es/storage';
import { notificationReducer } from '../features';
import { api } from '../lib/api/api';
import { loaderReducer } from '../lib/loader/loader-slice';
import { authReducer } from '../lib/session/auth-slice';

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
const persistConfig = { key: 'root', storage, whitelist: ['auth', 'notification'] };

/**
 * Builds a store. The app uses the persisted variant; tests build a plain one with the state they
 * need.
 */
export function makeStore(options: { persist?: boolean; preloadedState?: Partial<RootState> } = {}) {
  const reducer = options.persist ? persistReducer(persistConfig, rootReducer) : rootReducer;
  const store = configureStore({
    reducer: reducer as typeof rootReducer,
    preloadedState: options.preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/**
 * The app's store and its persistor (created once, for the browser).
 */
export function createPersistedStore() {
  const store = makeStore({ persist: true });
  return { store, persistor: persistStore(store) };
}
