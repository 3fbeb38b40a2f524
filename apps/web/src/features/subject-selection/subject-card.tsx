import type { Subject } from '@rollbook/contract';
import { Check, FileDown } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { cx } from '../../lib/cx';
import { subjectType } from './subject-type';

export interface SubjectCardProps {
  subject: Subject;
  selected: boolean;
  /** Absent when the selection is locked: the card is then read-only. */
  onToggle?: () => void;
}

function Field({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * One catalogue subject with every field of product spec §2 (type, code, effective year, hours,
 * marks, category, syllabus link, Tech/Non-tech tag) and a toggle for selecting it.
 */
export function SubjectCard({ subject, selected, onToggle }: SubjectCardProps) {
  return (
    <article
      aria-label={subject.subject_name}
      className={cx(
        'flex flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm',
        selected ? 'border-brand-600 ring-2 ring-brand-200' : 'border-slate-200',
      )}
    >
      <header className="flex items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-slate-900">{subject.subject_name}</h3>
          <p className="text-sm text-slate-600">Semester {subject.sem_year}</p>
        </div>
        {subject.is_technical !== null ? (
          <Badge tone={subject.is_technical ? 'brand' : 'warning'}>
            {subject.is_technical ? 'Tech' : 'Non-tech'}
          </Badge>
        ) : null}
      </header>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <Field label="Type" value={subjectType(subject)} />
        <Field label="Subject Code" value={subject.subject_code} />
        <Field label="Effective Year" value={subject.eff_from} />
        <Field
          label="L / T / P / Credit"
          value={`${subject.L} / ${subject.T} / ${subject.P} / ${Math.trunc(subject.credit)}`}
        />
        <Field
          label="E / M / I / V / Total"
          value={`${subject.E} / ${subject.M} / ${subject.I} / ${subject.V} / ${subject.total_marks}`}
        />
        <Field label="Category" value={subject.category} />
      </dl>
      <div className="flex items-center justify-between gap-2">
        {/* The server names the link (the subject's own, else the institution's template); none: no link. */}
        {subject.syllabus_url ? (
          <a
            href={subject.syllabus_url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            <FileDown className="size-4" aria-hidden />
            Syllabus PDF
          </a>
        ) : (
          <span />
        )}
        {onToggle ? (
          <button
            type="button"
            aria-pressed={selected}
            aria-label={`Select ${subject.subject_name}`}
            onClick={onToggle}
            className={cx(
              'inline-flex items-center gap-1 rounded-lg border px-3 py-1.5 text-sm font-medium',
              'focus-visible:outline-2 focus-visible:outline-brand-600',
              selected ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 text-slate-800',
            )}
          >
            {selected ? <Check className="size-4" aria-hidden /> : null}
            {selected ? 'Selected' : 'Select'}
          </button>
        ) : selected ? (
          <Badge tone="success">Locked</Badge>
        ) : null}
      </div>
    </article>
  );
}
