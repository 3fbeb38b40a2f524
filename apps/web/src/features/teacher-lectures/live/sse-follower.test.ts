import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKOFF_WAIT_MS, WAIT_MS } from '../../../testing/wait';
import { followSse, takeSseFrames } from './sse-follower';

describe('takeSseFrames', () => {
  it('answers the data of complete frames, skips comments and keeps the unfinished rest', () => {
    const { data, rest } = takeSseFrames(': keep-alive\n\nretry: 3000\n\ndata: {"a":1}\n\ndata: {"b"');
    expect(data).toEqual(['{"a":1}']);
    expect(rest).toBe('data: {"b"');
    expect(takeSseFrames(`${rest}:2}\r\n\r\n`).data).toEqual(['{"b":2}']);
    expect(takeSseFrames('data: line1\ndata: line2\n\n').data).toEqual(['line1\nline2']);
  });
});

/** A streamed answer carrying `frames` and then staying open until aborted, or ending (`end`). */
function streamed(frames: string[], init: RequestInit | undefined, end = false): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const frame of frames) controller.enqueue(new TextEncoder().encode(frame));
      if (end) controller.close();
      init?.signal?.addEventListener('abort', () =>
        controller.error(new DOMException('aborted', 'AbortError')),
      );
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('followSse', () => {
  afterEach(() => vi.useRealTimers());

  it('delivers each message, and after a drop reconnects and delivers the new snapshot', async () => {
    const answers = [
      (init?: RequestInit) => streamed(['data: {"n":1}\n\n', 'data: {"n":2}\n\n'], init, true),
      () => {
        throw new TypeError('offline');
      },
      (init?: RequestInit) => streamed(['data: {"n":3}\n\n'], init),
    ];
    let calls = 0;
    const fetchImpl = ((_url: string, init?: RequestInit) =>
      Promise.resolve().then(() => answers[Math.min(calls++, answers.length - 1)]!(init))) as typeof fetch;
    const messages: unknown[] = [];
    let drops = 0;
    let opens = 0;
    const follower = followSse({
      url: () => '/sse',
      onOpen: () => (opens += 1),
      onMessage: (m) => messages.push(m),
      onRefused: () => expect.fail('not refused'),
      onDrop: () => (drops += 1),
      fetchImpl,
    });
    await vi.waitFor(() => expect(messages).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]), {
      timeout: BACKOFF_WAIT_MS,
    });
    expect([opens, drops]).toEqual([2, 2]);
    follower.stop();
  });

  it('stops on a refusal with its message, without retrying', async () => {
    let calls = 0;
    const fetchImpl = (() => {
      calls += 1;
      return Promise.resolve(
        new Response(JSON.stringify({ message: 'This session has ended' }), { status: 409 }),
      );
    }) as typeof fetch;
    const refused: Array<[number, string]> = [];
    followSse({
      url: () => '/sse',
      onOpen: () => expect.fail('not opened'),
      onMessage: () => expect.fail('no message'),
      onRefused: (status, message) => refused.push([status, message]),
      onDrop: () => expect.fail('no drop'),
      fetchImpl,
    });
    await vi.waitFor(() => expect(refused).toEqual([[409, 'This session has ended']]), {
      timeout: WAIT_MS,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(1);
  });

  it('drops a stream that stays silent past the limit and opens it again', async () => {
    let calls = 0;
    const fetchImpl = ((_url: string, init?: RequestInit) => {
      calls += 1;
      return Promise.resolve(streamed(calls === 1 ? [] : ['data: {"n":1}\n\n'], init));
    }) as typeof fetch;
    const messages: unknown[] = [];
    const follower = followSse({
      url: () => '/sse',
      onOpen: () => undefined,
      onMessage: (m) => messages.push(m),
      onRefused: () => expect.fail('not refused'),
      onDrop: () => undefined,
      fetchImpl,
      silenceLimitMs: 30,
    });
    await vi.waitFor(() => expect(messages).toEqual([{ n: 1 }]), { timeout: BACKOFF_WAIT_MS });
    follower.stop();
  });
});
