import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DbHandle } from './client';
import { openTestDatabase } from '../testing/test-database';
import { readCacheFor } from './read-cache';

describe('reads kept until the next write', () => {
  let handle: DbHandle;
  const names = async () => {
    // Either driver answers `rows`; the shared Db type does not say so.
    const result: unknown = await handle.db.execute(sql`select name from cache_probe order by id`);
    return (result as { rows: Array<{ name: string }> }).rows.map((r) => r.name);
  };

  beforeAll(async () => {
    handle = await openTestDatabase();
    await handle.db.execute(sql`drop table if exists cache_probe`);
    await handle.db.execute(sql`create table cache_probe (id serial primary key, name text)`);
    await handle.db.execute(sql`insert into cache_probe (name) values ('a')`);
  });
  afterAll(async () => {
    await handle.db.execute(sql`drop table if exists cache_probe`);
    await handle.close();
  });

  it('answers from memory until any write, on either database', async () => {
    const cached = readCacheFor(handle.db);
    let loads = 0;
    const read = () =>
      cached('names', async () => {
        loads++;
        return names();
      });
    expect(await read()).toEqual(['a']);
    expect(await read()).toEqual(['a']);
    expect(loads).toBe(1);

    await handle.db.execute(sql`insert into cache_probe (name) values ('b')`);
    expect(await read()).toEqual(['a', 'b']);
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`update cache_probe set name = 'c' where name = 'b'`);
    });
    expect(await read()).toEqual(['a', 'c']);
    expect(await read()).toEqual(['a', 'c']);
    expect(loads).toBe(3);
    // A transaction that only reads, or is rolled back, changes nothing.
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`update cache_probe set name = 'x' where name = 'c'`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await read()).toEqual(['a', 'c']);
  });

  it('does not keep an answer read while a write happened', async () => {
    const cached = readCacheFor(handle.db);
    let loads = 0;
    const load = async () => {
      loads++;
      const rows = await names();
      if (loads === 1) await handle.db.execute(sql`update cache_probe set name = 'd' where name = 'c'`);
      return rows;
    };
    expect(await cached('racy', load)).toEqual(['a', 'c']);
    expect(await cached('racy', load)).toEqual(['a', 'd']);
    expect(loads).toBe(2);
  });
});
