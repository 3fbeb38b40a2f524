import { waitUntil } from './wait';

/** What a test's Server-Sent Events stream received so far. */
export interface SseStream {
  /** The HTTP status of the answer (an error answer is JSON, not a stream). */
  status: number;
  contentType: string;
  /** Each `data:` frame, parsed as JSON, in arrival order. */
  messages: any[];
  /** Comment lines (`: …`), the heartbeats. */
  comments: string[];
  /** The error answer's JSON body, when the status is not 200. */
  errorBody: any;
  /** Set once the server ended the stream. */
  ended: boolean;
  close(): void;
}

/**
 * Opens the §13 event stream of `session_id` on a listening app, as an EventSource would (a plain
 * GET, the token in the query), and keeps reading it in the background. Close it after use.
 */
export async function openSse(
  baseUrl: string,
  query: Record<string, string | undefined>,
): Promise<SseStream> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, v);
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/manage/session/session_sse_view?${params.toString()}`, {
    signal: abort.signal,
    headers: { accept: 'text/event-stream' },
  });
  const stream: SseStream = {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    messages: [],
    comments: [],
    errorBody: undefined,
    ended: false,
    close: () => abort.abort(),
  };
  if (res.status !== 200) {
    stream.errorBody = await res.json();
    stream.ended = true;
    return stream;
  }
  void readFrames(res, stream);
  return stream;
}

async function readFrames(res: Response, stream: SseStream) {
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const bytes of res.body as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(bytes, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data: string[] = [];
        for (const line of frame.split('\n')) {
          if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
          else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        }
        if (data.length > 0) stream.messages.push(JSON.parse(data.join('\n')));
      }
    }
  } catch {
    // Aborted by the test.
  }
  stream.ended = true;
}

/** Waits until the stream holds a message of `type`; answers the first such message. */
export async function sseMessage(stream: SseStream, type: string): Promise<any> {
  await waitUntil(() => stream.messages.some((m) => m.type === type), `no ${type} message arrived`);
  return stream.messages.find((m) => m.type === type);
}
