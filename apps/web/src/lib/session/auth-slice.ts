import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccessTokenPayload, Role } from '@rollbook/contract';
import { decodeAccessToken, roleOf } from './access-token';
import { readStoredTokens } from './token-storage';

/** The signed-in person as the client knows them (product spec §3 Auth state). */
export interface AuthState {
  isAuth: boolean;
  accessToken: string | null;
  refreshToken: string | null;
  /** The decoded access token; its `obj` carries role, name, e-mail and branch. */
  userProfile: AccessTokenPayload | null;
  /** `redirect_uri` of the login that started this session ("" when none). */
  callbackUrl: string;
  /** `from_app` of the login that started this session ("" when none). */
  fromApp: string;
}

const signedOutState: AuthState = {
  isAuth: false,
  accessToken: null,
  refreshToken: null,
  userProfile: null,
  callbackUrl: '',
  fromApp: '',
};

// Seeded from the token keys, so the original client's storage (tokens without `persist:root`)
// is honoured; a stored `persist:root` replaces it (app/persisted-state.ts).
function initialAuthState(): AuthState {
  const { access, refresh } = readStoredTokens();
  const userProfile = decodeAccessToken(access);
  return {
    ...signedOutState,
    isAuth: userProfile !== null,
    accessToken: access,
    refreshToken: refresh,
    userProfile,
  };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    tokensReceived(state, action: PayloadAction<{ access: string; refresh: string }>) {
      state.accessToken = action.payload.access;
      state.refreshToken = action.payload.refresh;
      state.userProfile = decodeAccessToken(action.payload.access);
      state.isAuth = state.userProfile !== null;
    },
    appRedirectRemembered(state, action: PayloadAction<{ callbackUrl: string; fromApp: string }>) {
      state.callbackUrl = action.payload.callbackUrl;
      state.fromApp = action.payload.fromApp;
    },
    signedOut() {
      return signedOutState;
    },
  },
});

export const { tokensReceived, appRedirectRemembered, signedOut } = authSlice.actions;
export const authReducer = authSlice.reducer;

/** The slice of the store every part of the app may read. */
export interface WithAuth {
  auth: AuthState;
}

/** The auth state. */
export const selectAuth = (state: WithAuth): AuthState => state.auth;
/** The signed-in role, or null. */
export const selectRole = (state: WithAuth): Role | null => roleOf(state.auth.userProfile);
