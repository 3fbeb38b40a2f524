import { reconnectDelay } from './reconnect-delay';

/**
 * Splits the text read so far into complete Server-Sent Events frames: the `data:` payload of each
 * (lines joined), comments and other fields left out, and the unfinished rest to keep for later.
 */
export function takeSseFrames(buffer: string): { data: string[]; rest: string } {
  const data: string[] = [];
  const frames = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = frames.pop() ?? '';
  for (const frame of frames) {
    const lines = frame
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''));
    if (lines.length > 0) data.push(lines.join('\n'));
  }
  return { data, rest };
}

/**
 * A quiet stream still sends a heartbeat comment every 15 s: nothing at all for this long means a
 * dead link that will never report an error, so the stream is dropped and opened again.
 */
export const SSE_SILENCE_LIMIT_MS = 45_000;

export interface SseFollowerOptions {
  /** Built for each (re)connect, so a refreshed access token is used. */
  url: () => string;
  /** A stream is open (its first message, the session's state, follows). */
  onOpen: () => void;
  /** One message, parsed from JSON. */
  onMessage: (message: unknown) => void;
  /** The server refused the stream (401, 403, 404, 409): following stops. */
  onRefused: (status: number, message: string) => void;
  /** The stream dropped (network, server restart); the follower reconnects after a back-off. */
  onDrop: () => void;
  fetchImpl?: typeof fetch;
  silenceLimitMs?: number;
}

/** The answer's error sentence (the JSON envelope's `message`), or a plain one. */
async function refusalText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // not JSON
  }
  return `The live session could not be followed (${response.status})`;
}

/**
 * Follows the §13 event stream over `fetch` (not EventSource, which hides the refusal's status and
 * message and retries on its own schedule): reconnects without limit with the sheet's back-off,
 * stops on a refusal or `stop()`.
 */
export function followSse(options: SseFollowerOptions): { stop: () => void } {
  const fetchImpl = options.fetchImpl ?? fetch;
  const silenceLimitMs = options.silenceLimitMs ?? SSE_SILENCE_LIMIT_MS;
  let stopped = false;
  let current: AbortController | null = null;
  let wake: (() => void) | null = null;

  async function readStream(response: Response, abort: AbortController) {
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let silence = setTimeout(() => abort.abort(), silenceLimitMs);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        clearTimeout(silence);
        silence = setTimeout(() => abort.abort(), silenceLimitMs);
        const taken = takeSseFrames(buffer + decoder.decode(value, { stream: true }));
        buffer = taken.rest;
        for (const text of taken.data) {
          if (stopped) return;
          options.onMessage(JSON.parse(text) as unknown);
        }
      }
    } finally {
      clearTimeout(silence);
    }
  }

  async function run() {
    for (let attempt = 0; !stopped;) {
      const abort = new AbortController();
      current = abort;
      try {
        const response = await fetchImpl(options.url(), {
          signal: abort.signal,
          cache: 'no-store',
          headers: { accept: 'text/event-stream' },
        });
        if (stopped) return;
        if (!response.ok && response.status < 500 && response.status !== 429) {
          options.onRefused(response.status, await refusalText(response));
          return;
        }
        if (response.ok && response.body) {
          attempt = 0;
          options.onOpen();
          await readStream(response, abort);
        }
      } catch {
        // A network failure or our own abort (silence, stop): reconnect unless stopped.
      }
      if (stopped) return;
      options.onDrop();
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, reconnectDelay(attempt));
      });
      wake = null;
      attempt += 1;
    }
  }

  void run();
  return {
    stop: () => {
      stopped = true;
      current?.abort();
      wake?.();
    },
  };
}
