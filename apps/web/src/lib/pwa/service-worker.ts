/**
 * The page's side of the service worker (build/service-worker.js): registration, and the signal
 * that a new build's worker is installed and waiting to take over. Only production builds register
 * one (the dev server's modules change on every save and must never come from a cache).
 */

/** Where the build writes the worker; its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';
/** How often an open app asks whether a new build was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the worker and calls `onWaiting` with a new build's worker once it is installed while
 * an older one controls the page (a first install takes over at once and needs no prompt).
 */
export async function registerServiceWorker(onWaiting: (worker: ServiceWorker) => void): Promise<void> {
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  const offer = (worker: ServiceWorker | null) => {
    if (worker && navigator.serviceWorker.controller) onWaiting(worker);
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
  window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
}

/** Lets the waiting worker take over, then reloads once it controls the page (the new build loads). */
export function activateWaiting(worker: ServiceWorker): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}
