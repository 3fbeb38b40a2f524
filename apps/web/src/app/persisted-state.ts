// The slices that survive a reload, kept where and how redux-persist kept them (`persist:root` in
// localStorage: an object of JSON strings, one per slice), so a browser that ran the earlier build
// or the original client keeps its session. A few lines instead of the library (issue 19 item 3,
// web-0006): localStorage is synchronous, so the state is read before the store is built and no
// gate delays the first render.

export const PERSIST_KEY = 'persist:root';
/** What redux-persist stored beside the slices; kept so its readers find what they expect. */
const PERSIST_META = JSON.stringify({ version: -1, rehydrated: true });

/** The stored slices among `keys` (absent, or unreadable ones, are left to their reducers). */
export function readPersisted<K extends string>(keys: readonly K[]): Partial<Record<K, unknown>> {
  const restored: Partial<Record<K, unknown>> = {};
  let root: unknown;
  try {
    root = JSON.parse(localStorage.getItem(PERSIST_KEY) ?? 'null');
  } catch {
    return restored;
  }
  if (typeof root !== 'object' || root === null) return restored;
  for (const key of keys) {
    const text = (root as Record<string, unknown>)[key];
    if (typeof text !== 'string') continue;
    try {
      restored[key] = JSON.parse(text) as unknown;
    } catch {
      // One unreadable slice starts from its initial state; the others are still restored.
    }
  }
  return restored;
}

/** Stores the `keys` slices whenever one of them changes. Returns the unsubscribe. */
export function persistSlices<S extends Record<K, unknown>, K extends string>(
  store: { getState(): S; subscribe(listener: () => void): () => void },
  keys: readonly K[],
): () => void {
  let saved = keys.map((k) => store.getState()[k]);
  return store.subscribe(() => {
    const state = store.getState();
    const now = keys.map((k) => state[k]);
    if (now.every((slice, i) => slice === saved[i])) return;
    saved = now;
    const root: Record<string, string> = { _persist: PERSIST_META };
    keys.forEach((k, i) => (root[k] = JSON.stringify(now[i])));
    try {
      localStorage.setItem(PERSIST_KEY, JSON.stringify(root));
    } catch {
      // Storage full or refused (private mode): the session lasts until the page closes.
    }
  });
}
