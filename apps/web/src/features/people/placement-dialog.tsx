import { useState, type FormEvent } from 'react';
import type { PlaceStudentBody, Person, StudentPlacement } from '@rollbook/contract';
import { readableDay } from '../../components/session-sheet/readable-day';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText } from '../../lib/api/api-error';
import { usePlaceStudentMutation, useStudentPlacementQuery } from './people-api';
import { displayName } from './people-text';
import {
  coreBatches,
  divisionOf,
  electiveGroups,
  isUnchanged,
  placeBody,
  placementDraft,
  placementProblems,
  placementText,
  whereNow,
  type PlacementDraft,
  type PlacementField,
  type PlacementProblems,
} from './placement-form';

/** What the page is told after a save: the new placement in words and its first day; null: nothing changed. */
export interface PlacedStudent {
  where: string;
  since: string;
}

export interface PlacementDialogProps {
  person: Person;
  onClose: () => void;
  onPlaced: (placed: PlacedStudent | null) => void;
}

const FIRST_DAY_HINT =
  'The day the student joins the new division and batches. Lectures held before it do not count for ' +
  'or against the student there; their marks so far stay as they are.';

function PlacementForm({
  person,
  placement,
  onClose,
  onPlaced,
}: PlacementDialogProps & { placement: StudentPlacement }) {
  const [draft, setDraft] = useState<PlacementDraft>(() => placementDraft(placement));
  const [problems, setProblems] = useState<PlacementProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<PlaceStudentBody | null>(null);
  const [place, placing] = usePlaceStudentMutation();

  const division = divisionOf(placement, draft.divisionSlug);
  const cores = coreBatches(division);
  const electives = electiveGroups(division);
  const name = displayName(person);
  const moving = placement.division_slug !== null;

  const change = (next: Partial<PlacementDraft>, ...fields: PlacementField[]) => {
    setDraft((current) => ({ ...current, ...next }));
    setProblems((current) => {
      const left = { ...current };
      for (const field of fields) delete left[field];
      return left;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = placementProblems(draft, placement);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const body = placeBody(draft, placement);
    if (isUnchanged(body, placement)) {
      onPlaced(null);
      return;
    }
    setAsking(body);
  };

  const confirm = async (body: PlaceStudentBody) => {
    const result = await place({ slug: person.slug, body });
    if ('error' in result) setFailure(errorText(result.error, 'The student could not be placed'));
    else
      onPlaced({
        where: placementText(result.data, body.division_slug, body.batch_slugs),
        since: body.since,
      });
  };

  return (
    <>
      <p className="mb-4 text-sm text-slate-700">
        Semester {placement.semester.no}, {placement.semester.stream_title}. {whereNow(placement)}
      </p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {placement.divisions.length === 0 ? (
          <p className="text-sm text-slate-700">This semester has no divisions yet.</p>
        ) : null}
        <NativeSelect
          label="Division"
          value={draft.divisionSlug}
          placeholder="Choose a division"
          options={placement.divisions.map((d) => ({ value: d.slug, label: d.name }))}
          error={problems.divisionSlug}
          // Another division has other batches: its choices start again.
          onChange={(value) =>
            change(
              { divisionSlug: value, coreBatchSlug: '', electiveSlugs: {} },
              'divisionSlug',
              'coreBatchSlug',
              'batches',
            )
          }
        />
        {cores.length > 0 ? (
          <NativeSelect
            label="Lab batch"
            value={draft.coreBatchSlug}
            placeholder="Choose a lab batch"
            options={cores.map((b) => ({ value: b.slug, label: b.name }))}
            error={problems.coreBatchSlug}
            onChange={(value) => change({ coreBatchSlug: value }, 'coreBatchSlug', 'batches')}
          />
        ) : null}
        {electives.map((group) => (
          <NativeSelect
            key={group.subject}
            label={`Elective batch: ${group.subject}`}
            value={draft.electiveSlugs[group.subject] ?? ''}
            placeholder="None"
            options={group.batches.map((b) => ({ value: b.slug, label: b.name }))}
            onChange={(value) =>
              change({ electiveSlugs: { ...draft.electiveSlugs, [group.subject]: value } }, 'batches')
            }
          />
        ))}
        {problems.batches ? <p className="text-sm text-red-600">{problems.batches}</p> : null}
        <Input
          label="First day"
          type="date"
          value={draft.since}
          min={placement.earliest ?? undefined}
          max={placement.today}
          hint={FIRST_DAY_HINT}
          error={problems.since}
          onChange={(event) => change({ since: event.target.value }, 'since')}
        />
        {failure ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {failure}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={placing.isLoading || placement.divisions.length === 0}>
            {placing.isLoading ? 'Saving...' : moving ? 'Move student' : 'Place student'}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={moving ? `Move ${name}?` : `Place ${name}?`}
        question={
          asking
            ? `${name} will be ${moving ? 'moved to' : 'placed in'} ${placementText(placement, asking.division_slug, asking.batch_slugs)}, from ${readableDay(asking.since)}. Lectures held before that day do not count for or against them in the new division or batches; their marks so far stay as they are.`
            : ''
        }
        confirmLabel={moving ? 'Move' : 'Place'}
        onConfirm={() => {
          if (asking) void confirm(asking);
        }}
      />
    </>
  );
}

/**
 * Places a student in a division and its batches from a given first day, or moves them: where they
 * are now in a sentence, the semester's divisions and batches to choose from, the server's rules
 * checked under each field before anything is sent, a confirmation naming the change, and the
 * server's refusal shown in the dialog with the choices kept.
 */
export function PlacementDialog({ person, onClose, onPlaced }: PlacementDialogProps) {
  // Asked afresh each time it opens: someone else may have moved the student since.
  const placement = useStudentPlacementQuery(person.slug, { refetchOnMountOrArgChange: true });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Division and batches of ${displayName(person)}`}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
    >
      {placement.isLoading ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">Loading the division and batches...</span>
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : null}
      {placement.isError ? (
        <div className="flex flex-col gap-4">
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {errorText(placement.error, 'The division and batches could not be loaded')}
          </p>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      ) : null}
      {placement.data && !placement.isError ? (
        <PlacementForm person={person} placement={placement.data} onClose={onClose} onPlaced={onPlaced} />
      ) : null}
    </Dialog>
  );
}
