import { writeCounterOf, type WriteCounter } from './pglite-statement-cache';

/** Answers `load()` from memory while the database saw no write since it was loaded. */
export type ReadCache = <T>(key: string, load: () => Promise<T>) => Promise<T>;

const MAX_ENTRIES = 5000;

function cacheOn(writes: WriteCounter): ReadCache {
  let filledAt = writes.generation();
  const entries = new Map<string, unknown>();
  return async (key, load) => {
    const now = writes.generation();
    if (now !== filledAt) {
      // Any write may have changed any answer: start over.
      entries.clear();
      filledAt = now;
    }
    if (entries.has(key)) return entries.get(key) as Awaited<ReturnType<typeof load>>;
    const value = await load();
    // Kept only if no write began or ended while it was read (it might predate that write).
    if (writes.generation() === filledAt) {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, value);
    }
    return value;
  };
}

/**
 * A cache of reads for one database: on the embedded database (one process, every write counted,
 * see `countWrites`) answers stay in memory until the next write of any kind; on PostgreSQL, where
 * other instances write unseen, every read goes to the database.
 */
export function readCacheFor(db: object): ReadCache {
  const writes = writeCounterOf(db);
  return writes ? cacheOn(writes) : (_key, load) => load();
}
