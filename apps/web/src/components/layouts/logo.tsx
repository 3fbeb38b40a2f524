import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../lib/env';

/**
 * The product mark and name, as a link (to `/` on public pages, to the person's home inside).
 */
export function Logo({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
    >
      <span
        aria-hidden
        className="flex size-8 items-center justify-center rounded-lg bg-brand-600 font-bold text-white"
      >
        R
      </span>
      <span className="text-lg font-semibold tracking-tight text-slate-900">{PRODUCT_NAME}</span>
    </Link>
  );
}
