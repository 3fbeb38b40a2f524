import { useSyncExternalStore, type CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { PHONE_TOASTS_QUERY } from '../lib/toast-placement';

/**
 * Clear of the sticky header (65 px) and of a side panel's or sheet's title row with its close
 * button, on wide screens.
 */
const BELOW_HEADER = 80;

function subscribe(onChange: () => void) {
  const query = window.matchMedia?.(PHONE_TOASTS_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}
const isPhone = () => window.matchMedia?.(PHONE_TOASTS_QUERY).matches ?? false;

/**
 * Where toasts appear, clear of the controls (docs/decisions/web-0005, web-0010). On wide screens
 * at the top right, as the product spec has it, below the header; while a side panel is open
 * (it fills the right edge) left of the panel, so its fields and buttons stay uncovered. On phones
 * a top toast would sit on the first controls of every page and panel, which cannot be scrolled
 * from under it: there toasts sit at the bottom, over what can be scrolled clear. At most 22 rem
 * wide, so a long message wraps instead of covering the page.
 */
export function ToastArea() {
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  return (
    <Toaster
      position={phone ? 'bottom-center' : 'top-right'}
      offset={{ top: BELOW_HEADER, right: 16 }}
      mobileOffset={{ bottom: 12, left: 12, right: 12 }}
      style={{ '--width': 'min(22rem, calc(100vw - 2rem))' } as CSSProperties}
      richColors
      closeButton
    />
  );
}
