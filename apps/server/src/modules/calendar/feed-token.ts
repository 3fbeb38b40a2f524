import { createHmac } from 'node:crypto';
import { hashSecret } from '../../lib/secrets';

/**
 * Feed tokens are derived, not stored: token = HMAC(server secret, feed id). The database keeps only
 * the token's SHA-256, so a leaked database reveals no working feed URL, yet the owner can be shown
 * their URL again at any time. Changing the server secret invalidates every feed URL (a new one is
 * issued on the next request).
 */
export function createFeedTokens(serverSecret: string) {
  const key = createHmac('sha256', serverSecret).update('rollbook calendar feed v1').digest();
  return {
    /** The token of a feed row. */
    tokenFor(feedId: number): string {
      return createHmac('sha256', key).update(String(feedId)).digest('base64url');
    },
    /** What is stored and looked up. */
    hash: hashSecret,
  };
}

export type FeedTokens = ReturnType<typeof createFeedTokens>;
