import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../testing/test-app';
import { buildStudent } from '../../testing/factories';
import { notifications } from '../../db/schema';
import { alertsAfterCommit, type StagedAlert } from '../../domain/notifications';

const t = useTestApp();

/** A stand-in for the socket namespace that records what would be pushed, and when. */
function recordingApp(log: string[]) {
  return {
    clientNs: {
      to: (room: string) => ({
        emit: (_event: string, payload: { notification: StagedAlert['notification'] }) => {
          log.push(`push ${room} ${payload.notification.message}`);
          return true;
        },
      }),
    },
  } as never;
}

describe('alertsAfterCommit', () => {
  it('pushes alerts raised in a transaction only after it commits', async () => {
    const { profile } = await buildStudent(t.db);
    const log: string[] = [];
    const { db, notifier } = alertsAfterCommit(t.db, recordingApp(log));
    await db.transaction(async (tx) => {
      await notifier(tx).notify({ profileIds: [profile.id], type: 'subject_choice_alert', message: 'hello' });
      log.push('end of work');
    });
    expect(log).toEqual(['end of work', `push profile:${profile.slug} hello`]);
  });

  it('never pushes (or keeps) the alerts of a transaction that rolls back', async () => {
    const { profile } = await buildStudent(t.db);
    const log: string[] = [];
    const { db, notifier } = alertsAfterCommit(t.db, recordingApp(log));
    await expect(
      db.transaction(async (tx) => {
        await notifier(tx).notify({
          profileIds: [profile.id],
          type: 'subject_choice_alert',
          message: 'doomed',
        });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(log).toEqual([]);
    expect(
      await t.db.select().from(notifications).where(eq(notifications.profileId, profile.id)),
    ).toHaveLength(0);
  });

  it('pushes at once outside a transaction', async () => {
    const { profile } = await buildStudent(t.db);
    const log: string[] = [];
    const { notifier } = alertsAfterCommit(t.db, recordingApp(log));
    await notifier(t.db).notify({ profileIds: [profile.id], type: 'subject_choice_alert', message: 'now' });
    expect(log).toEqual([`push profile:${profile.slug} now`]);
  });
});
