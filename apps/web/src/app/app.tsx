import { lazy, Suspense, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './providers';
import { appRoutes } from './routes';
import { createPersistedStore } from './store';

// Registering the service worker and its "new version" prompt wait for the first render (issue 19's
// first-load budget; web-0008). A chunk that cannot be fetched leaves the app as a worker that fails
// to register does (update-prompt.tsx): online only, with nothing to tell the person.
const UpdatePrompt = lazy(() =>
  import('../components/feedback/update-prompt').then(
    ({ UpdatePrompt }) => ({ default: UpdatePrompt }),
    () => ({ default: () => null }),
  ),
);

/**
 * The whole app: persisted store, providers and the browser router over the route table.
 */
export function App() {
  const [store] = useState(createPersistedStore);
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return (
    <Providers store={store}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
    </Providers>
  );
}
