import { useId, useState, type FormEvent } from 'react';
import type { AddedPerson, PeopleOptions, Person, PersonRole } from '@rollbook/contract';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { errorText } from '../../lib/api/api-error';
import { textFieldBinder } from '../../lib/forms/text-field';
import { useAddPersonMutation, useEditPersonMutation } from './people-api';
import {
  addBody,
  addProblems,
  draftOf,
  editBody,
  editProblems,
  emptyDraft,
  ownBranchSlugs,
  semesterChoices,
  type DraftProblems,
  type PersonDraft,
} from './person-form';
import { inLabelOrder } from '../../lib/option-order';

export type PersonDialogMode = { kind: 'add' } | { kind: 'edit'; person: Person };

export interface PersonDialogProps {
  mode: PersonDialogMode;
  options: PeopleOptions | undefined;
  onClose: () => void;
  onAdded: (added: AddedPerson) => void;
  /** `person` is null when nothing had changed. */
  onSaved: (person: Person | null) => void;
}

const ROLE_OPTIONS = [
  { value: 'student', label: 'Student' },
  { value: 'teacher', label: 'Teacher' },
] as const;

function BranchChecks({
  options,
  value,
  error,
  onChange,
}: {
  options: PeopleOptions | undefined;
  value: string[];
  error: string | undefined;
  onChange: (slugs: string[]) => void;
}) {
  const errorId = useId();
  const toggle = (slug: string, on: boolean) => {
    const all = options?.branches.map((b) => b.slug) ?? [];
    const next = on ? [...value, slug] : value.filter((s) => s !== slug);
    // Kept in the order the teacher already had, new ones in the list's order.
    onChange([
      ...value.filter((s) => next.includes(s)),
      ...all.filter((s) => next.includes(s) && !value.includes(s)),
    ]);
  };
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-slate-700">Branches taught in</legend>
      {options?.branches.map((branch) => (
        <label key={branch.slug} className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={value.includes(branch.slug)}
            onChange={(event) => toggle(branch.slug, event.target.checked)}
          />
          {branch.branch_name} ({branch.branch_code})
        </label>
      ))}
      {error ? (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Adds a teacher or a student, or edits one: labelled fields, the contract's own checks shown under
 * each field before anything is sent, and the server's answer (a taken email, an unknown branch)
 * shown in the dialog.
 */
export function PersonDialog({ mode, options, onClose, onAdded, onSaved }: PersonDialogProps) {
  const editing = mode.kind === 'edit' ? mode.person : null;
  const [draft, setDraft] = useState<PersonDraft>(() =>
    editing ? draftOf(editing, options) : emptyDraft('student', options),
  );
  const [problems, setProblems] = useState<DraftProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [add, adding] = useAddPersonMutation();
  const [edit, saving] = useEditPersonMutation();
  const busy = adding.isLoading || saving.isLoading;

  const set = <K extends keyof PersonDraft>(key: K, value: PersonDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const field = textFieldBinder(draft, problems, set);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!editing) {
      const found = addProblems(draft);
      setProblems(found);
      if (Object.keys(found).length > 0) return;
      const result = await add(addBody(draft));
      if ('error' in result) setFailure(errorText(result.error, 'The person could not be added'));
      else onAdded(result.data);
      return;
    }
    const body = editBody(editing, draft, options);
    if (!body) {
      onSaved(null);
      return;
    }
    const found = editProblems(body);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const result = await edit({ slug: editing.slug, body });
    if ('error' in result) setFailure(errorText(result.error, 'The changes could not be saved'));
    else onSaved(result.data);
  };

  const role: PersonRole = editing?.role ?? draft.role;
  const otherBranches = editing
    ? editing.branches.filter((b) => !ownBranchSlugs(editing, options).includes(b.slug))
    : [];
  const semesters = semesterChoices(options, draft.branchSlug);
  if (editing?.semester && draft.branchSlug === editing.branches[0]?.slug) {
    if (!semesters.some((s) => s.value === editing.semester?.slug))
      semesters.unshift({ value: editing.semester.slug, label: `Semester ${editing.semester.no} (current)` });
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={editing ? `Edit ${editing.name ?? editing.email}` : 'Add a person'}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        {editing ? null : (
          <NativeSelect
            label="Role"
            value={draft.role}
            placeholder="Choose a role"
            options={ROLE_OPTIONS}
            onChange={(value) => {
              if (value === 'teacher' || value === 'student') set('role', value);
            }}
          />
        )}
        <Input label="Name" autoComplete="off" {...field('name')} />
        <Input label="Email" type="email" autoComplete="off" {...field('email')} />
        {role === 'teacher' ? (
          <>
            <Input label="Teacher code" autoComplete="off" {...field('teacherCode')} />
            <BranchChecks
              options={options}
              value={draft.branchSlugs}
              error={problems.branchSlugs}
              onChange={(slugs) => set('branchSlugs', slugs)}
            />
            {otherBranches.length > 0 ? (
              <p className="text-sm text-slate-600">
                Also teaches in {otherBranches.map((b) => b.branch_name).join(', ')} (not one of your
                branches, so it stays).
              </p>
            ) : null}
          </>
        ) : (
          <>
            <Input label="Enrolment number" autoComplete="off" {...field('enrollment')} />
            <NativeSelect
              label="Branch"
              value={draft.branchSlug}
              placeholder="Choose a branch"
              options={inLabelOrder(
                (options?.branches ?? []).map((b) => ({ value: b.slug, label: b.branch_name })),
              )}
              onChange={(value) =>
                setDraft((current) => ({ ...current, branchSlug: value, semesterSlug: '' }))
              }
            />
            {problems.branchSlug ? <p className="text-sm text-red-600">{problems.branchSlug}</p> : null}
            <NativeSelect
              label="Semester"
              value={draft.semesterSlug}
              placeholder="No semester"
              options={semesters}
              onChange={(value) => set('semesterSlug', value)}
            />
          </>
        )}
        {editing ? null : (
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-brand-600"
              checked={draft.sendInvitation}
              onChange={(event) => set('sendInvitation', event.target.checked)}
            />
            Send an invitation e-mail now (a link to choose a password, valid for 7 days)
          </label>
        )}
        {failure ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {failure}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {editing ? (busy ? 'Saving...' : 'Save changes') : busy ? 'Adding...' : 'Add person'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
