import { Link } from 'react-router';
import { ROUTES } from '../../lib/routes';

/**
 * The "Back to home" button of the status pages: a link styled as a button, to `/` (which sends a
 * signed-in person to their own home and anyone else to /login).
 */
export function BackHomeLink({ label = 'Back to home' }: { label?: string }) {
  return (
    <Link
      to={ROUTES.home}
      className="inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      {label}
    </Link>
  );
}
