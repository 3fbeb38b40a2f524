import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { dateInputToUnixSeconds } from './deadline';

/** Toasted when the confirmation word is wrong (product spec §5). */
export const EXTEND_MISMATCH_TEXT = 'Please re-type "yes" to update the deadline';

export interface ExtendDeadlineDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  /** The deadline now in force (YYYY-MM-DD), shown so the new one can be chosen after it. */
  currentDeadline?: string | null;
  /** Receives the new deadline in unix seconds. */
  onExtend: (deadlineTimestamp: number) => void;
}

/**
 * The "Extend Deadline" dialog (contract §9.6): a new date and the word `yes` typed to confirm.
 */
export function ExtendDeadlineDialog({
  open,
  onOpenChange,
  busy,
  currentDeadline,
  onExtend,
}: ExtendDeadlineDialogProps) {
  const [date, setDate] = useState('');
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const seconds = dateInputToUnixSeconds(date);
    if (seconds === null) {
      toast.error('Please select the new deadline');
      return;
    }
    if (typed.trim() !== 'yes') {
      toast.error(EXTEND_MISMATCH_TEXT);
      return;
    }
    onExtend(seconds);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Extend Deadline"
      description={currentDeadline ? `Current deadline: ${currentDeadline}` : undefined}
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <Input
          type="date"
          label="New deadline"
          min={currentDeadline ?? undefined}
          hint={currentDeadline ? `Choose a day after ${currentDeadline}.` : undefined}
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
        <Input
          label="Type yes to confirm"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit" disabled={busy}>
          Update Deadline
        </Button>
      </form>
    </Dialog>
  );
}
