import { bodyText, isApiError } from '../../lib/api/api-error';

/** Texts of the auth screens that the product spec quotes exactly. */
export const AUTH_TEXT = {
  invalidCredentials: 'Invalid credentials',
  loginBadGateway: 'Something went wrong. Please try again later',
  loginFallback: 'An error occurred',
  temporaryPassword: 'Temporary password. Please set a new password.',
  passwordUpdated: 'Password Updated Successfully!',
  passwordReset: 'Your password has been updated successfully',
  setPasswordFallback: 'An error occurred while updating the password',
  resetFallback: 'someting went wrong',
  invalidEmail: 'Please enter a valid email address',
  forgotSent: 'Email has been sent successfully. Please check your email.',
  retryAfter24h: 'Please try again after 24 hours',
  forgotFallback: 'something went wrong',
  passwordRequired: 'Password is required',
  confirmRequired: 'Please confirm your password',
  passwordMismatch: 'Passwords do not match',
  emailRequired: 'Email is required',
} as const;

/**
 * What a failed login shows (product spec §8 Login): 401 "Invalid credentials", 502 "Something
 * went wrong. Please try again later", otherwise the server's detail or message, else "An error
 * occurred".
 */
export function loginErrorMessage(error: unknown): string {
  if (!isApiError(error)) return AUTH_TEXT.loginFallback;
  if (error.statusCode === 401) return AUTH_TEXT.invalidCredentials;
  if (error.statusCode === 502) return AUTH_TEXT.loginBadGateway;
  return bodyText(error.body, 'detail') ?? bodyText(error.body, 'message') ?? AUTH_TEXT.loginFallback;
}

/**
 * What a failed forgot-password request shows (product spec §8): 403 "Please try again after 24
 * hours", else the server's message, else "something went wrong".
 */
export function forgotPasswordErrorMessage(error: unknown): string {
  if (isApiError(error) && error.statusCode === 403) return AUTH_TEXT.retryAfter24h;
  return (isApiError(error) && bodyText(error.body, 'message')) || AUTH_TEXT.forgotFallback;
}

/**
 * What a failed password change shows: the server's message when it sent one (404 unknown
 * account, 400 weak password, 500), else the mode's generic sentence.
 */
export function passwordErrorMessage(error: unknown, fallback: string): string {
  return (isApiError(error) && bodyText(error.body, 'message')) || fallback;
}
