import { Button } from './button';

/**
 * Previous / next page buttons under a paged list, with where the reader is ("Page 2 of 5 · 48
 * people"). `label` names the navigation for assistive technology ("Pages of people"); `count` says
 * how many items the whole list holds, in the list's own words.
 */
export function Pager({
  page,
  pages,
  label,
  count,
  onPage,
}: {
  page: number;
  pages: number;
  label: string;
  count: string;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-slate-700">
        Page {page} of {pages} · {count}
      </p>
      <div className="flex gap-2">
        <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous page
        </Button>
        <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next page
        </Button>
      </div>
    </nav>
  );
}
