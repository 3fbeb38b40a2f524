import { LoaderCircle } from 'lucide-react';
import { cx } from '../../lib/cx';

/**
 * A spinning indicator with an accessible label ("Loading" unless told otherwise).
 */
export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cx('inline-flex items-center text-brand-600', className)}>
      <LoaderCircle className="size-6 animate-spin" aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}
