import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { buildPath, calendarRoutes } from '@rollbook/contract';
import type { AppDeps } from '../../plugins/app/deps';
import type { AuthContext } from '../../lib/caller';
import { lectures } from '../../db/schema';
import { groupRows, teacherDisplayName } from '../../domain/lectures/lecture-wire';
import { shortTime } from '../../lib/clock-time';
import { dateInCurrentWeek, nextDateOnWeekday } from '../../lib/week';
import { createCalendarRepository } from './calendar.repository';
import type { FeedTokens } from './feed-token';
import { buildWeeklyCalendar, FEED_TIME_ZONE, type WeeklyEvent } from './ics';
import { createPeopleRepository } from '../../domain/people.repository';
import { createLecturesRepository, type LectureRow } from '../../domain/lectures/lectures.repository';

/**
 * Private calendar feeds: each person gets one secret URL of their weekly lectures (a teacher's
 * own, a student's batches'), which they can revoke for a new one.
 */
export function createCalendarService(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, tokens: FeedTokens) {
  const repo = createCalendarRepository(deps.db);
  const people = createPeopleRepository(deps.db);
  const lectureRepo = createLecturesRepository(deps.db);
  const base = () => (deps.config.publicUrl ?? `http://localhost:${deps.config.port}`).replace(/\/$/, '');
  const urlOf = (feedId: number) =>
    `${base()}/api${buildPath(calendarRoutes.getFeed, { file: `${tokens.tokenFor(feedId)}.ics` })}`;

  async function createFeed(profileId: number, revokeFirst: boolean): Promise<string> {
    return deps.db.transaction(async (tx) => {
      if (revokeFirst) await repo.revokeAll(tx, profileId, deps.clock.now());
      const feed = await repo.insertFeed(tx, profileId, `pending-${randomBytes(16).toString('hex')}`);
      await repo.setHash(tx, feed.id, tokens.hash(tokens.tokenFor(feed.id)));
      return urlOf(feed.id);
    });
  }

  async function lecturesOf(profile: { profileId: number; role: string }): Promise<LectureRow[]> {
    if (profile.role === 'teacher') {
      const teacher = await people.teacherOfProfile(profile.profileId);
      if (!teacher) return [];
      return lectureRepo.lectures(and(eq(lectures.teacherId, teacher.id), eq(lectures.isActive, true)));
    }
    if (profile.role === 'student') {
      const student = await people.studentOfProfile(profile.profileId);
      if (!student) return [];
      return lectureRepo.batchLectures(await people.batchIdsOfStudent(student.id));
    }
    return [];
  }

  return {
    /** The caller's feed URL, creating the feed on first use. */
    async feedUrl(auth: AuthContext): Promise<string> {
      const feed = await repo.activeFeed(auth.profileId);
      // A feed whose hash no longer matches was made under another server secret: replace it.
      if (feed && feed.tokenHash === tokens.hash(tokens.tokenFor(feed.id))) return urlOf(feed.id);
      return createFeed(auth.profileId, Boolean(feed));
    },

    /** Revokes the caller's feed URL and answers a new one. */
    revoke(auth: AuthContext): Promise<string> {
      return createFeed(auth.profileId, true);
    },

    /** The .ics text of a feed token, or `null` when the token is unknown or revoked. */
    async render(token: string): Promise<string | null> {
      const owner = await repo.ownerOf(tokens.hash(token));
      if (!owner) return null;
      const rows = await lecturesOf(owner);
      const batches = groupRows(await lectureRepo.batchesOf(rows.map((r) => r.id)), (b) => b.lectureId);
      const now = deps.clock.now();
      const events: WeeklyEvent[] = rows.map((l) => {
        const from = l.semesterStart ?? dateInCurrentWeek(now, FEED_TIME_ZONE, 'monday');
        const batchNames = (batches.get(l.id) ?? []).map((b) => b.name).join(', ');
        return {
          uid: `${l.slug}@rollbook`,
          firstDate: nextDateOnWeekday(from, l.day),
          start: shortTime(l.startTime),
          end: shortTime(l.endTime),
          untilDate: l.semesterEnd,
          summary: `${l.subjectShortName ?? l.subjectName} (${l.type}) - ${l.streamTitle} ${l.semesterNo} ${l.divisionName}`,
          location: l.classroomName,
          description: `${l.subjectName}\nTeacher: ${teacherDisplayName(l)} (${l.teacherCode})\nBatches: ${batchNames || 'whole division'}`,
        };
      });
      return buildWeeklyCalendar({
        name: `Rollbook lectures - ${owner.name ?? owner.email}`,
        stamp: now,
        events,
      });
    },
  };
}
