import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/**
 * A failed call as every caller sees it: the HTTP status, the sentence to show, the envelope's
 * stable `code` when there is one, and the raw body (contract §2.1 "server's response data plus
 * statusCode").
 */
export interface ApiError {
  statusCode: number;
  message: string;
  code?: string | number;
  body: unknown;
  /** Set when no answer arrived at all (the network, not the server, failed). */
  connectionLost?: true;
}

/** Shown when the request never got an answer (contract §2.1). */
export const UNEXPECTED_ERROR_MESSAGE = 'Unexpected error occurred';
/** Shown when the refresh token is rejected and the person is signed out. */
export const TOKEN_EXPIRED_MESSAGE = 'Token Expired';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Reads a string field of an unknown body (`message`, `detail`), or undefined.
 */
export function bodyText(body: unknown, field: string): string | undefined {
  if (!isRecord(body)) return undefined;
  const value = body[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Converts a `fetchBaseQuery` failure into an ApiError, reading the error envelope's `message` and
 * `code` (contract §1.4). No answer at all becomes "Unexpected error occurred" with status 500.
 */
export function toApiError(error: FetchBaseQueryError): ApiError {
  if (typeof error.status === 'number') {
    const body = error.data;
    const code =
      isRecord(body) && (typeof body.code === 'string' || typeof body.code === 'number')
        ? body.code
        : undefined;
    const message =
      bodyText(body, 'message') ??
      bodyText(body, 'detail') ??
      `Request failed with status code ${error.status}`;
    return code === undefined
      ? { statusCode: error.status, message, body }
      : { statusCode: error.status, message, code, body };
  }
  if (error.status === 'PARSING_ERROR') {
    return {
      statusCode: error.originalStatus,
      message: `Request failed with status code ${error.originalStatus}`,
      body: error.data,
    };
  }
  // The request or its answer never made it (offline, reset, aborted, timed out): worth a retry.
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') {
    return { statusCode: 500, message: UNEXPECTED_ERROR_MESSAGE, body: null, connectionLost: true };
  }
  return { statusCode: 500, message: UNEXPECTED_ERROR_MESSAGE, body: null };
}

/**
 * Tells whether a mutation/query error came from the base query (an ApiError) rather than from
 * RTK itself (a serialized exception).
 */
export function isApiError(error: unknown): error is ApiError {
  return isRecord(error) && typeof error.statusCode === 'number' && typeof error.message === 'string';
}

/**
 * The sentence for any error a hook returned: the ApiError's message, a thrown error's message,
 * or the fallback.
 */
export function errorText(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.message || fallback;
  if (isRecord(error) && typeof error.message === 'string' && error.message) return error.message;
  return fallback;
}
