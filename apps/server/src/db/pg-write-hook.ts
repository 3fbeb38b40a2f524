/**
 * Tells the data version (data-version.ts) about every committed write on a PostgreSQL pool, in
 * the one place every statement passes: each pooled connection's `query`. Conservative by design:
 * any statement that is not plainly a read counts as a write (a bump too many costs a cache miss,
 * one too few would serve a stale answer). Inside a transaction the bump waits for the COMMIT, and
 * the statement's caller is answered only after the bump, so whoever sees the write's result can
 * no longer be answered from before it.
 */
import type { Pool, PoolClient } from 'pg';

/** Statements that change nothing (transaction control is handled apart). */
const READ_ONLY = /^\s*(select|show|savepoint|release|set|reset|deallocate|explain|values|table)\b/i;
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const COMMIT = /^\s*(commit|end)\b/i;
const ROLLBACK_ALL = /^\s*(rollback|abort)\b(?!\s+to\b)/i;

/** What a statement does to the connection's transaction state: whether a bump follows it. */
export function writeTracker() {
  let inTransaction = false;
  let dirty = false;
  return {
    /** True when the statement, once it succeeds, must be followed by a bump. */
    bumpsAfter(text: string): boolean {
      if (BEGIN.test(text)) {
        inTransaction = true;
        dirty = false;
        return false;
      }
      if (COMMIT.test(text)) {
        const wrote = inTransaction && dirty;
        inTransaction = false;
        dirty = false;
        return wrote;
      }
      if (ROLLBACK_ALL.test(text)) {
        inTransaction = false;
        dirty = false;
        return false;
      }
      if (READ_ONLY.test(text)) return false;
      if (inTransaction) {
        dirty = true;
        return false;
      }
      return true;
    },
  };
}

type Callback = (err: Error | null, result?: unknown) => void;

function statementText(config: unknown): string | null {
  if (typeof config === 'string') return config;
  if (config && typeof config === 'object' && 'text' in config && typeof config.text === 'string')
    return config.text;
  return null;
}

/** Wraps one connection's `query` so a bump follows each write (see the module comment). */
function hookClient(client: PoolClient, afterWrite: () => Promise<void>): void {
  const tracker = writeTracker();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const text = statementText(config);
    // Streams and cursors (`submit`) are not used by the server; they pass through untouched.
    const submittable = typeof (config as { submit?: unknown } | null)?.submit === 'function';
    if (text === null || submittable || !tracker.bumpsAfter(text)) return query(config, values, callback);
    if (typeof values === 'function') {
      callback = values;
      values = undefined;
    }
    if (typeof callback === 'function') {
      const done = callback as Callback;
      return query(config, values, (err: Error | null, result?: unknown) => {
        if (err) return done(err, result);
        afterWrite().then(
          () => done(null, result),
          (bumpErr: Error) => done(bumpErr),
        );
      });
    }
    return (query(config, values) as Promise<unknown>).then(async (result) => {
      await afterWrite();
      return result;
    });
  };
}

/** Hooks every connection the pool opens. */
export function hookPoolWrites(pool: Pool, afterWrite: () => Promise<void>): void {
  pool.on('connect', (client) => hookClient(client, afterWrite));
}
