/**
 * The rule every new password must meet. It lives in the contract so the server enforces and the
 * web states (before the person submits) one and the same rule.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The rule in words, shown beside every set-password field. */
export const PASSWORD_RULE_TEXT = `At least ${PASSWORD_MIN_LENGTH} characters, with letters and numbers.`;

/** Checks a new password against the rule; returns the problem in words, or null when fine. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`;
  if (!/[A-Za-z]/.test(password) || !/[0-9]/.test(password))
    return 'Password must contain letters and numbers';
  return null;
}
