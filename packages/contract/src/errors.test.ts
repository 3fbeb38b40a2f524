import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, ERROR_STATUS, type ErrorCode } from './errors';

const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

describe('ERROR_STATUS', () => {
  it('uses 401 only for authentication failures', () => {
    const unauthorized = ERROR_CODES.filter((code) => ERROR_STATUS[code] === 401);
    expect(unauthorized.sort()).toEqual(['invalid_credentials', 'token_invalid']);
  });

  it('answers the 24-hour limits with 403, which the client branches on', () => {
    expect(ERROR_STATUS.retry_after_24_hours).toBe(403);
    expect(ERROR_MESSAGES.retry_after_24_hours).toBe('Please try again after 24 hours');
  });

  it('maps every code to an error status with a non-empty message', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code]).toBeLessThan(600);
      expect(ERROR_MESSAGES[code].length).toBeGreaterThan(0);
    }
    expect(ERROR_CODES).toHaveLength(16);
  });
});
