import { useId, useState, type FormEvent } from 'react';
import { MANUAL_REQUEST_COMMENT_MAX_LENGTH, type LectureStudent } from '@rollbook/contract';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { ATTENDANCE_TEXT } from './attendance-text';

/**
 * The comment prompt of "Manual Marking Request" (product spec §5: the comment must be non-empty,
 * otherwise nothing is sent), as an accessible dialog rather than `window.prompt`.
 */
export function ManualRequestDialog({
  lecture,
  sending,
  onCancel,
  onSend,
}: {
  lecture: LectureStudent | null;
  sending: boolean;
  onCancel: () => void;
  onSend: (comment: string) => void;
}) {
  const [comment, setComment] = useState('');
  const fieldId = useId();
  const trimmed = comment.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === '') return;
    onSend(trimmed);
    setComment('');
  };
  return (
    <Dialog
      open={lecture !== null}
      onOpenChange={(open) => {
        if (!open) {
          setComment('');
          onCancel();
        }
      }}
      title={ATTENDANCE_TEXT.manualButton}
      description={
        lecture
          ? `Ask the teacher of ${lecture.subject.subject_map.subject_name} to mark you present.`
          : undefined
      }
    >
      <form onSubmit={submit} className="flex flex-col gap-3">
        <label htmlFor={fieldId} className="text-sm font-medium text-slate-700">
          Comment
        </label>
        <textarea
          id={fieldId}
          required
          maxLength={MANUAL_REQUEST_COMMENT_MAX_LENGTH}
          rows={3}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          placeholder="Why should your attendance be marked manually?"
          className="rounded-lg border border-slate-300 p-2 text-sm focus:outline-2 focus:outline-offset-1 focus:outline-brand-600"
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={sending || trimmed === ''}>
            {sending ? 'Sending...' : 'Send request'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
