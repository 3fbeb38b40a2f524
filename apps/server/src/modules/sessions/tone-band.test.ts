import { beforeEach, describe, expect, it } from 'vitest';
import { institutions } from '../../db/schema';
import { useTestApp } from '../../testing/test-app';
import { buildLiveWorld, sessionTone, startedEarlier, startSession } from '../../testing/live-fixture';

describe("the tone band is the institution's setting, for sessions started after it is saved (issue 17 item 5)", () => {
  const t = useTestApp();
  beforeEach(() => t.clock.set(new Date('2026-11-02T09:00:00+05:30')));

  it("starts a session in the server's band while the institution sets none", async () => {
    const w = await buildLiveWorld(t.app, t.db);
    const started = await startedEarlier(t.app, () => startSession(t.app, w.tokens.cst, w.lecture.slug));
    const tone = await sessionTone(t.db, started.body.data.session_id as string);
    expect(tone.config).toMatchObject({
      bandLowHz: t.config.toneBandLowHz,
      bandHighHz: t.config.toneBandHighHz,
    });
  });

  it("starts a session in the institution's band, and a running session keeps the band it started with", async () => {
    const w = await buildLiveWorld(t.app, t.db);
    const other = await buildLiveWorld(t.app, t.db);
    const first = await startedEarlier(t.app, () => startSession(t.app, w.tokens.cst, w.lecture.slug));
    const sessionId = first.body.data.session_id as string;
    await t.db.update(institutions).set({ toneBandLowHz: 16000, toneBandHighHz: 19000 });
    // Joining again (a reload) does not give the running session a new tone.
    const joined = await startSession(t.app, w.tokens.cst, w.lecture.slug);
    expect(joined.body.data.session_id).toBe(sessionId);
    expect((await sessionTone(t.db, sessionId)).config.bandLowHz).toBe(t.config.toneBandLowHz);

    const next = await startedEarlier(t.app, () => startSession(t.app, other.tokens.cst, other.lecture.slug));
    const tone = await sessionTone(t.db, next.body.data.session_id as string);
    expect(tone.config).toMatchObject({ bandLowHz: 16000, bandHighHz: 19000 });
  });
});
