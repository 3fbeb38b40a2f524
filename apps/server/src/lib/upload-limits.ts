/**
 * Largest file one multipart upload may carry: a master timetable as CSV or .xlsx (a real one is
 * well under 1 MB) or a 5-s attendance recording (about 0.5 MB). Bigger files are refused with a
 * 413 while they arrive, before anything reads them.
 */
export const MAX_UPLOAD_FILE_BYTES = 20 * 1024 * 1024;
/** Files and plain fields one multipart body may hold (every upload call has one file, a few fields). */
export const MAX_UPLOAD_FILES = 2;
export const MAX_UPLOAD_FIELDS = 20;
