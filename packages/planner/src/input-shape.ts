// Helpers for checking input read from JSON, which may hold anything, before the planner uses it.

/** JSON text of a value for a message: strings keep their quotes, so "30" reads apart from 30. */
export function shown(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}

/** Whether a value is a plain JSON object (not null, not a list). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
