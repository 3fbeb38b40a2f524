import { describe, expect, it } from 'vitest';
import { isSlowLink, measureLinkMbps, PROBE_BYTES } from './link-speed';

/** A response whose body yields `chunks` bytes each, advancing the fake clock by `msEach` per chunk. */
function fakeDownload(chunkBytes: number, msEach: number, clock: { t: number }): typeof fetch {
  return () => {
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        clock.t += msEach;
        controller.enqueue(new Uint8Array(chunkBytes));
      },
    });
    return Promise.resolve(new Response(body, { status: 200 }));
  };
}

describe('measureLinkMbps', () => {
  it('times the first PROBE_BYTES of the download', async () => {
    const clock = { t: 0 };
    // 16 KiB every 10 ms: 96 KiB in 60 ms (70 ms with the stream's one chunk read ahead), ~12 Mbps.
    const mbps = await measureLinkMbps('/t', {
      fetchImpl: fakeDownload(16 * 1024, 10, clock),
      now: () => clock.t,
    });
    expect(mbps).toBeGreaterThan((PROBE_BYTES * 8) / 0.08 / 1e6);
    expect(mbps).toBeLessThanOrEqual((PROBE_BYTES * 8) / 0.06 / 1e6);
    expect(isSlowLink(mbps)).toBe(false);
  });

  it('asks for a range, so the server does not take the probe for a download the sheet plays', async () => {
    let asked: RequestInit | undefined;
    const clock = { t: 0 };
    const download = fakeDownload(16 * 1024, 10, clock);
    await measureLinkMbps('/t', {
      fetchImpl: (url, init) => {
        asked = init;
        return download(url, init);
      },
      now: () => clock.t,
    });
    expect(new Headers(asked?.headers).get('range')).toBe(`bytes=0-${PROBE_BYTES - 1}`);
  });

  it('calls a link slow when it delivers little in the time', async () => {
    const clock = { t: 0 };
    // 2 KiB every second: about 0.016 Mbps.
    const mbps = await measureLinkMbps('/t', {
      fetchImpl: fakeDownload(2048, 1000, clock),
      now: () => clock.t,
    });
    expect(mbps).toBeLessThan(0.3);
    expect(isSlowLink(mbps)).toBe(true);
  });

  it('calls a link slow when its body does not come before the limit', async () => {
    const stalled = ((_url: string, init?: RequestInit) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          init?.signal?.addEventListener('abort', () =>
            controller.error(new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return Promise.resolve(new Response(body, { status: 200 }));
    }) as typeof fetch;
    const mbps = await measureLinkMbps('/t', { fetchImpl: stalled, limitMs: 20 });
    expect(mbps).toBe(0);
    expect(isSlowLink(mbps)).toBe(true);
  });

  it('has no measure when the answer itself does not come (the server, not the link, is slow)', async () => {
    const never = ((_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as typeof fetch;
    const mbps = await measureLinkMbps('/t', { fetchImpl: never, headersLimitMs: 20 });
    expect(mbps).toBeNull();
    expect(isSlowLink(mbps)).toBe(false);
  });

  it('has no measure when the download fails (the normal path then reports its own errors)', async () => {
    const failing = (() => Promise.reject(new TypeError('offline'))) as typeof fetch;
    expect(await measureLinkMbps('/t', { fetchImpl: failing })).toBeNull();
    const missing = (() => Promise.resolve(new Response('{}', { status: 404 }))) as typeof fetch;
    expect(await measureLinkMbps('/t', { fetchImpl: missing })).toBeNull();
    expect(isSlowLink(null)).toBe(false);
  });
});
