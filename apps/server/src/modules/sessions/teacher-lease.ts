import type { LiveStore } from '../../plugins/app/live-store';

/**
 * Who holds a session's one-teacher lease: the teacher (profile slug) and the socket they joined
 * with. Both are needed: the socket so the holder can be disconnected (on any instance), the
 * teacher so a rejoin by the same person can take over from a socket the server has not yet seen
 * die (a network blip leaves it "connected" until socket.io's ping timeout).
 */
export interface LeaseHolder {
  teacher: string;
  socketId: string;
}

/** The live store keeps holders as opaque strings; JSON survives any character in a slug. */
export const encodeHolder = (holder: LeaseHolder): string =>
  JSON.stringify([holder.teacher, holder.socketId]);

/** The holder behind a stored value, or null for anything this code did not write. */
export function decodeHolder(value: string): LeaseHolder | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) return null;
  const [teacher, socketId] = parsed as unknown[];
  if (typeof teacher !== 'string' || typeof socketId !== 'string') return null;
  return { teacher, socketId };
}

/** The outcome of a join: the lease is ours (maybe taken from our own older socket), or not. */
export type LeaseClaim = { taken: true; displaced: LeaseHolder | null } | { taken: false };

/**
 * A free lease, or one already ours, is taken as before. One held by another socket of the same
 * teacher is handed over atomically; one held by a different teacher is refused. A few rounds
 * cover the lease changing hands between the reads (released, expired, or another takeover).
 */
export async function claimTeacherLease(
  store: LiveStore,
  sessionId: string,
  me: LeaseHolder,
  ttlMs: number,
): Promise<LeaseClaim> {
  const mine = encodeHolder(me);
  for (let round = 0; round < 3; round++) {
    if (await store.acquireTeacherLease(sessionId, mine, ttlMs)) return { taken: true, displaced: null };
    const current = await store.teacherLeaseHolder(sessionId);
    if (current === null) continue; // released in between: acquire again
    const holder = decodeHolder(current);
    if (!holder || holder.teacher !== me.teacher) return { taken: false };
    if (await store.replaceTeacherLease(sessionId, current, mine, ttlMs)) {
      return { taken: true, displaced: holder };
    }
  }
  return { taken: false };
}
