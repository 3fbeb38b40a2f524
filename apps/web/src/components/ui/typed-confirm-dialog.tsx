import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Button } from './button';
import { Dialog } from './dialog';
import { Input } from './input';

export interface TypedConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The word the person must type, e.g. `unlock`. */
  word: string;
  /** Toasted when the typed text is not the word. */
  mismatchText: string;
  confirmLabel: string;
  onConfirm: () => void;
}

/**
 * A modal that asks the person to type a word before a risky action (product spec §5), instead of
 * `window.prompt`: a labelled field, the action runs only when the exact word was typed.
 */
export function TypedConfirmDialog({
  open,
  onOpenChange,
  title,
  word,
  mismatchText,
  confirmLabel,
  onConfirm,
}: TypedConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const close = (next: boolean) => {
    if (!next) setTyped('');
    onOpenChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim() !== word) {
      toast.error(mismatchText);
      return;
    }
    setTyped('');
    onConfirm();
  };
  return (
    <Dialog open={open} onOpenChange={close} title={title} description={`Type "${word}" to confirm.`}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <Input
          label={`Type ${word} to confirm`}
          value={typed}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit">{confirmLabel}</Button>
        </div>
      </form>
    </Dialog>
  );
}
