import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cx } from '../../lib/cx';

export interface TableScrollProps {
  /** What the table is, read out when keyboard focus enters the scrolling region. */
  label: string;
  className?: string;
  children: ReactNode;
}

/** True while the frame's content is wider than the frame (columns are hidden to the side). */
function useOverflows(ref: React.RefObject<HTMLDivElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/**
 * A horizontally scrolling frame for a wide table on a narrow screen. It is a named, focusable
 * region so that keyboard users can scroll it too (WCAG 2.1.1): a table of plain text has nothing
 * else to focus. While columns are hidden to the side, a line under it says so: a cut-off table
 * otherwise looks complete.
 */
export function TableScroll({ label, className, children }: TableScrollProps) {
  const frame = useRef<HTMLDivElement>(null);
  const overflows = useOverflows(frame);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div
        ref={frame}
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
      {overflows ? (
        <p className="text-xs text-slate-500">More columns to the side: scroll the table sideways.</p>
      ) : null}
    </div>
  );
}
