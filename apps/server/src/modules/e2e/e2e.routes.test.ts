import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { lectureSessions, profiles } from '../../db/schema';
import { call, useTestApp } from '../../testing/test-app';
import { everyRowAsText } from '../../testing/table-rows';
import { dropTableSnapshot } from '../../db/table-snapshot';
import { ALL_TABLES } from '../../db/reset';

const t = useTestApp({ e2eTestHooks: true });
const resetCall = () => call(t.app, { method: 'POST', url: '/api/__e2e__/reset' });

afterAll(async () => {
  // The reset's snapshot schema would outlive this file on a shared PostgreSQL.
  await dropTableSnapshot(t.db);
});

describe('the browser suite reset', () => {
  const reset = async () => {
    const res = await resetCall();
    expect(res.status).toBe(200);
  };
  const latestHeldDay = async () => {
    const [row] = await t.db.select({ day: sql<string>`max(${lectureSessions.day})` }).from(lectureSessions);
    return row!.day;
  };

  const WEEK_MS = 7 * 24 * 3600 * 1000;

  it('gives back the same demo after any change, and builds it anew on another demo day', async () => {
    await reset();
    const demo = await everyRowAsText(t.db);
    expect(demo.institutions).not.toBe('');
    expect(demo.attendances).not.toBe('');

    await t.db
      .update(profiles)
      .set({ name: 'Renamed by a test' })
      .where(eq(profiles.email, 'teacher@rollbook.test'));
    await t.db.delete(lectureSessions);
    const alert = await call(t.app, {
      method: 'POST',
      url: '/api/__e2e__/notify',
      body: { email: 'student@rollbook.test', type: 'subject_choice_alert', message: 'A test alert' },
    });
    expect(alert.status).toBe(200);
    expect(await everyRowAsText(t.db)).not.toEqual(demo);

    await reset();
    expect(await everyRowAsText(t.db)).toEqual(demo);

    // A week later the demo's past weeks of attendance end a week later.
    const heldBefore = await latestHeldDay();
    t.clock.set(new Date(t.clock.now().getTime() + WEEK_MS));
    await reset();
    const heldAfter = await latestHeldDay();
    expect(new Date(heldAfter).getTime() - new Date(heldBefore).getTime()).toBe(WEEK_MS);
  });
});

// A second PostgreSQL connection that closes a lock cycle with the reset (PGlite has one connection).
const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('the browser suite reset meets a deadlock (PostgreSQL)', () => {
  const connections: pg.Client[] = [];
  afterAll(async () => {
    for (const c of connections.splice(0)) await c.end();
  });
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    connections.push(client);
    return client;
  };

  /**
   * Resolves once a backend of this database (other workers' databases share the server) running a
   * statement that starts with `prefix` waits for a lock.
   */
  async function someoneWaits(observer: pg.Client, prefix: string): Promise<void> {
    for (;;) {
      const { rowCount } = await observer.query(
        `select 1 from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and query like $1`,
        [`${prefix}%`],
      );
      if (rowCount) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('waits for a writer that began before it: neither its row nor its id outlives the reset', async () => {
    expect((await resetCall()).status).toBe(200);
    const demo = await everyRowAsText(t.db);
    const [institution] = await t.db.select({ id: sql<number>`min(id)` }).from(sql`institutions`);

    // A request of the previous test still writing when the next test's reset begins.
    const writer = await connect();
    const observer = await connect();
    await writer.query('begin');
    await writer.query(`insert into job_runs (job, institution_id, period_key) values ('late', $1, 'w')`, [
      institution!.id,
    ]);
    const resetting = resetCall();
    await someoneWaits(observer, 'lock table');
    await writer.query('commit');

    expect((await resetting).status).toBe(200);
    expect(await everyRowAsText(t.db)).toEqual(demo);
    // The id the writer took is given out again only once its row is gone.
    await t.db.execute(
      sql`insert into job_runs (job, institution_id, period_key) values ('next', ${institution!.id}, 'w')`,
    );
  });

  it('is aborted by PostgreSQL, runs again and still gives back the demo', async () => {
    expect((await resetCall()).status).toBe(200);
    const demo = await everyRowAsText(t.db);
    const [first, last] = [ALL_TABLES[0]!, ALL_TABLES.at(-1)!];
    expect(first).not.toBe(last);

    // Another transaction holds the table the reset locks last; once the reset holds the others and
    // waits for that one, it reads the table the reset locked first: a cycle. This side waits longer
    // before looking for cycles, so PostgreSQL aborts the reset's transaction, not this one.
    const other = await connect();
    const observer = await connect();
    await other.query('begin');
    await other.query(`set local deadlock_timeout = '60s'`);
    await other.query(`lock table public."${last}" in access share mode`);
    const resetting = resetCall();
    await someoneWaits(observer, 'lock table');
    await other.query(`select 1 from public."${first}" limit 1`);
    await other.query('rollback');

    expect((await resetting).status).toBe(200);
    expect(await everyRowAsText(t.db)).toEqual(demo);
  });
});
