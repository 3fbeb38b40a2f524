import type { DivisionDetail } from '@rollbook/contract';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/api/api-error';
import { useResetDivisionsMutation } from './division-creation-api';

/** Toasted once the divisions are gone and the semester can be planned again. */
export const DIVISIONS_DISCARDED = 'Divisions discarded: plan them again';

/** What the admin is asked before the divisions are discarded (it cannot be undone). */
export function planAgainQuestion(divisions: readonly DivisionDetail[]): string {
  const names = divisions.map((d) => d.division_name).join(', ');
  return [
    `This discards division${divisions.length === 1 ? '' : 's'} ${names} of this semester with their batches,`,
    "timetables and weekly lectures, and the semester's teacher load allocation. Students' elective choices",
    'are no longer frozen. It is possible only while none of these lectures has had a session. This cannot be undone.',
  ].join(' ');
}

/**
 * "Plan again" on the existing-divisions view (a Rollbook addition): asks first, then discards
 * the semester's divisions; a refusal (a session already held) is shown next to the button.
 */
export function PlanAgain({
  semesterSlug,
  divisions,
  onDiscarded,
}: {
  semesterSlug: string;
  divisions: readonly DivisionDetail[];
  onDiscarded: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [reset, resetting] = useResetDivisionsMutation();

  const discard = async () => {
    setProblem(null);
    const answer = await reset(semesterSlug);
    if (!answer.data) {
      setProblem(errorText(answer.error, 'Something went wrong'));
      return;
    }
    toast.success(DIVISIONS_DISCARDED);
    onDiscarded();
  };

  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="secondary" disabled={resetting.isLoading} onClick={() => setAsking(true)}>
        {resetting.isLoading ? (
          <Spinner label="Discarding divisions" className="[&_svg]:size-4" />
        ) : (
          <RotateCcw className="size-4" aria-hidden />
        )}
        Plan again
      </Button>
      {problem ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-800">
          {problem}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Plan the divisions again?"
        question={planAgainQuestion(divisions)}
        confirmLabel="Discard divisions"
        destructive
        onConfirm={() => void discard()}
      />
    </div>
  );
}
