import type { FastifyInstance } from 'fastify';
import {
  ATTENDANCE_AUDIO_FIELD,
  instantLectureRoutes,
  liveSessionRoutes,
  mediaExtensionRoutes,
  ok,
  okCoded,
  sessionReviewRoutes,
  sessionRoutes,
} from '@rollbook/contract';
import { registerRoute } from '../../lib/routes';
import { ownedBytes } from '../../lib/owned-bytes';
import { AppError, notFound } from '../../lib/app-error';
import { createExportService } from './export.service';
import { createLiveRoom } from './live-room';
import { attachLiveSocket } from './live-socket';
import { createSessionFeed } from './live-feed';
import { createLiveSse } from './live-sse';
import { createLiveActions } from './live-actions';
import { createMarkingService, MARKED_CODE } from './marking.service';
import { answerOnce, IDEMPOTENCY_HEADER, idempotencyKeyOf } from './marking-replay';
import { createReviewService } from './review.service';
import { createSessionsService } from './sessions.service';
import { shortLoopDownload, sweepToneFiles, TONES_FOLDER } from './tone-files';
import { lectureToneDownload, takesLectureFile } from './lecture-tone-download';
import { createToneDownloadLimits } from './tone-download-limits';
import { keepFileFetch } from './tone-file-fetches';
import { readSessionTone } from './session-tone';
import { noteChallengeBand, usesTwoWayCheck } from './two-way-challenge';
import { createFilePhaseTracker } from './file-phase';
import { createLectureSessionsRepository } from '../../domain/lectures/lecture-sessions.repository';
import { createJobRunner } from '../../domain/scheduled-jobs/job-runner';
import { startJobTimer } from '../../domain/scheduled-jobs/start-job-timer';
import { forgottenSessionsJob } from './forgotten-sessions.job';

/** How long the later client's `network_too_slow` holds unless it says otherwise (a long lecture). */
const SLOW_NETWORK_MARK_MS = 4 * 60 * 60 * 1000;

/**
 * Lecture sessions (contract §6.2, 6.3, 6.8, 6.9, §7 tones and §8 live protocol): starting and
 * joining (timetable and instant lectures alike), student marking and manual requests, the teacher's live socket, and the CSV export.
 */
export async function sessionsModule(app: FastifyInstance) {
  const feed = createSessionFeed(() => app.instanceBus);
  const room = createLiveRoom(() => app.clientNs, feed);
  const service = createSessionsService({ ...app.deps, liveStore: app.liveStore, room });
  const actions = createLiveActions({ service, room });
  const marking = createMarkingService({
    ...app.deps,
    liveStore: app.liveStore,
    presence: app.presence,
    room,
    throttle: app.throttle,
  });
  const exports = createExportService(app.deps);
  const reviews = createReviewService({ ...app.deps, room });
  const forgotten = createJobRunner({
    db: app.deps.db,
    clock: app.deps.clock,
    jobs: [forgottenSessionsJob({ liveStore: app.liveStore, room })],
    onError: (err, label) => app.log.error({ err }, `scheduled job failed: ${label}`),
  });
  startJobTimer(app, forgotten, app.deps.config.scheduledJobsIntervalSeconds * 1000);

  registerRoute(app, sessionRoutes.createLectureSession, async ({ auth, body }) =>
    ok(await service.startOrJoin(auth, body)),
  );

  // An instant lecture's session starts like a timetable lecture's (§13, answered like §6.8).
  registerRoute(app, instantLectureRoutes.createInstantLectureSession, async ({ auth, body }) =>
    ok(await service.startOrJoinInstant(auth, body)),
  );

  registerRoute(
    app,
    sessionRoutes.markAttendanceForStudent,
    async ({ auth, body, files, request, reply }) => {
      // When the request started arriving (server time): the recording ended before it. The upload's
      // own duration (a slow network) is not held against the student.
      const arrivalMs = app.deps.clock.now().getTime() - Math.round(reply.elapsedTime);
      const audio = files[ATTENDANCE_AUDIO_FIELD];
      if (!audio) throw new AppError('validation_failed', 'audio: A recording is required');
      // The body's own buffer, not a copy of it (sessions-0012).
      const run = () => marking.mark(auth, body, ownedBytes(audio.data), arrivalMs);
      const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]);
      if (key === undefined) await run();
      else {
        // The same upload sent again after a lost answer: the student's own, for this session only.
        const session = body.session_id ?? `lecture:${body.lecture_slug ?? ''}`;
        await answerOnce(app.liveStore, `mark:${auth.profileSlug}:${session}:${key}`, run);
      }
      return okCoded(true, MARKED_CODE);
    },
    {
      // A retry of an upload (with its key) may find its own first attempt holding the slot.
      beforeBody: async (request, auth) => {
        if (auth && idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]) === undefined) {
          await marking.refuseEarly(auth);
        }
      },
    },
  );

  // Rollbook's own: the two-way check's challenge for the student's next attempt (our web app).
  registerRoute(app, sessionReviewRoutes.issueChallenge, async ({ auth, body }) =>
    ok(await marking.issueChallenge(auth, body)),
  );

  registerRoute(app, sessionRoutes.markForRegulization, async ({ auth, body }) => {
    await marking.requestManual(auth, body);
    return okCoded(true, MARKED_CODE);
  });

  // Server-anchored time and the teacher's review (Rollbook's own; docs/decisions/sessions-0003).
  registerRoute(app, sessionReviewRoutes.getServerTime, () =>
    Promise.resolve(ok({ server_time_ms: app.deps.clock.now().getTime() })),
  );

  registerRoute(app, sessionReviewRoutes.listReviews, async ({ auth, params }) =>
    ok(await reviews.list(auth, params.session_id)),
  );

  registerRoute(app, sessionReviewRoutes.getReviewRecording, async ({ auth, params, reply }) => {
    const wav = await reviews.recording(auth, params.session_id, params.attendance_slug);
    // Personal data: never cached by the browser or anything between.
    void reply.header('content-type', 'audio/wav').header('cache-control', 'private, no-store');
    return Buffer.from(wav);
  });

  registerRoute(app, sessionReviewRoutes.resolveReview, async ({ auth, params, body }) =>
    ok(await reviews.resolve(auth, params.session_id, params.attendance_slug, body.decision)),
  );

  registerRoute(app, sessionRoutes.getSessionDataForExport, async ({ auth, params, reply }) => {
    const { csv, fileName } = await exports.sessionCsv(auth, params.session_id);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`);
    return csv;
  });

  // Rendered short loops are swept from this instance's disk hourly (tone-files.ts).
  const sweep = () =>
    sweepToneFiles(app.deps.mediaDir, app.deps.clock.now().getTime()).catch((err: unknown) =>
      app.log.warn({ err }, 'could not sweep old tone files'),
    );
  const sweeper = setInterval(() => void sweep(), 60 * 60 * 1000);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  void sweep();

  // Session tones (§7): public (the original client fetches with no Authorization header), under
  // an unguessable name, and only while the session is live; any instance renders the file from the
  // stored key. A name of a session that ended, or never existed, is a plain 404. Whole files are
  // counted per client and per file (tone-download-limits.ts, presence-0030).
  const sessionRepo = createLectureSessionsRepository(app.deps.db);
  const toneLimits = createToneDownloadLimits(app.throttle, () => app.deps.clock.now().getTime());
  registerRoute(app, mediaExtensionRoutes.getTone, async ({ params, request, reply }) => {
    const audioPath = `${TONES_FOLDER}/${params.name}`;
    const tone = readSessionTone(await sessionRepo.liveToneByAudioPath(audioPath));
    if (!tone) throw notFound('Tone');
    const takeDownload = () =>
      toneLimits.take(params.name, request.ip, (retryAfterS) => {
        void reply.header('retry-after', String(retryAfterS));
      });
    // The original app gets the lecture-long file, a browser the short loop (presence-0029); the
    // long file is counted before it is written, the short loop once it is known to send a file.
    const lecture = tone.lectureFileS !== undefined && takesLectureFile(request.headers);
    if (lecture && request.method === 'GET') await takeDownload();
    const download = lecture
      ? lectureToneDownload(audioPath, tone, tone.lectureFileS!, request, reply.raw, app.deps.clock.now())
      : await shortLoopDownload(app.deps.mediaDir, audioPath, tone, request);
    if (!download) throw notFound('Tone');
    if (!lecture && download.counted) await takeDownload();
    const requestedMs = app.deps.clock.now().getTime();
    // A whole download bounds when the file starts playing (tone-file-fetches.ts): kept once its
    // last byte has left (a download cut short never played), timed from here (rendering the short
    // loop on a session's first fetch is not the link's time), with the bytes on the wire and which
    // file it was. A browser's 304 is a download of no bytes: it plays its own copy at once. A HEAD
    // plays nothing; a ranged request is a part, such as our web app's link-speed probe.
    if (request.method === 'GET' && request.headers.range === undefined) {
      reply.raw.once('finish', () => {
        const fetch = download.fetch(requestedMs, app.deps.clock.now().getTime());
        keepFileFetch(app.deps.db, audioPath, fetch).catch((err: unknown) =>
          app.log.warn({ err, audioPath }, 'could not keep the tone file download'),
        );
      });
    }
    void reply
      .code(download.status)
      .headers(download.headers)
      .header('content-type', 'audio/wav')
      // Which file, and how it is encoded, depends on who asks.
      .header('vary', 'User-Agent, Sec-Fetch-Mode, Accept-Encoding')
      // A reverse proxy that buffered the whole file would hand it on long after `finish`: nginx
      // passes a response on as it comes when told so.
      .header('x-accel-buffering', 'no');
    return download.body;
  });

  // The slow-network path (contract §13): the session as Server-Sent Events, actions over HTTP.
  const sse = createLiveSse({
    service,
    feed,
    liveStore: app.liveStore,
    authenticateToken: (token) => app.authenticateToken(token),
    heartbeatMs: app.deps.config.liveSseHeartbeatSeconds * 1000,
    log: app.log,
  });
  registerRoute(app, liveSessionRoutes.sessionSseView, async ({ request, reply, query }) => {
    await sse(request, reply, query);
    return ''; // the stream was written by hand (`reply.hijack`)
  });

  registerRoute(app, liveSessionRoutes.updateAttendance, async ({ auth, body }) =>
    ok(await actions.updateAttendance(auth, body)),
  );

  registerRoute(app, liveSessionRoutes.regulizationRequestEntry, async ({ auth, body }) =>
    ok(await actions.approveRequests(auth, body)),
  );

  registerRoute(app, liveSessionRoutes.endSession, async ({ auth, body }) =>
    ok(await actions.endSession(auth, body)),
  );

  attachLiveSocket({
    ns: app.clientNs,
    service,
    liveStore: app.liveStore,
    room,
    authenticateToken: (token) => app.authenticateToken(token),
    leaseMs: app.deps.config.teacherSocketLeaseSeconds * 1000,
    audioWindowMs: app.deps.config.liveAudioWindowSeconds * 1000,
    // A session's length at most: the later client says it once, when it measures its link.
    slowNetworkMs: SLOW_NETWORK_MARK_MS,
    log: app.log,
    nowMs: () => app.deps.clock.now().getTime(),
    toneLevel: (input) => app.presence.toneLevel(input),
    noteChallengeBand: (session, report) => noteChallengeBand(app.deps.db, session, report),
    usesTwoWayCheck: (institutionId) => usesTwoWayCheck(app.deps.db, institutionId),
    filePhase: createFilePhaseTracker({
      db: app.deps.db,
      liveStore: app.liveStore,
      nowMs: () => app.deps.clock.now().getTime(),
    }),
  });
}
