import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A random URL-safe secret (base64url) of `bytes` bytes. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 hex of a secret: what we store instead of single-use codes and tokens. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * Returns the JWT signing secret: the configured one, or in embedded mode one generated on first
 * start and kept in `<dataDir>/secrets.json` (mode 0600) so tokens survive restarts and no secret
 * ever lives in the repository.
 */
export async function resolveJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as { jwtSecret?: unknown };
    if (typeof stored.jwtSecret === 'string' && stored.jwtSecret.length >= 32) return stored.jwtSecret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dataDir, { recursive: true });
  const jwtSecret = randomSecret(48);
  await writeFile(file, JSON.stringify({ jwtSecret }, null, 2), { mode: 0o600 });
  return jwtSecret;
}
