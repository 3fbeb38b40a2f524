import { useSyncExternalStore, type CSSProperties } from 'react';
import { Toaster } from 'sonner';

/** Sonner lays toasts out full width below this width; the placement switches with it. */
const PHONE_QUERY = '(max-width: 600px)';

/** Clear of the sticky header (65 px) and of a side panel's or sheet's title row with its close button. */
const BELOW_HEADER = 80;
/** Clear of the floating bottom bar (Home, Menu, Alerts, Sign out) on phones. */
const ABOVE_BOTTOM_BAR = 96;

// Test environments without matchMedia get the laptop placement.
const phoneQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const query = phoneQuery();
  if (!query) return () => undefined;
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isPhone = () => phoneQuery()?.matches ?? false;

/**
 * Where toasts appear: at the top right on laptops as the product spec has it, but below the
 * header so the avatar and a panel's close button stay uncovered; at the bottom on phones, above
 * the bottom bar, where a full-width toast would otherwise hide the header and a panel's title.
 * At most 22 rem wide, so a long message wraps instead of covering the page.
 */
export function ToastArea() {
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  return (
    <Toaster
      position={phone ? 'bottom-center' : 'top-right'}
      offset={{ top: BELOW_HEADER, right: 16 }}
      mobileOffset={{ bottom: ABOVE_BOTTOM_BAR, left: 12, right: 12 }}
      style={{ '--width': 'min(22rem, calc(100vw - 2rem))' } as CSSProperties}
      richColors
      closeButton
    />
  );
}
