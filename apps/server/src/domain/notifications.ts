import { and, desc, eq, inArray, isNull, not, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_TYPES, type Notification, type NotificationTypeCode } from '@rollbook/contract';
import type { Db } from '../db/client';
import { notifications, profiles, semesters } from '../db/schema';
import { readCacheFor } from '../db/read-cache';
import { profileRoom } from '../plugins/app/io';

type Row = typeof notifications.$inferSelect;

/**
 * Alerts that invite a person to make or change subject choices. Once a semester's divisions are
 * created its choices are frozen for good, so these alerts of that semester would only send people
 * to a page that refuses them: the bell leaves them out (see subjects-0004-choices-closed-reason.md).
 */
const CHOICE_INVITATIONS: NotificationTypeCode[] = [
  'subject_choice_alert',
  'subject_deletion_alert',
  'subject_choice_deadline_alert',
  'subject_choice_reset_alert',
];

function toWire(row: Pick<Row, 'slug' | 'status' | 'type' | 'message'>): Notification {
  return {
    slug: row.slug,
    status: row.status,
    type: NOTIFICATION_TYPES[row.type],
    type_code: row.type,
    message: row.message,
  };
}

/**
 * The bell: lists and marks a person's alerts, and raises new ones (stored, then pushed live to the
 * person's open sockets). Later modules call `notify` for subject-choice events.
 */
/** An alert stored in the database, ready to be pushed to its owner's open sockets. */
export interface StagedAlert {
  profileSlug: string;
  notification: Notification;
}

type LivePush = Pick<FastifyInstance, 'clientNs'>;

/** Pushes stored alerts to their owners' sockets. */
export function pushAlerts(app: LivePush, alerts: StagedAlert[]): void {
  for (const a of alerts)
    app.clientNs.to(profileRoom(a.profileSlug)).emit('notification', { notification: a.notification });
}

/**
 * The bell service. With `app`, new alerts are pushed live; with `defer`, they are handed to it
 * instead (see `alertsAfterCommit`), so a push never announces an alert a rollback then removes.
 */
export function createNotificationService(
  db: Db,
  app?: LivePush,
  opts: { defer?: (alerts: StagedAlert[]) => void } = {},
) {
  // The bell's list is read on every signed-in page: kept until the next write.
  const cached = readCacheFor(db);

  function list(profileId: number): Promise<Notification[]> {
    return cached(`alerts:${profileId}`, () => readList(profileId));
  }

  async function readList(profileId: number): Promise<Notification[]> {
    const rows = await db
      .select({
        slug: notifications.slug,
        status: notifications.status,
        type: notifications.type,
        message: notifications.message,
      })
      .from(notifications)
      .leftJoin(semesters, eq(semesters.id, notifications.semesterId))
      .where(
        and(
          eq(notifications.profileId, profileId),
          or(
            isNull(semesters.id),
            not(semesters.divisionsCreated),
            not(inArray(notifications.type, CHOICE_INVITATIONS)),
          ),
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id));
    return rows.map(toWire);
  }

  return {
    list,

    async markAllRead(profileId: number, at: Date): Promise<Notification[]> {
      await db
        .update(notifications)
        .set({ status: 'seen', seenAt: at })
        .where(and(eq(notifications.profileId, profileId), eq(notifications.status, 'unseen')));
      return list(profileId);
    },

    /**
     * Raises one alert type for many people at once. Put `subject_choice_url` in the message where
     * the "Click Here." link belongs. Returns how many alerts were created.
     */
    async notify(input: {
      profileIds: number[];
      type: NotificationTypeCode;
      message: string;
      semesterId?: number | null;
    }): Promise<number> {
      if (input.profileIds.length === 0) return 0;
      const inserted = await db
        .insert(notifications)
        .values(
          input.profileIds.map((profileId) => ({
            profileId,
            type: input.type,
            message: input.message,
            semesterId: input.semesterId ?? null,
          })),
        )
        .returning({
          slug: notifications.slug,
          status: notifications.status,
          type: notifications.type,
          message: notifications.message,
          profileId: notifications.profileId,
        });
      if (app || opts.defer) {
        const owners = await db
          .select({ id: profiles.id, slug: profiles.slug })
          .from(profiles)
          .where(inArray(profiles.id, [...new Set(input.profileIds)]));
        const slugById = new Map(owners.map((o) => [o.id, o.slug]));
        const staged = inserted.flatMap((row) => {
          const profileSlug = slugById.get(row.profileId);
          return profileSlug ? [{ profileSlug, notification: toWire(row) }] : [];
        });
        if (opts.defer) opts.defer(staged);
        else if (app) pushAlerts(app, staged);
      }
      return inserted.length;
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;

/**
 * A view of `db` whose transactions push the alerts raised inside them only once they commit (and
 * never when they roll back), and the notifier to use with it: inside a transaction it stages, outside
 * one it pushes at once.
 */
export function alertsAfterCommit(
  db: Db,
  app: LivePush,
): { db: Db; notifier: (scope: Db) => NotificationService } {
  const pending = new WeakMap<object, StagedAlert[]>();
  const transactional = Object.create(db) as Db;
  transactional.transaction = (async (work: (tx: Db) => Promise<unknown>, config?: unknown) => {
    let staged: StagedAlert[] = [];
    const result = await db.transaction(async (tx) => {
      staged = [];
      pending.set(tx, staged);
      return work(tx);
    }, config as never);
    pushAlerts(app, staged);
    return result;
  }) as Db['transaction'];
  return {
    db: transactional,
    notifier: (scope) => {
      const staged = pending.get(scope);
      return staged
        ? createNotificationService(scope, undefined, { defer: (a) => staged.push(...a) })
        : createNotificationService(scope, app);
    },
  };
}
