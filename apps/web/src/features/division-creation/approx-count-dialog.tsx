import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { parseApproxCount } from './manual-divisions';

export interface ApproxCountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onStart: (count: number) => void;
}

/**
 * Manual mode's prompt for the approximate division count (product spec §5): an empty answer shows
 * 'please enter apporx division count' under the field; 0, negatives, fractions and text get their
 * own message (`parseApproxCount`), and no board starts until the answer is a whole number.
 */
export function ApproxCountDialog({ open, onOpenChange, onStart }: ApproxCountDialogProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = (next: boolean) => {
    if (!next) {
      setText('');
      setError(null);
    }
    onOpenChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseApproxCount(text);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    close(false);
    onStart(parsed.count);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Arrange divisions manually"
      description="How many divisions, approximately? Groups are then dragged into numbered boxes."
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Input
          label="Approximate division count"
          type="number"
          inputMode="numeric"
          min={1}
          value={text}
          error={error}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit">Start</Button>
        </div>
      </form>
    </Dialog>
  );
}
