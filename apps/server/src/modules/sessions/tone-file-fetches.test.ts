import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FILE_PLAY_DELAY_MAX_MS } from '@rollbook/presence';
import { lectureSessions } from '../../db/schema';
import { useTestApp } from '../../testing/test-app';
import { startLiveWorld } from '../../testing/live-fixture';
import { fetchedFileStart, keepFileFetch, storedFileFetches } from './tone-file-fetches';

const MiB = 1024 * 1024;

describe("the original client's downloads of the tone file (presence-0024)", () => {
  const t = useTestApp();

  it('keeps the newest eight with the tone, in order, and leaves the tone itself alone', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const toneParams = async () =>
      (await t.db.select().from(lectureSessions).where(eq(lectureSessions.sessionId, w.sessionId)))[0]!
        .toneParams as Record<string, unknown>;
    const before = await toneParams();
    // Downloads at once: one statement each, so each lands (Postgres re-reads a row an update waited for).
    await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        keepFileFetch(t.db, w.audioUrl, { requestedMs: i * 1000, servedMs: i * 1000 + 300, bytes: 17 * MiB }),
      ),
    );
    const after = await toneParams();
    const kept = storedFileFetches(after);
    expect(kept).toHaveLength(8);
    expect(new Set(kept.map((f) => f.requestedMs)).size).toBe(8);
    const { fileFetches: _, ...rest } = after;
    expect(rest).toEqual(before);

    // In sequence, the oldest goes first.
    await keepFileFetch(t.db, w.audioUrl, { requestedMs: 50_000, servedMs: 50_400, bytes: 17 * MiB });
    const next = storedFileFetches(await toneParams());
    expect(next.map((f) => f.requestedMs)).toEqual([...kept.slice(1).map((f) => f.requestedMs), 50_000]);
  });

  it('bounds a recording by the newest download served before it began, or not at all', () => {
    const fetches = [
      { requestedMs: 0, servedMs: 100, bytes: 17 * MiB },
      { requestedMs: 60_000, servedMs: 60_100, bytes: 17 * MiB },
    ];
    expect(fetchedFileStart(fetches, 50)).toBeNull();
    expect(fetchedFileStart(fetches, 30_000)?.startedMs.min).toBe(100);
    const latest = fetchedFileStart(fetches, 90_000)!;
    expect(latest.startedMs.min).toBe(60_100);
    expect(latest.startedMs.max).toBeGreaterThanOrEqual(60_100 + FILE_PLAY_DELAY_MAX_MS);
    expect(latest.loopS).toBeUndefined();
    expect(storedFileFetches({ fileFetches: [{ requestedMs: 'x' }, ...fetches] })).toEqual(fetches);
    // The app's lecture-long file: the download says which file is playing.
    const app = { requestedMs: 120_000, servedMs: 125_000, bytes: 50 * MiB, loopS: 4500 };
    expect(fetchedFileStart([...fetches, app], 130_000)?.loopS).toBe(4500);
    expect(fetchedFileStart([...fetches, app], 124_000)?.loopS).toBeUndefined();
    expect(storedFileFetches({ fileFetches: [app, { ...app, loopS: -1 }] })).toEqual([app]);
    expect(storedFileFetches(null)).toEqual([]);
  });
});
