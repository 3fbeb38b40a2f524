import { randomUUID } from 'node:crypto';
import { addressKey } from '../../lib/address-key';
import { AppError } from '../../lib/app-error';
import type { ThrottleStore } from '../../plugins/app/throttle-store';

/**
 * How often a session's tone file may be sent (docs/decisions/presence-0030). The file is public by
 * name (contract §7) and large (the short loop 17 MB, the app's lecture-long file up to ~100 MB
 * gzipped), so anyone holding one name could otherwise pull it without end. A teacher's client
 * fetches it once per join of the sheet (the web client's revalidation, a 304, costs nothing and
 * is not counted), so these leave a teacher rejoining on a bad network plenty of room.
 */
/** A sliding window: at most `max` downloads in any `windowMs`. */
export interface DownloadWindow {
  max: number;
  windowMs: number;
}

export const TONE_DOWNLOAD_LIMITS: Readonly<{ perClient: DownloadWindow; perFile: DownloadWindow }> = {
  /**
   * Whole files one client (address, IPv6 by its /64) may take of one session's tone. Generous on
   * purpose: a refused download leaves the room without its tone and no student can mark, while a
   * teacher's app on a flaky link fetches again on every reconnect (20 lecture files of the longest
   * lecture are ~2 GB in 10 minutes, against unlimited before).
   */
  perClient: { max: 20, windowMs: 10 * 60_000 },
  /** Whole files of one session's tone, whoever asks: a name passed around a class. */
  perFile: { max: 60, windowMs: 60 * 60_000 },
};

export type ToneDownloadLimits = ReturnType<typeof createToneDownloadLimits>;

/** Minutes, rounded up, as a person reads them. */
const minutesText = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * Counts the downloads of each tone file in sliding windows shared by every instance (the
 * throttle store). `take` counts one download or refuses it with a 429 saying when to try again.
 */
export function createToneDownloadLimits(
  store: ThrottleStore,
  nowMs: () => number,
  limits: typeof TONE_DOWNLOAD_LIMITS = TONE_DOWNLOAD_LIMITS,
) {
  /** Counts one download of `name` by `ip`; 0 when it may go ahead, else how long until it may (ms). */
  async function count(name: string, ip: string): Promise<number> {
    const now = nowMs();
    // Every download is its own member: the windows count downloads, not distinct callers.
    const member = `${now}:${randomUUID()}`;
    const clientKey = `tone:${name}:${addressKey(ip)}`;
    const { perClient, perFile } = limits;
    const clientWait = await store.joinWindow(clientKey, member, now, perClient.windowMs, perClient.max);
    if (clientWait > 0) return clientWait;
    const fileWait = await store.joinWindow(`tone:${name}`, member, now, perFile.windowMs, perFile.max);
    if (fileWait > 0) {
      // Refused: it took nothing of the client's own allowance.
      await store.leaveWindow(clientKey, member);
      return fileWait;
    }
    return 0;
  }

  return {
    count,

    /**
     * Counts one download, or refuses it: 429 with a message that says when to try again, and
     * `retryAfterS` for the Retry-After header.
     */
    async take(name: string, ip: string, onRefusal: (retryAfterS: number) => void): Promise<void> {
      const wait = await count(name, ip);
      if (wait === 0) return;
      onRefusal(Math.ceil(wait / 1000));
      throw new AppError(
        'too_many_requests',
        `This tone file has been downloaded too often. Try again in ${minutesText(wait)}.`,
      );
    },
  };
}
