import { House, LogOut, Menu, UserRound } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { Logo } from './logo';
import { PageNavList, type PageNavItem } from './page-nav';
import { RouteSuspense } from './route-suspense';

// The menu's sheet (Radix dialog) loads when first opened: no page needs it to render.
const Sheet = lazy(() => import('../ui/sheet').then((m) => ({ default: m.Sheet })));

export interface ProtectedLayoutProps {
  /** The signed-in person's home (logo and Home button). */
  homePath: string;
  /** Avatar text, or null to show no avatar. */
  initials: string | null;
  /** Full name, for the avatar's accessible label. */
  displayName: string | null;
  onProfile: () => void;
  onLogout: () => void;
  /** The notification bell (a feature, composed in by the app). */
  bell: ReactNode;
  /** The pages of the person's role: a sidebar on wide screens, a "Menu" sheet on phones. */
  navItems: readonly PageNavItem[];
  children: ReactNode;
}

/** The look of a bottom-bar button, shared with the bell the app composes into the bar. */
export const BOTTOM_BAR_BUTTON_CLASS =
  'relative flex flex-col items-center gap-0.5 rounded-xl px-3 py-1.5 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * The frame of every signed-in page: a top header (logo to the dashboard, avatar with initials),
 * the role's pages (a sidebar from the `lg` breakpoint, otherwise a "Menu" button in the bottom
 * bar that opens them in a sheet), the page, and a floating bottom bar with Home, Profile, Logout
 * and the notification bell. The page gets bottom padding so the bar never hides its last line.
 */
export function ProtectedLayout({
  homePath,
  initials,
  displayName,
  onProfile,
  onLogout,
  bell,
  navItems,
  children,
}: ProtectedLayoutProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuOpened = useOpenedOnce(menuOpen);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="sticky top-0 z-30 flex items-center justify-between border-b border-slate-200 bg-white/90 px-4 py-3 backdrop-blur sm:px-6">
        <Logo to={homePath} />
        {initials ? (
          <span
            role="img"
            aria-label={displayName ?? initials}
            title={displayName ?? undefined}
            className="flex size-10 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
          >
            {initials}
          </span>
        ) : null}
      </header>
      <div className="mx-auto flex w-full max-w-[96rem] flex-1">
        {navItems.length > 0 ? (
          <nav
            aria-label="Pages"
            className="sticky top-[65px] hidden h-[calc(100dvh-65px)] w-60 shrink-0 overflow-y-auto border-r border-slate-200 px-3 py-6 lg:block"
          >
            <PageNavList items={navItems} />
          </nav>
        ) : null}
        <main className="mx-auto w-full max-w-7xl min-w-0 flex-1 px-4 pt-6 pb-28 sm:px-6">
          <RouteSuspense>{children}</RouteSuspense>
        </main>
      </div>
      <nav
        aria-label="Main"
        className="fixed bottom-4 left-1/2 z-30 flex -translate-x-1/2 items-center gap-1 rounded-2xl border border-slate-200 bg-white/95 px-2 py-1.5 shadow-lg backdrop-blur"
      >
        <Link to={homePath} className={BOTTOM_BAR_BUTTON_CLASS}>
          <House className="size-5" aria-hidden />
          Home
        </Link>
        {navItems.length > 0 ? (
          <button
            type="button"
            onClick={() => setMenuOpen(true)}
            aria-haspopup="dialog"
            className={`${BOTTOM_BAR_BUTTON_CLASS} lg:hidden`}
          >
            <Menu className="size-5" aria-hidden />
            Menu
          </button>
        ) : null}
        <button type="button" onClick={onProfile} className={BOTTOM_BAR_BUTTON_CLASS}>
          <UserRound className="size-5" aria-hidden />
          Profile
        </button>
        <button type="button" onClick={onLogout} className={BOTTOM_BAR_BUTTON_CLASS}>
          <LogOut className="size-5" aria-hidden />
          Logout
        </button>
        {bell}
      </nav>
      {menuOpened ? (
        <Suspense fallback={null}>
          <Sheet open={menuOpen} onOpenChange={setMenuOpen} title="Menu" heightClassName="max-h-[80vh]">
            <nav aria-label="Pages">
              <PageNavList items={navItems} onNavigate={() => setMenuOpen(false)} />
            </nav>
          </Sheet>
        </Suspense>
      ) : null}
    </div>
  );
}
