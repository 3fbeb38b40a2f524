import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_TYPES, type Notification, type NotificationTypeCode } from '@rollbook/contract';
import type { Db } from '../../db/client';
import { notifications, profiles } from '../../db/schema';
import { profileRoom } from '../../plugins/app/io';

type Row = typeof notifications.$inferSelect;

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
export function createNotificationService(db: Db, app?: Pick<FastifyInstance, 'clientNs'>) {
  async function list(profileId: number): Promise<Notification[]> {
    const rows = await db
      .select({
        slug: notifications.slug,
        status: notifications.status,
        type: notifications.type,
        message: notifications.message,
      })
      .from(notifications)
      .where(eq(notifications.profileId, profileId))
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
      if (app) {
        const owners = await db
          .select({ id: profiles.id, slug: profiles.slug })
          .from(profiles)
          .where(inArray(profiles.id, [...new Set(input.profileIds)]));
        const slugById = new Map(owners.map((o) => [o.id, o.slug]));
        for (const row of inserted) {
          const slug = slugById.get(row.profileId);
          if (slug) app.clientNs.to(profileRoom(slug)).emit('notification', { notification: toWire(row) });
        }
      }
      return inserted.length;
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
