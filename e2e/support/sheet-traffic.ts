import type { Page } from '@playwright/test';
import type { LiveTone } from './fake-microphone';
import { timeOfDay } from './api-log';

/** What a teacher's live sheet has sent and received on its socket so far. */
export interface SheetTraffic {
  /** `incoming_audio_chunks` frames sent: the teacher's microphone streaming. */
  chunksSent: number;
  /** `socket_connection` frames that say they reconnect. */
  reconnects: number;
  /** The session's secret tone as the server sent it to this sheet alone (`session_tone`). */
  tone: LiveTone | null;
  /**
   * The speaker's clock the sheet last reported (`tone_clock`): schedule time s sounds at server
   * time epoch + 1000 s + this. The server places the chirps it looks for by it, so a student's
   * microphone file must too.
   */
  toneOffsetMs: number | null;
}

/** One audio chunk in this many is logged with its stamp's age. */
const CHUNK_LOG_EVERY = 10;

/** The socket.io event a text frame carries, with its payload (`42/client,["name",{…}]`). */
function eventOf(payload: string | Buffer): [string, unknown] | null {
  if (typeof payload !== 'string') return null;
  const start = payload.indexOf('[');
  if (start < 0) return null;
  try {
    const [name, body] = JSON.parse(payload.slice(start)) as [unknown, unknown];
    return typeof name === 'string' ? [name, body] : null;
  } catch {
    return null;
  }
}

/** A `tone_clock` report's numbers, for the log (a wrong one is refused with the socket). */
function clockOf(body: unknown): string {
  const { offset_ms, tolerance_ms } = body as { offset_ms?: unknown; tolerance_ms?: unknown };
  return `offset ${String(offset_ms)} ms, tolerance ${String(tolerance_ms)} ms`;
}

/**
 * Follows the teacher page's socket frames from now on; the answer updates as they pass. With `log`,
 * the socket's opening and closing and each event but the audio chunks (counted, one in ten logged)
 * are added to it with the time of day, for a failing test to print.
 */
export function followSheetSocket(page: Page, log?: string[]): SheetTraffic {
  const traffic: SheetTraffic = { chunksSent: 0, reconnects: 0, tone: null, toneOffsetMs: null };
  const note = (line: string) => log?.push(`${timeOfDay()} socket ${line}`);
  page.on('websocket', (ws) => {
    note(`opened ${new URL(ws.url()).pathname}`);
    ws.on('close', () => note(`closed (${traffic.chunksSent} audio chunks sent so far)`));
    ws.on('socketerror', (error) => note(`error ${error}`));
    ws.on('framesent', ({ payload }) => {
      const event = eventOf(payload);
      if (!event) return;
      const [name, body] = event;
      if (name === 'incoming_audio_chunks') {
        traffic.chunksSent += 1;
        // How old the chunk's stamp is when it leaves: a second and a little while the stamps keep
        // pace with the clock (a chunk is sent when its second is over). A device whose stamps fall
        // behind shows it growing, and students' recordings then find no teacher audio.
        if (traffic.chunksSent % CHUNK_LOG_EVERY === 1) {
          const { timestamp } = body as { timestamp?: unknown };
          note(`sent audio chunk ${traffic.chunksSent}, stamped ${Date.now() - Number(timestamp)} ms ago`);
        }
      } else note(`sent ${name}${name === 'tone_clock' ? ` ${clockOf(body)}` : ''}`);
      if (name === 'socket_connection' && (body as { isReConnect?: boolean }).isReConnect === true)
        traffic.reconnects += 1;
      if (name === 'tone_clock') traffic.toneOffsetMs = (body as { offset_ms: number }).offset_ms;
    });
    ws.on('framereceived', ({ payload }) => {
      const event = eventOf(payload);
      // A refusal's words say why the sheet lost its socket.
      if (event)
        note(`received ${event[0]}${event[0] === 'client_error' ? ` ${JSON.stringify(event[1])}` : ''}`);
      if (event?.[0] === 'session_tone') traffic.tone = event[1] as LiveTone;
    });
  });
  return traffic;
}
