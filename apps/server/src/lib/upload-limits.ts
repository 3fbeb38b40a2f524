import { UPLOAD_MAX_BYTES } from '@rollbook/contract';

/**
 * Largest file one multipart upload may carry: a master timetable as CSV or .xlsx (a whole
 * college's is well under 1 MB) or a 5-s attendance recording (about 0.5 MB). Bigger files are
 * refused with a 413 while they arrive, before anything reads them. It also bounds what a file
 * within the reading limits costs the request thread once its rows are back from the worker (15 MB
 * of text cost it about 0.2 s; 5 MB about a third of that).
 */
export const MAX_UPLOAD_FILE_BYTES = UPLOAD_MAX_BYTES;
/** Files and plain fields one multipart body may hold (every upload call has one file, a few fields). */
export const MAX_UPLOAD_FILES = 2;
export const MAX_UPLOAD_FIELDS = 20;
