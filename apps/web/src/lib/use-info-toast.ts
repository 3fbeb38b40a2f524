import { useEffect, useRef } from 'react';
import { toast } from './toast';
import { hintFollowed, rememberHintFollowed } from './followed-hints';

/**
 * Shows a picker's info hint ("please select …", contract §9.1-9.2) as a toast while `when` holds,
 * and dismisses it once the hint is followed. A hint the person has followed once (on this device)
 * is not shown again: the prompt taught them the picker, and repeating it on every visit only hid
 * the page behind a toast. The fixed id keeps repeated renders from stacking copies; leaving the
 * page takes its prompt away.
 */
export function useInfoToast(when: boolean, text: string): void {
  const shown = useRef(false);
  useEffect(() => {
    if (when && !hintFollowed(text)) {
      toast.info(text, { id: text });
      shown.current = true;
    } else if (!when && shown.current) {
      // The condition cleared while the prompt was up: the person did what it asked.
      toast.dismiss(text);
      rememberHintFollowed(text);
      shown.current = false;
    }
  }, [when, text]);
  useEffect(() => () => void toast.dismiss(text), [text]);
}
