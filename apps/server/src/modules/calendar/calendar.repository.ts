import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calendarFeeds, profiles } from '../../db/schema';

/** Queries of calendar feeds. */
export function createCalendarRepository(db: Db) {
  return {
    async activeFeed(profileId: number) {
      const [row] = await db
        .select({ id: calendarFeeds.id, tokenHash: calendarFeeds.tokenHash })
        .from(calendarFeeds)
        .where(and(eq(calendarFeeds.profileId, profileId), isNull(calendarFeeds.revokedAt)))
        .orderBy(desc(calendarFeeds.id))
        .limit(1);
      return row;
    },

    /** Inserts a feed; the token hash is set by `setHash` once the id (the token's input) is known. */
    async insertFeed(tx: Pick<Db, 'insert' | 'update'>, profileId: number, placeholderHash: string) {
      const [row] = await tx
        .insert(calendarFeeds)
        .values({ profileId, tokenHash: placeholderHash })
        .returning({ id: calendarFeeds.id });
      return row!;
    },

    async setHash(tx: Pick<Db, 'update'>, feedId: number, tokenHash: string) {
      await tx.update(calendarFeeds).set({ tokenHash }).where(eq(calendarFeeds.id, feedId));
    },

    async revokeAll(tx: Pick<Db, 'update'>, profileId: number, at: Date) {
      await tx
        .update(calendarFeeds)
        .set({ revokedAt: at })
        .where(and(eq(calendarFeeds.profileId, profileId), isNull(calendarFeeds.revokedAt)));
    },

    /** The owner of a live feed by token hash (inactive accounts have no feed). */
    async ownerOf(tokenHash: string) {
      const [row] = await db
        .select({
          profileId: profiles.id,
          institutionId: profiles.institutionId,
          role: profiles.role,
          name: profiles.name,
          email: profiles.email,
        })
        .from(calendarFeeds)
        .innerJoin(profiles, eq(profiles.id, calendarFeeds.profileId))
        .where(
          and(
            eq(calendarFeeds.tokenHash, tokenHash),
            isNull(calendarFeeds.revokedAt),
            eq(profiles.isActive, true),
          ),
        );
      return row;
    },
  };
}
