import { skipToken } from '@reduxjs/toolkit/query';
import type { ImportJob } from '@rollbook/contract';
import { errorText, isApiError } from '../../lib/api/api-error';
import { useWorkbookJobQuery } from './institution-setup-api';
import { isRunning } from './workbook-report';

/** A job the page started: the upload call's answer and the file it was started with. */
export interface StartedJob {
  job: ImportJob;
  file: File;
}

/** What the page knows of a started job now. */
export interface TrackedJob {
  job: ImportJob;
  file: File;
  /** Why the last poll failed; the page says so in place. */
  pollError: string | null;
  /** True when the server no longer answers for the job (a 4xx): polling has stopped. */
  lost: boolean;
}

/**
 * Follows a started check or import: polls it every `pollMs` while it is queued or running, and
 * stops when it is done or failed. A poll that fails for want of an answer (network, 5xx) is
 * retried by the next poll; one the server refuses (the job is gone) stops the polling.
 */
export function useTrackedJob(started: StartedJob | null, pollMs: number): TrackedJob | null {
  const slug = started?.job.slug;
  const latest = useWorkbookJobQuery(slug ?? skipToken, { skip: !slug });
  const answered = latest.data?.slug === slug ? latest.data : undefined;
  const job = answered ?? started?.job ?? null;
  // The cache keeps a failed poll's error through the next poll until one succeeds, so the message
  // stays on screen for the whole outage instead of blinking with each retry.
  const error: unknown = latest.error ?? null;
  const lost = isApiError(error) && error.statusCode >= 400 && error.statusCode < 500;
  // The hook is called again (same arguments) with the polling interval the answer calls for.
  useWorkbookJobQuery(slug ?? skipToken, {
    skip: !slug || !job || !isRunning(job) || lost,
    pollingInterval: pollMs,
    skipPollingIfUnfocused: false,
  });
  if (!started || !job) return null;
  return {
    job,
    file: started.file,
    pollError: error ? errorText(error, 'The server did not answer') : null,
    lost,
  };
}
