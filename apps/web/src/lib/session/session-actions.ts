import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { TokenPair } from '@rollbook/contract';
import { appRedirectRemembered, signedOut, tokensReceived } from './auth-slice';
import { clearStoredSession, writeStoredAppRedirect, writeStoredTokens } from './token-storage';

/** A thunk that needs nothing from the store's state. */
export type SessionThunk<R = void> = ThunkAction<R, unknown, unknown, UnknownAction>;

/**
 * Stores a fresh token pair in localStorage and in the store (which decodes the profile). Used
 * after login, after setting a new password and after every token refresh.
 */
export function signIn(pair: TokenPair): SessionThunk {
  return (dispatch) => {
    writeStoredTokens(pair);
    dispatch(tokensReceived(pair));
  };
}

/**
 * Remembers the mobile-app hand-off values of a login (`redirect_uri`, `from_app`), in localStorage
 * and in the store.
 */
export function rememberAppRedirect(callbackUrl: string, fromApp: string): SessionThunk {
  return (dispatch) => {
    writeStoredAppRedirect(callbackUrl, fromApp);
    dispatch(appRedirectRemembered({ callbackUrl, fromApp }));
  };
}

/**
 * Forgets the session: tokens and hand-off values leave localStorage and the store. The guards
 * react to the empty auth state by sending the person to /login.
 */
export function signOut(): SessionThunk {
  return (dispatch) => {
    clearStoredSession();
    dispatch(signedOut());
  };
}
