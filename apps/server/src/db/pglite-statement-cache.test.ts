import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { cacheStatements } from './pglite-statement-cache';

describe('the embedded database plans repeated reads once', () => {
  let db: PGlite;
  const preparedCount = async () =>
    (await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

  beforeAll(async () => {
    db = new PGlite();
    await db.exec(`create table people (id int primary key, name text, born date, active boolean);
      insert into people values (1, 'O''Brien', '2001-02-03', true), (2, 'Ann', '1999-12-31', false);`);
    cacheStatements(db);
  });
  afterAll(() => db.close());

  it('answers a repeated select exactly as unprepared, from its third run through one prepared statement', async () => {
    const text = 'select id, born from people where name = $1 and active = $2 and id >= $3';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await db.query(text, ["O'Brien", true, 1])).rows);
    for (const rows of answers) expect(rows).toEqual([{ id: 1, born: new Date('2001-02-03T00:00:00Z') }]);
    expect(await preparedCount()).toBe(1);
    // Other arguments through the same statement, including a quote that must not end the literal.
    expect((await db.query(text, ["x' or '1'='1", true, 1])).rows).toEqual([]);
    expect((await db.query(text, ['Ann', false, 2])).rows).toEqual([
      { id: 2, born: new Date('1999-12-31T00:00:00Z') },
    ]);
    expect(await preparedCount()).toBe(1);
  });

  it('leaves writes and non-scalar arguments unprepared', async () => {
    const before = await preparedCount();
    for (let i = 0; i < 4; i++) {
      await db.query('update people set active = $1 where id = $2', [true, 2]);
      await db.query('select id from people where id = any($1)', [[1, 2]]);
    }
    expect(await preparedCount()).toBe(before);
    expect((await db.query('select count(*)::int as n from people where active')).rows).toEqual([{ n: 2 }]);
  });
});
