/**
 * The slow-network test of contract §13: the start of the session tone's download is timed, and a
 * link under 0.3 Mbps streams no microphone audio and follows the session over Server-Sent Events.
 */
export const SLOW_LINK_MBPS = 0.3;

/** How much of the tone file is read: enough to time, little enough to cost a slow link ~2.5 s. */
export const PROBE_BYTES = 96 * 1024;

/** How long the body may take: a link that has not delivered `PROBE_BYTES` by then is slow. */
export const PROBE_LIMIT_MS = 3000;

/**
 * How long the answer's headers may take. The server renders a session's tone file on its first
 * fetch, so a late answer says more about the server than about the link: no measure then.
 */
export const HEADERS_LIMIT_MS = 15_000;

export interface ProbeOptions {
  fetchImpl?: typeof fetch;
  now?: () => number;
  limitMs?: number;
  headersLimitMs?: number;
}

/**
 * Reads up to `PROBE_BYTES` of `url` within `limitMs` of its answer and answers the link's speed in
 * Mbps, timed from the answer's arrival (the server's rendering of the file is not the link's).
 * Null when there is no measure: the download failed, or no answer came within `HEADERS_LIMIT_MS`
 * (the caller keeps the normal path, which reports its own errors).
 */
export async function measureLinkMbps(url: string, options: ProbeOptions = {}): Promise<number | null> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? (() => performance.now());
  const limitMs = options.limitMs ?? PROBE_LIMIT_MS;
  const abort = new AbortController();
  let bytes = 0;
  let timedOut = false;
  let timer = setTimeout(() => abort.abort(), options.headersLimitMs ?? HEADERS_LIMIT_MS);
  let started = now();
  try {
    // Ranged: the server then knows this read is a probe, not a download the sheet will play (the
    // original apps' downloads bound when their file started, presence-0024); it answers just that
    // part (206), which also counts nothing against the file's download limits (presence-0030).
    const response = await fetchImpl(url, {
      signal: abort.signal,
      cache: 'no-store',
      headers: { Range: `bytes=0-${PROBE_BYTES - 1}` },
    });
    if (!response.ok || !response.body) return null;
    clearTimeout(timer);
    started = now();
    timer = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, limitMs);
    const reader = response.body.getReader();
    while (bytes < PROBE_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
    }
    await reader.cancel().catch(() => undefined);
  } catch (error) {
    if (!timedOut) return null;
    void error; // cut off by the limit: what arrived by then is the measure
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
  const seconds = Math.max(timedOut ? limitMs : now() - started, 1) / 1000;
  return (bytes * 8) / seconds / 1_000_000;
}

/** Whether a measured speed calls for the slow-network path (an unknown speed does not). */
export const isSlowLink = (mbps: number | null) => mbps !== null && mbps < SLOW_LINK_MBPS;
