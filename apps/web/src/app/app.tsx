import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { UpdatePrompt } from '../components/feedback/update-prompt';
import { Providers } from './providers';
import { appRoutes } from './routes';
import { createPersistedStore } from './store';

/**
 * The whole app: persisted store, providers and the browser router over the route table.
 */
export function App() {
  const [store] = useState(createPersistedStore);
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return (
    <Providers store={store}>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </Providers>
  );
}
