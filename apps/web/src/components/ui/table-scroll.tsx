import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';

export interface TableScrollProps {
  /** What the table is, read out when keyboard focus enters the scrolling region. */
  label: string;
  className?: string;
  children: ReactNode;
}

/**
 * A horizontally scrolling frame for a wide table on a narrow screen. It is a named, focusable
 * region so that keyboard users can scroll it too (WCAG 2.1.1): a table of plain text has nothing
 * else to focus.
 */
export function TableScroll({ label, className, children }: TableScrollProps) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cx(
        'overflow-x-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600',
        className,
      )}
    >
      {children}
    </div>
  );
}
