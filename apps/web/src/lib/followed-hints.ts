/**
 * The picker hints a person has followed on this device (localStorage), so an info prompt is not
 * repeated once it was acted on. Storage that is full or switched off only means a hint may show
 * again.
 */
const KEY = 'rollbook.followed-hints';

function read(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function hintFollowed(text: string): boolean {
  return read().includes(text);
}

export function rememberHintFollowed(text: string): void {
  const followed = read();
  if (followed.includes(text)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify([...followed, text]));
  } catch {
    // Nothing to do: the hint may show again on a later visit.
  }
}
