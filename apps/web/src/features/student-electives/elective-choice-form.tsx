import type { SubjectCategory } from '@rollbook/contract';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';

/** Toasted when a category has no pick (contract §11.2). */
export const ONE_PER_CATEGORY_TEXT = 'Please select one subject from each category';

export interface ElectiveChoiceFormProps {
  categories: readonly SubjectCategory[];
  busy: boolean;
  /** Receives one subject slug per category, in category order. */
  onSave: (subjectSlugs: string[]) => void;
}

/**
 * One radio group per elective category; saving needs exactly one subject in each.
 */
export function ElectiveChoiceForm({ categories, busy, onSave }: ElectiveChoiceFormProps) {
  const [picks, setPicks] = useState<Readonly<Record<string, string>>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const slugs = categories.map((category) => picks[category.slug]);
    if (slugs.some((slug) => !slug)) {
      toast.error(ONE_PER_CATEGORY_TEXT);
      return;
    }
    onSave(slugs.filter((slug): slug is string => Boolean(slug)));
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      {categories.map((category) => (
        <fieldset key={category.slug} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <legend className="px-1 font-semibold text-slate-900">{category.category}</legend>
          <div className="flex flex-col gap-2">
            {category.subjects.map((subject) => (
              <label
                key={subject.slug}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name={category.slug}
                  value={subject.slug}
                  checked={picks[category.slug] === subject.slug}
                  onChange={() => setPicks((current) => ({ ...current, [category.slug]: subject.slug }))}
                  className="size-4 accent-brand-600"
                />
                <span className="flex flex-col">
                  <span className="font-medium text-slate-900">{subject.subject_name}</span>
                  <span className="text-sm text-slate-500">{subject.subject_code}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <Button type="submit" disabled={busy} className="self-end">
        Save
      </Button>
    </form>
  );
}
