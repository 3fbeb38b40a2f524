import { AsyncLocalStorage } from 'node:async_hooks';
import { dataVersionOf, type DataVersion } from './data-version';
import { writeCounterOf, type WriteCounter } from './pglite-statement-cache';

/**
 * Answers `load()` from memory while the database saw no write since it was loaded. `key` must
 * name everything the answer depends on (the caller's id, the day): answers are shared by every
 * caller asking with the same key, so they must not be changed by whoever receives them.
 */
export type ReadCache = <T>(key: string, load: () => Promise<T>) => Promise<T>;

const MAX_ENTRIES = 5000;
/**
 * A bound on a PostgreSQL answer's age, for writes made outside every server's pool (psql by
 * hand, a script): the server's own writes invalidate at once through the data version.
 */
const MAX_AGE_MS = 30_000;

const requestStart = new AsyncLocalStorage<number>();

/**
 * Runs `next` as one request that arrived at `arrivedAt` (`performance.now()`): its cached reads
 * share a data version fetched after that moment instead of fetching one each.
 */
export function runAsRequest(arrivedAt: number, next: () => void): void {
  requestStart.run(arrivedAt, next);
}

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

interface VersionedEntry {
  version: string;
  value: unknown;
  storedAt: number;
}

/**
 * Answers filed under the data version read before they were loaded: a write committed after that
 * read moves the version (data-version.ts), so the answer stops matching; one committed before it
 * is in the answer. Least recently used answers go first when full.
 */
function versionedCache(version: DataVersion): ReadCache {
  const entries = new Map<string, VersionedEntry>();
  return async (key, load) => {
    const now = performance.now();
    const current = await version.read(requestStart.getStore() ?? now);
    if (current === null) return load();
    const entry = entries.get(key);
    if (entry && entry.version === current && now - entry.storedAt < MAX_AGE_MS) {
      // Most recently used last: the map's order is the eviction order.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value as Awaited<ReturnType<typeof load>>;
    }
    const value = await load();
    entries.delete(key);
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(key, { version: current, value, storedAt: now });
    return value;
  };
}

/**
 * A cache of reads for one database. The embedded database (one process, every write counted, see
 * `countWrites`) keeps answers until its next write of any kind; PostgreSQL keeps them per data
 * version, which every committed write moves, on every instance sharing it (data-version.ts). A
 * handle of neither kind (a transaction) is read through.
 */
export function readCacheFor(db: object): ReadCache {
  const writes = writeCounterOf(db);
  if (writes) return cacheOn(writes);
  const version = dataVersionOf(db);
  if (version) return versionedCache(version);
  return (_key, load) => load();
}
