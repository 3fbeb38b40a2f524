import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES } from '../../lib/routes';
import { logOut } from '../../lib/session/log-out';
import { useAppDispatch } from '../../lib/store-hooks';

/**
 * The bottom bar's Logout: clears all local storage and persisted state, then goes to /login.
 */
export function useLogout(): () => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    dispatch(logOut());
    void navigate(ROUTES.login, { replace: true });
  }, [dispatch, navigate]);
}
