import { PageTitle } from '../../lib/page-title';
import { BackHomeLink } from './back-home-link';
import { StatusPage } from './status-page';

/**
 * The catch-all page for unknown addresses (product spec §2).
 */
export function NotFound() {
  return (
    <StatusPage headline="404" title="Page Not Found" actions={<BackHomeLink />}>
      <PageTitle title="Page Not Found" />
      <p>Sorry, we couldn&apos;t find the page you&apos;re looking for.</p>
    </StatusPage>
  );
}
