import { FileSpreadsheet } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { WORKBOOK_MAX_BYTES } from '@rollbook/contract';
import { cx } from '../../lib/cx';
import { ACCEPTED_WORKBOOK_FILES, sizeText, workbookFileProblem } from './workbook-file';

export interface WorkbookPickerProps {
  file: File | null;
  /** While a job runs the file cannot change (the job's report belongs to it). */
  disabled: boolean;
  onChoose: (file: File) => void;
  /** Why nothing can be checked yet (no file chosen), shown under the picker. */
  missing?: string | null;
}

/**
 * Choosing the workbook: a file picker limited to .xlsx and .csv that also takes a dropped file.
 * A file of the wrong type, empty or too large is refused here with a sentence, before anything
 * is sent, and the file chosen before it stays chosen.
 */
export function WorkbookPicker({ file, disabled, onChoose, missing }: WorkbookPickerProps) {
  const inputId = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const messageId = `${inputId}-message`;

  function choose(next: File | undefined) {
    if (!next || disabled) return;
    const problem = workbookFileProblem(next);
    setRefusal(problem);
    if (!problem) onChoose(next);
  }

  function drop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  const message = refusal ?? missing ?? null;
  return (
    <div className="flex flex-col gap-2">
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={cx(
          'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center',
          'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
          disabled
            ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-500'
            : 'cursor-pointer border-slate-300 bg-slate-50 hover:bg-slate-100',
          dragging && 'border-brand-500 bg-brand-50',
        )}
      >
        <FileSpreadsheet className="size-8 text-brand-600" aria-hidden />
        <span className="font-medium text-slate-800">Choose the workbook or drop it here</span>
        <span className="text-sm text-slate-600">
          Excel workbook (.xlsx), or one sheet as .csv named after it; at most {sizeText(WORKBOOK_MAX_BYTES)}
        </span>
        <input
          id={inputId}
          type="file"
          accept={ACCEPTED_WORKBOOK_FILES}
          className="sr-only"
          disabled={disabled}
          aria-invalid={message !== null}
          aria-describedby={message ? messageId : undefined}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            // Forget the input's own choice, so picking the same file again after editing it is a change.
            e.target.value = '';
          }}
        />
      </label>
      {file ? (
        <p className="text-sm break-all text-slate-700">
          Selected file: <span className="font-medium">{file.name}</span> ({sizeText(file.size)})
        </p>
      ) : null}
      {message ? (
        <p id={messageId} role="alert" className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}
