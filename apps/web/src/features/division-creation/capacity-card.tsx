import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { estimatedDivisions, tooManyDivisionsText } from './division-size';

export interface CapacityCardProps {
  /** Students of the semester still to be placed: the estimate under the field is counted from them. */
  totalStudents: number;
  planning: boolean;
  /** The server's refusal of the size, shown under the field until the admin edits it. */
  sizeError?: string | null;
  onPlan: (maxStudents: string) => void;
  /** The admin changed the size (a shown refusal no longer applies). */
  onSizeEdited?: () => void;
  onManual: () => void;
}

/**
 * What "Maximum Division Count" (a spec-quoted label that reads like a number of divisions) means,
 * said beside it: the label cannot change, so the hint carries the meaning.
 */
export const MAX_SIZE_HINT = 'The most students one division may hold';

/**
 * "Set Division Capacity Range": the "Maximum Division Count" (the most students a division may
 * hold, sent as typed; the server explains a bad value) and "Set Division Capacity", which asks
 * the planner for a suggestion. Planning can take a few seconds, so the button says so meanwhile.
 * Manual mode starts here too. The quoted label reads like a number of divisions, so a helper line
 * says it is the most students one division may hold, and the estimate under it warns before a silly
 * plan is asked for. A refused size is explained under the field in the server's plain words.
 */
export function CapacityCard({
  totalStudents,
  planning,
  sizeError,
  onPlan,
  onSizeEdited,
  onManual,
}: CapacityCardProps) {
  const [maxStudents, setMaxStudents] = useState('');
  const estimate = estimatedDivisions(totalStudents, maxStudents);
  const warning = estimate === null ? null : tooManyDivisionsText(estimate);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onPlan(maxStudents);
  };
  return (
    <form
      onSubmit={submit}
      // The size is sent as typed (product spec §5); the server's message explains a bad one.
      noValidate
      aria-labelledby="capacity-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="capacity-title" className="text-lg font-semibold text-slate-900">
        Set Division Capacity Range
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-56">
          <Input
            label="Maximum Division Count"
            hint={MAX_SIZE_HINT}
            error={sizeError}
            type="number"
            inputMode="numeric"
            min={1}
            value={maxStudents}
            onChange={(event) => {
              setMaxStudents(event.target.value);
              onSizeEdited?.();
            }}
          />
        </div>
        <Button type="submit" disabled={planning}>
          {planning ? <Spinner label="Planning divisions" className="text-white [&_svg]:size-4" /> : null}
          Set Division Capacity
        </Button>
        <Button variant="secondary" disabled={planning} onClick={onManual}>
          Arrange divisions manually
        </Button>
      </div>
      <div aria-live="polite" className="flex flex-col gap-2 text-sm">
        {estimate !== null ? (
          <p className="text-slate-600">
            {totalStudents} students, at most {maxStudents.trim()} in a division: about {estimate}{' '}
            {estimate === 1 ? 'division' : 'divisions'}.
          </p>
        ) : null}
        {warning ? (
          <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">{warning}</p>
        ) : null}
      </div>
      {planning ? (
        <p className="text-sm text-slate-600" aria-live="polite">
          Planning divisions… this can take a few seconds.
        </p>
      ) : null}
    </form>
  );
}
