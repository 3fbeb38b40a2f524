import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { cx } from '../../lib/cx';

/** One destination of the page navigation. */
export interface PageNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

export interface PageNavListProps {
  items: readonly PageNavItem[];
  /** Called after a link is followed (the phone menu closes itself with it). */
  onNavigate?: () => void;
}

/**
 * The list of a role's pages. The current page is marked with `aria-current="page"` (NavLink does
 * it), so screen readers announce where the person is, and it is highlighted for everyone else.
 */
export function PageNavList({ items, onNavigate }: PageNavListProps) {
  return (
    <ul className="flex flex-col gap-1">
      {items.map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <NavLink
            to={to}
            end
            onClick={onNavigate}
            className={({ isActive }) =>
              cx(
                'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
                isActive
                  ? 'bg-brand-50 text-brand-700'
                  : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
              )
            }
          >
            <Icon className="size-5 shrink-0" aria-hidden />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
