/**
 * Stable error codes and the HTTP status each one is answered with.
 *
 * Why 401 is reserved for authentication: the original client's request wrapper treats every 401
 * as "the access token expired" and silently refreshes the token and retries the call (contract
 * §2.2, §2.3). A business error answered with 401 would therefore loop through refresh instead of
 * reaching the user, and a 401 from the refresh call itself logs the user out. So only a missing,
 * invalid or expired token (`invalid_credentials` on login, `token_invalid` elsewhere) is a 401;
 * "you may not do this" is 403.
 *
 * Why the 24-hour limits are 403 and not 429: the client branches on the status code of
 * `update_email` and `forgot_password`, showing "Please try again after 24 hours" and resetting the
 * field only on 403. Any other status would show a generic error instead.
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  bad_request: 400,
  invalid_credentials: 401,
  token_invalid: 401,
  forbidden: 403,
  retry_after_24_hours: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal: 500,
  not_implemented: 501,
  service_unavailable: 503,
  overloaded: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Default sentence per code, used when a service does not give a more specific one. The client
 * toasts the error envelope's `message` verbatim, so these are written for people.
 */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  validation_failed: 'Some of the information sent is not valid',
  bad_request: 'The request could not be understood',
  invalid_credentials: 'Invalid credentials',
  token_invalid: 'Token is invalid or expired',
  forbidden: 'You do not have permission to do this',
  retry_after_24_hours: 'Please try again after 24 hours',
  not_found: 'Not found',
  conflict: 'This conflicts with the current state. Please reload and try again',
  gone: 'This is no longer available',
  payload_too_large: 'The upload is too large',
  unsupported_media_type: 'This kind of content is not supported here',
  too_many_requests: 'Too many requests. Please wait a moment and try again',
  internal: 'Something went wrong',
  not_implemented: 'This is not available yet',
  service_unavailable: 'The service is temporarily unavailable. Please try again later',
  overloaded: 'The server is busy right now. Please try again in a moment',
};
