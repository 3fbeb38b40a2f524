import { api } from '../api/api';
import { signedOut } from './auth-slice';
import type { SessionThunk } from './session-actions';

/**
 * Logs out completely (contract §3.2): clears all of localStorage (tokens, app hand-off values and
 * the persisted `persist:root`), empties the auth state (every slice that holds personal data
 * resets on `signedOut`) and drops all cached server data. Navigation to /login is the caller's,
 * or the guards' once they see no session.
 */
export function logOut(): SessionThunk {
  return (dispatch) => {
    localStorage.clear();
    dispatch(signedOut());
    dispatch(api.util.resetApiState());
  };
}
