/**
 * The PostgreSQL database's data version: a number that moves after every committed write, so a
 * read cache can key its answers by it (see read-cache.ts). One instance alone counts in memory;
 * instances scaled out share the number in Redis (`shareDataVersion`), bumped by whichever
 * instance wrote and read by all. The embedded database does not use this: its own write counter
 * (pglite-statement-cache.ts) sees every write synchronously.
 *
 * The bump happens after the write's COMMIT and before the writer's caller is answered, so a read
 * that arrives anywhere after that answer fetches a version no older than the bump, and an answer
 * read from the database before the commit can only have been filed under an older version.
 */
import { randomUUID } from 'node:crypto';

/** The commands of a Redis connection this module uses (ioredis's `Redis` has them). */
export interface VersionStore {
  get(key: string): Promise<string | null>;
  incr(key: string): Promise<number>;
  incrby(key: string, by: number): Promise<number>;
  set(key: string, value: string, mode: 'NX'): Promise<'OK' | null>;
}

export interface DataVersion {
  /**
   * The version to key answers by, fetched no earlier than `since` (a `performance.now()` time:
   * the arrival of the request that reads); `null` when it cannot be known (Redis unreachable, or
   * a bump owed): the caller then reads the database and keeps nothing.
   */
  read(since: number): Promise<string | null>;
  /** Called after every committed write, before the writer goes on. */
  afterWrite(): Promise<void>;
}

export const DATA_VERSION_KEY = 'rollbook:data-version';
const RETRY_OWED_BUMP_MS = 200;
/** A count a Redis run starts from: above any count an earlier run reached at one bump per µs. */
const freshStart = () => Date.now() * 1000;
const FRESH_START_BELOW = 1e12;

/** One process's own count: correct while no other process writes to the same database. */
function localVersion(): DataVersion {
  // A fresh prefix per source, so answers filed under another source's numbers never match.
  const epoch = randomUUID().slice(0, 8);
  let count = 0;
  return {
    read: async () => `${epoch}:${count}`,
    afterWrite: async () => {
      count++;
    },
  };
}

/**
 * The shared count in Redis. Reads are coalesced: a read is answered by the newest GET (or this
 * instance's own INCR) sent at or after its `since`, so concurrent requests share one round trip
 * and a request's several reads share its first.
 */
function redisVersion(redis: VersionStore, onError: (err: unknown) => void): DataVersion {
  let latest: { sentAt: number; value: string } | null = null;
  let inFlight: { sentAt: number; promise: Promise<string | null> } | null = null;
  let waitingForNext: Promise<string | null> | null = null;
  // When this instance last bumped: nothing fetched before it may answer a read made after it.
  let floor = -Infinity;
  let owed = false;

  async function fetchVersion(): Promise<string | null> {
    const value = await redis.get(DATA_VERSION_KEY);
    if (value !== null) return value;
    // Missing: a new Redis, or one restarted without its data. Start above any count an earlier
    // run of Redis can have reached, so no answer filed under an old number matches.
    await redis.set(DATA_VERSION_KEY, String(freshStart()), 'NX');
    return redis.get(DATA_VERSION_KEY);
  }

  function send(): Promise<string | null> {
    const sentAt = performance.now();
    const promise = fetchVersion().then(
      (value) => {
        if (value !== null && sentAt >= floor && (!latest || latest.sentAt <= sentAt))
          latest = { sentAt, value };
        return value;
      },
      (err: unknown) => {
        onError(err);
        return null;
      },
    );
    const entry = { sentAt, promise };
    inFlight = entry;
    void promise.then(() => {
      if (inFlight === entry) inFlight = null;
    });
    return promise;
  }

  async function read(since: number): Promise<string | null> {
    if (owed) return null;
    const notBefore = Math.max(since, floor);
    if (latest && latest.sentAt >= notBefore) return latest.value;
    if (inFlight && inFlight.sentAt >= notBefore) return inFlight.promise;
    if (!inFlight) return send();
    // A GET sent before this read began may predate a write it must see: wait for the next one,
    // sent once the one in flight is answered and shared by every read that arrives meanwhile.
    waitingForNext ??= inFlight.promise.then(() => {
      waitingForNext = null;
      return send();
    });
    return waitingForNext;
  }

  async function bump(): Promise<void> {
    const sentAt = performance.now();
    floor = sentAt;
    let value = await redis.incr(DATA_VERSION_KEY);
    // The key was missing (INCR started it at 1): lift it above any count of an earlier Redis run.
    if (value < FRESH_START_BELOW) value = await redis.incrby(DATA_VERSION_KEY, freshStart());
    if (!latest || latest.sentAt <= sentAt) latest = { sentAt, value: String(value) };
  }

  function retryOwedBump() {
    setTimeout(() => {
      bump().then(
        () => {
          owed = false;
        },
        (err: unknown) => {
          onError(err);
          retryOwedBump();
        },
      );
    }, RETRY_OWED_BUMP_MS).unref();
  }

  return {
    read,
    async afterWrite() {
      // Nothing fetched before this write may answer a read made after it.
      latest = null;
      try {
        await bump();
      } catch (err) {
        // The write stands; until the bump lands this instance keeps no answers, and other
        // instances keep theirs at most until then (or their entries' age limit).
        onError(err);
        if (!owed) {
          owed = true;
          retryOwedBump();
        }
      }
    },
  };
}

/** The data version of one database handle: local until an app shares it through Redis. */
export class SwitchableDataVersion implements DataVersion {
  private source: DataVersion = localVersion();

  read(since: number) {
    return this.source.read(since);
  }

  afterWrite() {
    return this.source.afterWrite();
  }

  /** Shares the version through Redis (every instance of a deployment uses the same key). */
  useRedis(redis: VersionStore, onError: (err: unknown) => void = () => {}) {
    this.source = redisVersion(redis, onError);
  }

  /** Back to a count of this process's own (the Redis connection is closing). */
  useLocal() {
    this.source = localVersion();
  }
}

const versions = new WeakMap<object, SwitchableDataVersion>();

/** Files the data version of a PostgreSQL `db`. */
export function registerDataVersion(db: object, version: SwitchableDataVersion): void {
  versions.set(db, version);
}

/** The data version of a PostgreSQL handle's `db` (null for the embedded database, or a transaction). */
export function dataVersionOf(db: object): SwitchableDataVersion | null {
  return versions.get(db) ?? null;
}
