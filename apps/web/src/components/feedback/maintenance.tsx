import { PageTitle } from '../../lib/page-title';
import { BackHomeLink } from './back-home-link';
import { StatusPage } from './status-page';

/**
 * The maintenance page (product spec §2).
 */
export function Maintenance() {
  return (
    <StatusPage headline="Maintenance" actions={<BackHomeLink />}>
      <PageTitle title="Maintenance" />
      <p>We are currently performing maintenance on our systems. We&apos;ll be back shortly!</p>
    </StatusPage>
  );
}
