import { cx } from '../../lib/cx';

/**
 * A grey placeholder block that pulses while content loads; hidden from screen readers.
 */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cx('animate-pulse rounded-md bg-slate-200', className)} />;
}
