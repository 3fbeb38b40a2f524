import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageTitle } from '../../lib/page-title';
import { BackHomeLink } from './back-home-link';
import { StatusPage } from './status-page';

/**
 * The text describing a routing or rendering error: the response's status text, else the error's
 * message, else "Unknown error".
 */
export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || 'Unknown error';
  if (error instanceof Error && error.message) return error.message;
  return 'Unknown error';
}

/**
 * The router's error element: shown instead of a page that threw while loading or rendering.
 */
export function ErrorPage() {
  const error = useRouteError();
  return (
    <main className="min-h-dvh bg-slate-50">
      <StatusPage headline="Oops!" actions={<BackHomeLink />}>
        <PageTitle title="Error" />
        <p>Sorry, an unexpected error has occurred.</p>
        <p className="mt-2 font-mono text-sm text-slate-500">
          <i>{describeRouteError(error)}</i>
        </p>
      </StatusPage>
    </main>
  );
}
