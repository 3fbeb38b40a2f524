import { PageTitle } from '../../lib/page-title';
import { BackHomeLink } from './back-home-link';
import { StatusPage } from './status-page';

/** The heading of the /502 page. */
export const SERVER_UNAVAILABLE_TITLE = 'Server Unavailable';

/**
 * The /502 page, shown when the liveness probe before a protected screen fails (contract §3.3).
 * "Try again" goes back to `/`, which runs the probe again.
 */
export function ServerUnavailable() {
  return (
    <StatusPage headline="502" title={SERVER_UNAVAILABLE_TITLE} actions={<BackHomeLink label="Try again" />}>
      <PageTitle title={SERVER_UNAVAILABLE_TITLE} />
      <p>We can&apos;t reach the Rollbook server right now. Please try again in a moment.</p>
    </StatusPage>
  );
}
