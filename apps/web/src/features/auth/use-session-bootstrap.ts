import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../lib/store-hooks';
import { bootstrapSession, type BootstrapOutcome } from './session-bootstrap';

/**
 * Runs the session bootstrap once when a protected screen mounts and reports its progress:
 * 'checking' until the server and the token have answered, then the outcome.
 */
export function useSessionBootstrap(): BootstrapOutcome | 'checking' {
  const dispatch = useAppDispatch();
  const [status, setStatus] = useState<BootstrapOutcome | 'checking'>('checking');
  useEffect(() => {
    let current = true;
    void dispatch(bootstrapSession()).then((outcome) => {
      if (current) setStatus(outcome);
    });
    return () => {
      current = false;
    };
  }, [dispatch]);
  return status;
}
