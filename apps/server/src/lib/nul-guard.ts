import { AppError } from './app-error';

/** Where the first NUL character sits in a value (an object key counts too), or null. */
export function findNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  // Binary attachments (socket audio chunks) are bytes, not text.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\\u0000')].join('.');
      const found = findNul(inner, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * Refuses text with a NUL character (U+0000), wherever a request carries it: PostgreSQL cannot
 * store it in text, so it would otherwise fail deep inside a query as a 500. No legitimate input
 * contains one.
 */
export function assertNoNul(parts: Record<string, unknown>): void {
  const problem = nulProblem(parts);
  if (problem) throw new AppError('validation_failed', problem.message, { issues: [problem] });
}

/** The field and message for the first NUL character among `parts`, or null. */
export function nulProblem(parts: Record<string, unknown>): { path: string; message: string } | null {
  for (const [part, value] of Object.entries(parts)) {
    const found = findNul(value);
    if (found === null) continue;
    const field = found || part;
    return { path: field, message: `${field} must not contain the NUL character (\\u0000)` };
  }
  return null;
}
