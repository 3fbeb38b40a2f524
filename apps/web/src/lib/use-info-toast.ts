import { useEffect } from 'react';
import { toast } from './toast';

/**
 * Shows an info toast once each time `when` turns true (the pickers' "please select …" hints of
 * contract §9.1-9.2) and dismisses it once the hint is followed; the fixed id keeps repeated
 * renders from stacking copies.
 */
export function useInfoToast(when: boolean, text: string): void {
  useEffect(() => {
    if (when) toast.info(text, { id: text });
    else toast.dismiss(text);
  }, [when, text]);
}
