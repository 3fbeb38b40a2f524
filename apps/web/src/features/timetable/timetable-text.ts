/** Texts of the master timetable screen that the product spec and contract quote exactly. */
export const TIMETABLE_TEXT = {
  uploadTitle: 'Upload Master Time-Table',
  selectedFile: 'Selected file',
  upload: 'Upload File',
  uploading: 'Uploading...',
  selectFile: 'Please select a file',
  uploaded: 'File uploaded successfully',
  uploadFailed: 'File upload failed. See console for more information.',
  noBatches: 'No Batches Available',
  noLectures: 'No Lectures',
  timetableFailed: 'Something went wrong',
} as const;

/** Files the picker offers (contract §10.8: csv and spreadsheets). */
export const ACCEPTED_TIMETABLE_FILES = '.csv,.xlsx,.xls';

/** Tells whether a file looks like a timetable the server reads, judged by its extension. */
export function isTimetableFile(file: File): boolean {
  return /\.(csv|xlsx|xls)$/i.test(file.name);
}
