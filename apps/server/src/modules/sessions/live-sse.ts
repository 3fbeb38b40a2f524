import type { FastifyReply, FastifyRequest } from 'fastify';
import { SSE_TYPES, type SessionSseQuery, type SseMessage } from '@rollbook/contract';
import type { AuthContext } from '../../lib/caller';
import { conflict, forbidden } from '../../lib/app-error';
import type { LiveStore } from '../../plugins/app/live-store';
import type { SessionFeed, FeedEvent } from './live-feed';
import type { SessionsService } from './sessions.service';
import { readSessionTone } from './session-tone';
import { keepLivePlayback, PROVISIONAL_PLAYBACK } from './tone-playback';

export interface LiveSseDeps {
  service: SessionsService;
  feed: SessionFeed;
  liveStore: LiveStore;
  authenticateToken(token: string): Promise<AuthContext>;
  /** How often a comment line goes out so proxies and load balancers keep the stream open. */
  heartbeatMs: number;
  log: { warn(obj: object, msg: string): void };
}

/** One SSE frame carrying a JSON message (contract §13: `{status_code, type, data}`). */
export const sseFrame = (message: SseMessage) => `data: ${JSON.stringify(message)}\n\n`;

/** The comment line that keeps a quiet stream open (ignored by every EventSource). */
export const SSE_HEARTBEAT = ': keep-alive\n\n';

/**
 * How long a stream's slow-network mark outlives its last heartbeat: a few missed beats (a stream
 * reconnecting) keep it, a teacher gone for good loses it.
 */
const slowMarkTtl = (heartbeatMs: number) => Math.max(60_000, heartbeatMs * 4);

/**
 * The slow-network path's stream (contract §13 `session_sse_view`): the session's own teacher,
 * authenticated by the access token of the query (EventSource sends no header) with the socket's
 * checks, gets `ongoing_session_data` and then every event of the session from any instance. A
 * refusal before the stream starts is an ordinary JSON error (401, 403, 404, 409); once the session
 * ends, a 409 `session_ended` message closes it. Opening one marks the teacher's network as too
 * slow for audio, so verdicts say why the teacher's audio is absent.
 */
export function createLiveSse(deps: LiveSseDeps) {
  async function authenticate(token: string): Promise<AuthContext> {
    const auth = await deps.authenticateToken(token.replace(/^Bearer\s+/i, '').trim());
    if (auth.role !== 'teacher') throw forbidden('Only the teacher of this lecture can follow its session');
    return auth;
  }

  /** The caller's live session, or the refusal the socket would give (as an HTTP status). */
  async function liveSession(auth: AuthContext, sessionId: string) {
    const session = await deps.service.ownSession(auth, sessionId);
    if (session.status === 'pre') throw conflict('This session has not been started yet');
    if (session.status === 'post') throw conflict('This session has ended');
    return session;
  }

  return async function stream(request: FastifyRequest, reply: FastifyReply, query: SessionSseQuery) {
    const auth = await authenticate(query.access_token);
    const session = await liveSession(auth, query.session_id);
    const refusedAttempts = query.refused_attempts === '1';
    const sessionId = session.sessionId;

    // Follow first and hold what arrives until the snapshot is out: nothing between the two is lost
    // (a row that is in both replaces itself on the sheet).
    const held: FeedEvent[] = [];
    /** Until the stream is done (the caller left, the session ended, a failure). */
    let open = true;
    /** Once the snapshot is out: events are written as they come. */
    let started = false;
    const out = reply.raw;
    const write = (text: string) => {
      if (open && out.headersSent) out.write(text);
    };
    const deliver = (event: FeedEvent) => {
      if (event.refusedAttempt && !refusedAttempts) return;
      if (!started) return void held.push(event);
      write(sseFrame(event.message));
      if (event.message.status_code !== 200) finish();
    };
    const unfollow = deps.feed.follow(sessionId, deliver);
    const markSlow = () =>
      deps.liveStore
        .setTeacherNetworkSlow(sessionId, true, slowMarkTtl(deps.heartbeatMs))
        .catch((err: unknown) => deps.log.warn({ err }, 'slow-network mark not kept'));
    const keepTone = () =>
      keepLivePlayback(deps.liveStore, sessionId, PROVISIONAL_PLAYBACK).catch((err: unknown) =>
        deps.log.warn({ err }, 'live tone playback not kept'),
      );
    const tone = query.live_tone === '1' ? readSessionTone(session.toneParams) : null;
    const heartbeat = setInterval(() => {
      write(SSE_HEARTBEAT);
      void markSlow();
      // No `tone_clock` comes this way: the provisional playback is what verifications assume.
      if (tone) void keepTone();
    }, deps.heartbeatMs);
    heartbeat.unref();

    /** Stops following; ends the response once it is ours (after `hijack`). */
    function finish() {
      if (!open) return;
      open = false;
      clearInterval(heartbeat);
      unfollow();
      if (out.headersSent) out.end();
    }
    // The response closes when the caller goes (the request's own 'close' only means it was read).
    out.on('close', finish);

    let snapshot;
    try {
      snapshot = await deps.service.ongoingData(auth, session, { refusedAttempts });
      await markSlow();
      if (tone) await keepTone();
    } catch (err) {
      finish();
      throw err;
    }
    reply.hijack();
    // The caller left while the snapshot was read: nobody to stream to.
    if (!open || out.destroyed) return void out.destroy();
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      connection: 'keep-alive',
      // nginx and similar proxies would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    // The later client reconnects on its own after a drop; three seconds spares a struggling link.
    write('retry: 3000\n\n');
    write(sseFrame({ status_code: 200, type: SSE_TYPES.ongoingSessionData, data: snapshot }));
    if (tone) {
      write(
        sseFrame({
          status_code: 200,
          type: SSE_TYPES.sessionTone,
          data: { session_id: sessionId, key_hex: tone.keyHex, config: tone.config, epoch_ms: tone.epochMs },
        }),
      );
    }
    started = true;
    for (const event of held.splice(0)) deliver(event);
  };
}
