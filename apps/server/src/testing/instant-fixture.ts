import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { buildLiveWorld, multipart } from './live-fixture';
import { call } from './test-app';

/** `create_instant_lecture` as a client calls it. */
export function createInstant(app: FastifyInstance, token: string, body: Record<string, unknown>) {
  return call(app, { method: 'POST', url: '/api/manage/create_instant_lecture', token, body });
}

/** `create_instant_lecture_session/` as a client calls it (multipart `lecture_slug`). */
export function startInstant(app: FastifyInstance, token: string, lectureSlug: string) {
  const body = multipart({ lecture_slug: lectureSlug });
  return call(app, {
    method: 'POST',
    url: '/api/manage/session/create_instant_lecture_session/',
    token,
    body: body.payload,
    headers: body.headers,
  });
}

/** A GET of the API with a token. */
export function getApi(app: FastifyInstance, token: string, url: string) {
  return call(app, { method: 'GET', url: `/api${url}`, token });
}

/**
 * The live world (CST teaches the semester's first subject to division A on Mondays; students A1,
 * A2, B1, one per batch) with slugs an instant lecture names: the subject CST teaches, the
 * divisions and batches, and LH101.
 */
export async function buildInstantWorld(app: FastifyInstance, db: Db, opts: { institutionId?: number } = {}) {
  const w = await buildLiveWorld(app, db, opts);
  const subject = await db.query.offeredSubjects.findFirst({
    where: (s, { eq }) => eq(s.id, w.lecture.offeredSubjectId),
  });
  const batch = (name: string) => w.world.batches.find((b) => b.name === name)!;
  return {
    ...w,
    slugs: {
      semester: w.world.semester.slug,
      subject: subject!.slug,
      divisionA: w.world.divisions.A.slug,
      divisionB: w.world.divisions.B.slug,
      batchA1: batch('A1').slug,
      batchB1: batch('B1').slug,
      room: w.world.rooms.LH101!.slug,
    },
  };
}

export type InstantWorld = Awaited<ReturnType<typeof buildInstantWorld>>;
