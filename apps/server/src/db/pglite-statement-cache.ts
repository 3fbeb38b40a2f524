/**
 * Plans repeated reads once on the embedded database. PGlite's driver sends every query unnamed, so
 * PostgreSQL plans it anew each time: milliseconds for the timetable's many-table join, all on the
 * server's one thread (issue 19). From its third run a `select` text is PREPAREd once, and later
 * runs EXECUTE it with the arguments written as quoted literals — exactly what the wire protocol
 * sends in text format, so each is coerced to the same inferred parameter type and means the same.
 *
 * Only plain scalar arguments are inlined (strings, finite numbers, booleans, bigints, null); a query
 * with anything else, or one PostgreSQL refuses to PREPARE, keeps running unnamed. The number of
 * prepared texts is bounded (oldest DEALLOCATEd first) because `inArray` writes a new text for every
 * list length.
 */
import type { PGlite } from '@electric-sql/pglite';

const PREPARE_AFTER_RUNS = 3;
const MAX_PREPARED = 200;

type Query = PGlite['query'];

/** A parameter as a literal, or null when it is not a plain scalar. */
function literal(value: unknown): string | null {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') {
    // standard_conforming_strings is on (PostgreSQL's default): only quotes need doubling.
    return value.includes('\0') ? null : `'${value.replaceAll("'", "''")}'`;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? `'${value}'` : null;
  if (typeof value === 'boolean' || typeof value === 'bigint') return `'${String(value)}'`;
  return null;
}

/**
 * Counts the embedded database's writes: bumped when any statement other than a `select` starts and
 * when it ends, and around every transaction and `exec`. A result read while the count stayed the
 * same is still what the database holds: PGlite is one process's own database, so every write
 * passes here. `null` for PostgreSQL (other instances write too).
 */
export interface WriteCounter {
  generation(): number;
}

const counters = new WeakMap<object, WriteCounter>();

/** The write counter of a database handle's `db`, when it is the embedded database. */
export function writeCounterOf(db: object): WriteCounter | null {
  return counters.get(db) ?? null;
}

/** Counts the writes on `client` (see WriteCounter) and files the counter under `db`. */
export function countWrites(client: PGlite, db: object): void {
  let generation = 0;
  const bumpAround =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      generation++;
      try {
        return await run(...args);
      } finally {
        generation++;
      }
    };
  const query: Query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: Parameters<Query>[2]) =>
    /^\s*select\b/i.test(text)
      ? query(text, params, options)
      : bumpAround(query)(text, params, options)) as Query;
  client.exec = bumpAround(client.exec.bind(client));
  client.transaction = bumpAround(client.transaction.bind(client));
  counters.set(db, { generation: () => generation });
}

export function cacheStatements(client: PGlite): void {
  const plain: Query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const runs = new Map<string, number>();
  const prepared = new Map<string, string>(); // text → statement name, oldest first
  const refused = new Set<string>();
  let next = 0;

  async function prepare(text: string): Promise<string | null> {
    const name = `rb_stmt_${++next}`;
    try {
      await exec(`prepare ${name} as ${text}`);
    } catch {
      if (refused.size > 1000) refused.clear();
      refused.add(text);
      return null;
    }
    prepared.set(text, name);
    if (prepared.size > MAX_PREPARED) {
      const [oldestText, oldestName] = prepared.entries().next().value as [string, string];
      prepared.delete(oldestText);
      await exec(`deallocate ${oldestName}`);
    }
    return name;
  }

  client.query = (async (text: string, params?: unknown[], options?: Parameters<Query>[2]) => {
    if (!/^\s*select\b/i.test(text) || refused.has(text)) return plain(text, params, options);
    const args = (params ?? []).map(literal);
    if (args.some((a) => a === null)) return plain(text, params, options);
    let name = prepared.get(text);
    if (!name) {
      // Texts seen once or twice are only counted; forget them all now and then (bounded memory).
      if (runs.size > 1000) runs.clear();
      const count = (runs.get(text) ?? 0) + 1;
      runs.set(text, count);
      if (count < PREPARE_AFTER_RUNS) return plain(text, params, options);
      runs.delete(text);
      name = (await prepare(text)) ?? undefined;
      if (!name) return plain(text, params, options);
    }
    const call = args.length > 0 ? `execute ${name}(${args.join(', ')})` : `execute ${name}`;
    return plain(call, [], options);
  }) as Query;
}
