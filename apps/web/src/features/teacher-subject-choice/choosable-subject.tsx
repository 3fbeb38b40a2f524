import type { Subject } from '@rollbook/contract';
import { Check } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { cx } from '../../lib/cx';

export interface ChoosableSubjectProps {
  subject: Subject;
  selected: boolean;
  onToggle: () => void;
}

/**
 * A subject the teacher may pick: name, code, category, semester, the other branches offering
 * it and the colleagues who already chose it, with a pressed/unpressed select button.
 */
export function ChoosableSubject({ subject, selected, onToggle }: ChoosableSubjectProps) {
  const colleagues = subject.teachers?.map((teacher) => teacher.profile__name) ?? [];
  const branches = subject.similar_subjects?.map((twin) => twin.branch_name) ?? [];
  return (
    <li
      className={cx(
        'flex items-start justify-between gap-3 rounded-xl border bg-white p-4 shadow-sm',
        selected ? 'border-brand-600 ring-2 ring-brand-200' : 'border-slate-200',
      )}
    >
      <div className="flex flex-col gap-1">
        <p className="font-medium text-slate-900">{subject.subject_name}</p>
        <p className="text-sm text-slate-600">
          {subject.subject_code} · {subject.category} · Sem {subject.sem_year}
        </p>
        {branches.length > 0 ? (
          <p className="text-xs text-slate-500">Also offered by {branches.join(', ')}</p>
        ) : null}
        {colleagues.length > 0 ? (
          <p className="text-xs text-slate-500">Chosen by {colleagues.join(', ')}</p>
        ) : null}
      </div>
      <div className="flex flex-col items-end gap-2">
        {subject.is_technical === false ? <Badge tone="warning">Non-Tech.</Badge> : null}
        <button
          type="button"
          aria-pressed={selected}
          aria-label={`Choose ${subject.subject_name}`}
          onClick={onToggle}
          className={cx(
            'inline-flex items-center gap-1 rounded-lg border px-3 py-1.5 text-sm font-medium',
            'focus-visible:outline-2 focus-visible:outline-brand-600',
            selected ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 text-slate-800',
          )}
        >
          {selected ? <Check className="size-4" aria-hidden /> : null}
          {selected ? 'Chosen' : 'Choose'}
        </button>
      </div>
    </li>
  );
}
