import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import {
  ATTENDANCE_EXCUSES,
  ATTENDANCE_STATUSES,
  CORRECTION_REASON_MAX_LENGTH,
  CorrectMarkBodySchema,
  EXCUSE_LABELS,
  type AttendanceExcuse,
  type AttendanceStatus,
  type SheetRow,
} from '@rollbook/contract';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { NativeSelect } from '../ui/native-select';
import { errorText } from '../../lib/api/api-error';
import { checkBody, serverFieldErrors, type FieldErrors } from '../../lib/api/field-issues';
import { useCorrectMarkMutation } from './session-sheet-api';
import { markLabel, SHEET_TEXT } from './sheet-text';

const STATUS_LABELS: Record<AttendanceStatus, string> = {
  present: 'Present',
  absent: 'Absent',
  excused: 'Excused',
};

export interface CorrectionDialogProps {
  sessionId: string;
  /** The row being corrected; null keeps the dialog closed. */
  row: SheetRow | null;
  onClose: () => void;
}

/**
 * Corrects one student's mark: the new mark (an excuse when excused) and the reason, checked with
 * the call's own schema before sending; the server's refusal (a closed window) is shown in place.
 */
export function CorrectionDialog({ sessionId, row, onClose }: CorrectionDialogProps) {
  return (
    <Dialog
      open={row !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={row ? `Correct ${row.student.name}'s mark` : SHEET_TEXT.correct}
      description={SHEET_TEXT.dialogHint}
    >
      {/* A fresh form for each row opened. */}
      {row ? (
        <CorrectionForm key={row.student.slug} sessionId={sessionId} row={row} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

function CorrectionForm({
  sessionId,
  row,
  onClose,
}: {
  sessionId: string;
  row: SheetRow;
  onClose: () => void;
}) {
  const [status, setStatus] = useState<AttendanceStatus>(row.status === 'present' ? 'absent' : 'present');
  const [excuse, setExcuse] = useState<AttendanceExcuse | ''>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [correct, { isLoading }] = useCorrectMarkMutation();
  const reasonId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const checked = checkBody(CorrectMarkBodySchema, {
      student_slug: row.student.slug,
      status,
      excuse: status === 'excused' ? excuse || null : null,
      reason,
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const result = await correct({ sessionId, body: checked.body });
    if (result.error) {
      setErrors(serverFieldErrors(result.error));
      setServerError(errorText(result.error, 'The mark could not be corrected'));
      return;
    }
    toast.success(SHEET_TEXT.saved(row.student.name));
    onClose();
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        {row.student.enrollment} · now <span className="font-medium">{markLabel(row)}</span>
      </p>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-700">{SHEET_TEXT.newMark}</legend>
        <div className="flex flex-wrap gap-4">
          {ATTENDANCE_STATUSES.map((choice) => (
            <label key={choice} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="corrected-status"
                value={choice}
                checked={status === choice}
                onChange={() => setStatus(choice)}
                className="size-4 accent-brand-600"
              />
              {STATUS_LABELS[choice]}
            </label>
          ))}
        </div>
      </fieldset>
      {status === 'excused' ? (
        <div className="flex flex-col gap-1">
          <NativeSelect
            label={SHEET_TEXT.excuse}
            value={excuse}
            placeholder="Choose why"
            options={ATTENDANCE_EXCUSES.map((value) => ({ value, label: EXCUSE_LABELS[value] }))}
            onChange={(value) => setExcuse(ATTENDANCE_EXCUSES.find((e) => e === value) ?? '')}
          />
          {errors.excuse ? <p className="text-sm text-red-600">{errors.excuse}</p> : null}
        </div>
      ) : null}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={reasonId} className="text-sm font-medium text-slate-700">
          {SHEET_TEXT.reason}
        </label>
        <p id={`${reasonId}-hint`} className="text-xs text-slate-500">
          {SHEET_TEXT.reasonHint}
        </p>
        <textarea
          id={reasonId}
          required
          rows={3}
          maxLength={CORRECTION_REASON_MAX_LENGTH}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={`${reasonId}-hint${errors.reason ? ` ${reasonId}-error` : ''}`}
          className="rounded-lg border border-slate-300 p-2 text-sm focus:outline-2 focus:outline-offset-1 focus:outline-brand-600"
        />
        {errors.reason ? (
          <p id={`${reasonId}-error`} className="text-sm text-red-600">
            {errors.reason}
          </p>
        ) : null}
      </div>
      {serverError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {serverError}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose}>
          {SHEET_TEXT.cancel}
        </Button>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? SHEET_TEXT.saving : SHEET_TEXT.save}
        </Button>
      </div>
    </form>
  );
}
