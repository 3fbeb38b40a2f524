import { ERROR_MESSAGES, ERROR_STATUS, type ErrorCode } from '@rollbook/contract';

export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * The one error type services throw. The code (from the contract) decides the HTTP status; the
 * message is shown to the user as is, so it must be a sentence a person understands.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues: FieldIssue[] | undefined;
  /** Extra top-level keys some legacy replies carry next to the envelope (e.g. attendance `code`). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    opts: { issues?: FieldIssue[]; extra?: Record<string, unknown> } = {},
  ) {
    super(message ?? ERROR_MESSAGES[code]);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.issues = opts.issues;
    this.extra = opts.extra;
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('forbidden', message);
export const badRequest = (message: string) => new AppError('bad_request', message);
export const conflict = (message: string) => new AppError('conflict', message);
