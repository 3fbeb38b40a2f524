import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The global loading overlay (product spec §3 Loader). `pending` counts overlapping requests so the
 * overlay stays up until the last one finishes. Never persisted: a persisted `true` would restore a
 * stuck overlay after a reload (contract §12.20).
 */
export interface LoaderState {
  LOADER_STATE: boolean;
  message: string | null;
  /** What long work is doing now (e.g. "Recording… 3 s left"), shown under the message. */
  detail: string | null;
  pending: number;
}

const initialState: LoaderState = { LOADER_STATE: false, message: null, detail: null, pending: 0 };

const loaderSlice = createSlice({
  name: 'loader',
  initialState,
  reducers: {
    loaderStarted(state, action: PayloadAction<string | undefined>) {
      state.pending += 1;
      state.LOADER_STATE = true;
      if (action.payload) state.message = action.payload;
    },
    loaderFinished(state) {
      state.pending = Math.max(0, state.pending - 1);
      if (state.pending === 0) {
        state.LOADER_STATE = false;
        state.message = null;
        state.detail = null;
      }
    },
    /** Says what the running work does now, so a long wait is never a still overlay. */
    loaderProgress(state, action: PayloadAction<string | null>) {
      if (state.LOADER_STATE) state.detail = action.payload;
    },
  },
});

export const { loaderStarted, loaderFinished, loaderProgress } = loaderSlice.actions;
export const loaderReducer = loaderSlice.reducer;

/** The loader state. */
export const selectLoader = (state: { loader: LoaderState }): LoaderState => state.loader;
