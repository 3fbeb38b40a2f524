import { useState } from 'react';

/**
 * True from the first time `open` is true on: a sheet or dialog loaded lazily is rendered only
 * once someone opens it, and stays rendered after, so it can close with its animation.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Derived state, set while rendering (React re-renders at once, before committing).
  if (open && !opened) setOpened(true);
  return opened || open;
}
