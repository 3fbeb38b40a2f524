import { FileUp } from 'lucide-react';
import { useId, useState, type DragEvent, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { cx } from '../../lib/cx';
import { ExpectedFormats } from './expected-formats';
import { useUploadMasterTimetableMutation } from './timetable-api';
import { ACCEPTED_TIMETABLE_FILES, TIMETABLE_TEXT } from './timetable-text';
import { isTimetableFileName, uploadFailure, type UploadFailure } from './upload-error';
import { UploadIssues } from './upload-issues';

export interface UploadFormProps {
  /** Called after a successful upload (the screen switches to browsing). */
  onUploaded: () => void;
  /** Shown when a timetable exists already: goes back to browsing without uploading. */
  onCancel?: () => void;
}

/**
 * The "Upload Master Time-Table" form (product spec §2, contract §10.8): a file picker that also
 * takes a dropped file, the selected file's name, and "Upload File" ("Uploading..." while busy).
 * Without a file it says "Please select a file". A rejected file keeps the form and lists every
 * problem the server found; success toasts "File uploaded successfully".
 */
export function UploadForm({ onUploaded, onCancel }: UploadFormProps) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [missingFile, setMissingFile] = useState(false);
  const [wrongFile, setWrongFile] = useState<string | null>(null);
  const [failure, setFailure] = useState<UploadFailure | null>(null);
  const [upload, { isLoading }] = useUploadMasterTimetableMutation();

  function choose(next: File | undefined) {
    if (!next) return;
    setFailure(null);
    // A drop (or "All files" in the picker) bypasses `accept`: say so now, not after the upload.
    if (!isTimetableFileName(next.name)) {
      setFile(null);
      setWrongFile(`"${next.name}" is not a .csv or .xlsx file. Save the timetable as CSV or Excel (.xlsx).`);
      return;
    }
    setWrongFile(null);
    setFile(next);
    setMissingFile(false);
    setFailure(null);
  }

  function drop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      setMissingFile(true);
      toast.error(TIMETABLE_TEXT.selectFile);
      return;
    }
    setFailure(null);
    const result = await upload(file);
    if (!result.error) {
      toast.success(TIMETABLE_TEXT.uploaded);
      onUploaded();
      return;
    }
    const problem = uploadFailure(result.error);
    // The spec's fallback sentence points at the console, so the cause must be there.
    if (problem.issues.length === 0) console.error(result.error);
    setFailure(problem);
    if (problem.issues.length === 0) toast.error(problem.message);
  }

  return (
    <form
      noValidate
      aria-labelledby={`${inputId}-title`}
      onSubmit={(e) => void submit(e)}
      className="mx-auto flex w-full max-w-2xl flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={`${inputId}-title`} className="text-xl font-semibold text-slate-900">
        {TIMETABLE_TEXT.uploadTitle}
      </h2>
      <ExpectedFormats />
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={cx(
          'flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-10 text-center',
          'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
          dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:bg-slate-100',
        )}
      >
        <FileUp className="size-8 text-brand-600" aria-hidden />
        <span className="font-medium text-slate-800">Choose a timetable file or drop it here</span>
        <span className="text-sm text-slate-500">CSV or Excel (.csv, .xlsx)</span>
        <input
          id={inputId}
          type="file"
          name="master_tt"
          accept={ACCEPTED_TIMETABLE_FILES}
          className="sr-only"
          aria-invalid={missingFile || wrongFile !== null}
          aria-describedby={missingFile ? `${inputId}-missing` : wrongFile ? `${inputId}-wrong` : undefined}
          onChange={(e) => choose(e.target.files?.[0])}
        />
      </label>
      {file ? (
        <p className="text-sm text-slate-700">
          {TIMETABLE_TEXT.selectedFile}: <span className="font-medium">{file.name}</span>
        </p>
      ) : null}
      {missingFile ? (
        <p id={`${inputId}-missing`} className="text-sm text-red-700">
          {TIMETABLE_TEXT.selectFile}
        </p>
      ) : null}
      {wrongFile ? (
        <p id={`${inputId}-wrong`} role="alert" className="text-sm text-red-700">
          {wrongFile}
        </p>
      ) : null}
      {failure && failure.issues.length > 0 ? (
        <UploadIssues summary={failure.message} issues={failure.issues} />
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={isLoading}>
            Back to timetable
          </Button>
        ) : null}
        <Button type="submit" disabled={isLoading}>
          {isLoading ? TIMETABLE_TEXT.uploading : TIMETABLE_TEXT.upload}
        </Button>
      </div>
    </form>
  );
}
