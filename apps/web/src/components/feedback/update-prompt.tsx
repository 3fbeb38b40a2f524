import { useEffect, useState } from 'react';
import { activateWaiting, registerServiceWorker } from '../../lib/pwa/service-worker';
import { Button } from '../ui/button';

/**
 * Registers the service worker (production builds only, unless `enabled` says otherwise) and, when a new version of the app has
 * been deployed and installed, offers to load it. Nothing reloads by itself: a teacher may be in
 * the middle of a live session.
 */
export function UpdatePrompt({ enabled = import.meta.env.PROD }: { enabled?: boolean }) {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  useEffect(() => {
    if (!enabled || !('serviceWorker' in navigator)) return;
    // A worker that fails to register leaves the app as it was: online only.
    registerServiceWorker(setWaiting).catch(() => undefined);
  }, [enabled]);
  if (!waiting) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-900 shadow-lg"
    >
      <span>A new version of Rollbook is available.</span>
      <div className="flex gap-2">
        <Button type="button" size="sm" variant="secondary" onClick={() => setWaiting(null)}>
          Later
        </Button>
        <Button type="button" size="sm" onClick={() => activateWaiting(waiting)}>
          Reload
        </Button>
      </div>
    </div>
  );
}
