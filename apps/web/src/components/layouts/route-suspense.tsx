import { Suspense, type ReactNode } from 'react';
import { Spinner } from '../ui/spinner';

/**
 * The fallback shown while a lazily loaded page's code arrives.
 */
export function RouteSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-16">
          <Spinner label="Loading page" />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
