import type { Subject } from '@rollbook/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { dateInputToUnixSeconds } from './deadline';
import { SidePanel } from '../../components/ui/side-panel';

/** What the panel submits: the non-technical subset and the deadline in unix seconds. */
export interface LockSubjectsChoice {
  nonTechSubjects: string[];
  deadlineTimestamp: number | null;
}

export interface LockSubjectsPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  subjects: readonly Subject[];
  busy: boolean;
  onLock: (choice: LockSubjectsChoice) => void;
}

/**
 * The admin's lock panel (contract §9.4, §12.2): every selected subject has a "Tech." box, checked
 * by default (unchecked ones are sent as non-technical), and a "Set timeline for subject
 * selection" date.
 */
export function LockSubjectsPanel({ open, onOpenChange, subjects, busy, onLock }: LockSubjectsPanelProps) {
  const [nonTech, setNonTech] = useState<ReadonlySet<string>>(new Set());
  const [deadline, setDeadline] = useState('');
  const toggle = (slug: string) =>
    setNonTech((current) => {
      const next = new Set(current);
      if (next.has(slug)) next.delete(slug);
      else next.add(slug);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onLock({
      nonTechSubjects: subjects.filter((subject) => nonTech.has(subject.slug)).map((subject) => subject.slug),
      deadlineTimestamp: dateInputToUnixSeconds(deadline),
    });
  };
  return (
    <SidePanel open={open} onOpenChange={onOpenChange} title="Lock Subjects">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <ul className="flex flex-col gap-2">
          {subjects.map((subject) => (
            <li
              key={subject.slug}
              className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-3"
            >
              <span className="text-sm">
                <span className="font-medium text-slate-900">{subject.subject_name}</span>{' '}
                <span className="text-slate-500">{subject.subject_code}</span>
              </span>
              <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
                <input
                  type="checkbox"
                  aria-label={`Tech. ${subject.subject_name}`}
                  checked={!nonTech.has(subject.slug)}
                  onChange={() => toggle(subject.slug)}
                  className="size-4 accent-brand-600"
                />
                Tech.
              </label>
            </li>
          ))}
        </ul>
        <Input
          type="date"
          label="Set timeline for subject selection"
          value={deadline}
          onChange={(event) => setDeadline(event.target.value)}
        />
        <Button type="submit" disabled={busy}>
          Lock Subject
        </Button>
      </form>
    </SidePanel>
  );
}
