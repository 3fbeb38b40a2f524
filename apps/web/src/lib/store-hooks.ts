import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { WithAuth } from './session/auth-slice';
import type { LoaderState } from './loader/loader-slice';

/** The state every layer may read without knowing the features' slices. */
export interface SharedState extends WithAuth {
  loader: LoaderState;
}

/** `useDispatch` that accepts thunks. */
export const useAppDispatch = useDispatch.withTypes<ThunkDispatch<SharedState, unknown, UnknownAction>>();
/** `useSelector` over the shared state (auth and loader). */
export const useSharedSelector = useSelector.withTypes<SharedState>();
