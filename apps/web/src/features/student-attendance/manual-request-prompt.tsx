import { lazy, Suspense, type ComponentProps } from 'react';
import { useOpenedOnce } from '../../lib/use-opened-once';

// The request's dialog (Radix) loads when first asked for: the lecture cards render without it.
const ManualRequestDialog = lazy(() =>
  import('./manual-request-dialog').then((m) => ({ default: m.ManualRequestDialog })),
);

/** `ManualRequestDialog`, loaded and rendered from the first time a lecture is being asked about. */
export function ManualRequestPrompt(props: ComponentProps<typeof ManualRequestDialog>) {
  const askedOnce = useOpenedOnce(props.lecture !== null);
  if (!askedOnce) return null;
  return (
    <Suspense fallback={null}>
      <ManualRequestDialog {...props} />
    </Suspense>
  );
}
