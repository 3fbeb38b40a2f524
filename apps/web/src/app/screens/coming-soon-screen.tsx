import { Construction } from 'lucide-react';
import { PageTitle } from '../../lib/page-title';

/**
 * The calm placeholder of a page that a later issue builds: its title and "This page is coming
 * soon.", inside the protected layout.
 */
export default function ComingSoonScreen({ title }: { title: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
      <PageTitle title={title} />
      <Construction className="size-10 text-brand-500" aria-hidden />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <p className="text-slate-600">This page is coming soon.</p>
    </section>
  );
}
