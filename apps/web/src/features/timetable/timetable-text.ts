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

// Contract §10.8 lists .xls too, but the server refuses old binary workbooks with a sentence
// (decision timetable-0001), so the picker offers only what can succeed.
/** Files the picker offers: CSV and .xlsx workbooks. */
export const ACCEPTED_TIMETABLE_FILES = '.csv,.xlsx';
