import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';

/**
 * Clear of the sticky header (65 px) and of a side panel's or sheet's title row with its close
 * button, at every width.
 */
const BELOW_HEADER = 80;

/**
 * Where toasts appear (docs/decisions/web-0005, web-0010): at the top right, as the product spec
 * has it, below the header so the avatar, the menu and a panel's title and close button stay
 * uncovered (on phones too, where sonner spreads a toast across the width between the side
 * offsets); while a side panel is open on a wide screen (it fills the right edge) left of the
 * panel, so its fields and buttons stay uncovered. At most 22 rem wide, so a long message wraps
 * instead of covering the page.
 */
export function ToastArea() {
  return (
    <Toaster
      position="top-right"
      offset={{ top: BELOW_HEADER, right: 16 }}
      mobileOffset={{ top: BELOW_HEADER, left: 12, right: 12 }}
      style={{ '--width': 'min(22rem, calc(100vw - 2rem))' } as CSSProperties}
      richColors
      closeButton
    />
  );
}
