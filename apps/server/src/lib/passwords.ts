import { hash, verify } from '@node-rs/argon2';
import { randomSecret } from './secrets';

// OWASP's recommended argon2id settings (19 MiB, 2 passes, 1 lane): strong, and ~20 ms here.
// `algorithm: 2` is Argon2id (the library's const enum cannot be imported under verbatimModuleSyntax).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id; the salt and parameters travel inside the PHC string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

const UNUSABLE_PREFIX = '!unusable:';

/**
 * What is stored for someone who has no password yet (added by an admin or an import, waiting for
 * their invitation): no password matches it, and it is unique so no two rows look alike.
 */
export function unusablePasswordHash(): string {
  return `${UNUSABLE_PREFIX}${randomSecret(12)}`;
}

/** Checks a password against a stored argon2 hash; a malformed hash counts as a mismatch. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (stored.startsWith(UNUSABLE_PREFIX)) {
    // Spend the time a real check takes, so answer times do not tell who has no password yet.
    await verifyPassword(await decoyPasswordHash(), password);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// Verified against when the email is unknown, so a wrong email costs as long as a wrong password
// and response times do not reveal which accounts exist.
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-never-matches');
  return decoyHash;
}

// The rule is the contract's, so the web can state it before the person submits.
export { passwordProblem } from '@rollbook/contract';
