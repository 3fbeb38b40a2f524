import type { ApiError } from '../../lib/api/api-error';

/** How long a marking upload keeps being retried after a lost connection (issue 21). */
export const UPLOAD_RETRY_LIMIT_MS = 60_000;
/** The waits between attempts: quick at first (a blip), then every 15 s. */
const BACKOFF_MS = [1000, 2000, 4000, 8000, 15_000] as const;

/**
 * Whether a failed upload is worth sending again: no answer arrived (the network dropped it or
 * its answer), or a gateway/the server was briefly unavailable. A verdict or a refusal is final.
 */
export function isWorthRetrying(error: ApiError): boolean {
  return error.connectionLost === true || [502, 503, 504].includes(error.statusCode);
}

/** What an upload answers: the data, or the error of its last attempt. */
export type UploadResult<T> = { data: T; error?: undefined } | { data?: undefined; error: ApiError };

/**
 * Sends an upload, and again after a lost connection with growing waits for up to
 * `UPLOAD_RETRY_LIMIT_MS`; `onRetry` is told each coming attempt (2, 3, …) so the screen can say
 * so. The caller sends the same idempotency key each time, so the server never counts it twice.
 */
export async function sendWithRetries<T>(
  send: () => Promise<UploadResult<T>>,
  onRetry: (attempt: number) => void,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<UploadResult<T>> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    const result = await send();
    if (!result.error || !isWorthRetrying(result.error)) return result;
    const waitMs = BACKOFF_MS[Math.min(attempt - 1, BACKOFF_MS.length - 1)]!;
    if (Date.now() + waitMs - started > UPLOAD_RETRY_LIMIT_MS) return result;
    onRetry(attempt + 1);
    await sleep(waitMs);
  }
}
