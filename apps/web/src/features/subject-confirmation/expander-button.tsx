import { ChevronDown } from 'lucide-react';
import { cx } from '../../lib/cx';

/**
 * The Action column's toggle that shows or hides a row's remaining choices.
 */
export function ExpanderButton({
  label,
  expanded,
  onToggle,
}: {
  label: string;
  expanded: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-expanded={expanded}
      aria-label={label}
      onClick={onToggle}
      className="rounded-md p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <ChevronDown className={cx('size-5 transition-transform', expanded && 'rotate-180')} aria-hidden />
    </button>
  );
}
