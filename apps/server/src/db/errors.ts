/**
 * Driver error codes stay in the data layer: repositories ask these questions and translate the
 * answer into an outcome or an `AppError`, so services never see a SQLSTATE. Drizzle may wrap the
 * driver's error, so its `cause` is read too.
 */
function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique constraint refused the write (SQLSTATE 23505). */
export function isUniqueViolation(err: unknown): boolean {
  return sqlState(err) === '23505';
}

/** The role lacks a privilege the statement needs (SQLSTATE 42501), e.g. `session_replication_role`. */
export function isInsufficientPrivilege(err: unknown): boolean {
  return sqlState(err) === '42501';
}

/**
 * PostgreSQL broke a lock cycle by aborting this transaction (SQLSTATE 40P01); it changed nothing
 * and may be run again.
 */
export function isDeadlock(err: unknown): boolean {
  return sqlState(err) === '40P01';
}
