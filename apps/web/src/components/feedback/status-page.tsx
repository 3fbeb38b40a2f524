import type { ReactNode } from 'react';

export interface StatusPageProps {
  /** Big code or word at the top ("404", "Oops!"). */
  headline: string;
  title?: string;
  children?: ReactNode;
  actions?: ReactNode;
}

/**
 * The shared frame of the error, not-found, unavailable and maintenance pages: centred, calm,
 * readable on a phone.
 */
export function StatusPage({ headline, title, children, actions }: StatusPageProps) {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-3 px-6 py-12 text-center">
      <p className="text-6xl font-bold tracking-tight text-brand-600">{headline}</p>
      {title ? <h1 className="text-2xl font-semibold text-slate-900">{title}</h1> : null}
      <div className="text-slate-600">{children}</div>
      {actions ? <div className="mt-4 flex gap-3">{actions}</div> : null}
    </section>
  );
}
