import { splitBatchNames } from './drafts';

/** What a grid cell such as `BE-5-A_A1-DBMS-LH101` says. */
export interface LectureCode {
  stream: string;
  semesterNo: number;
  divisionName: string | null;
  batchNames: string[];
  subject: string;
  classroomName: string;
}

/** Streams whose codes name no division (they have one): `ME-3-CC-229`. */
const SINGLE_DIVISION_STREAMS = new Set(['ME']);

const WORD = /^[A-Za-z0-9]+$/;

/**
 * Reads a master-timetable cell. Two shapes, as in the original format:
 * `BE-{sem}-{division}[_{batch}[+{batch}]]-{subject short name}-{classroom}` and
 * `ME-{sem}-{subject short name}-{classroom}`. A subject short name may itself contain a dash
 * (`AI-ML`), so the classroom is the last part and the subject everything in between. Returns an
 * error sentence instead when the cell is not such a code.
 */
export function parseLectureCode(text: string): LectureCode | { error: string } {
  const parts = text
    .trim()
    .split('-')
    .map((p) => p.trim());
  const example = 'a lecture code like BE-5-A_A1-DBMS-LH101 or ME-1-ML-203';
  const stream = (parts[0] ?? '').toUpperCase();
  const semesterText = parts[1] ?? '';
  if (!/^[A-Z]+$/.test(stream) || !/^\d{1,2}$/.test(semesterText)) {
    return { error: `"${text}" is not ${example}` };
  }
  const singleDivision = SINGLE_DIVISION_STREAMS.has(stream);
  const minimum = singleDivision ? 4 : 5;
  if (parts.length < minimum) return { error: `"${text}" is not ${example}` };
  let divisionName: string | null = null;
  let batchNames: string[] = [];
  let rest = parts.slice(2);
  if (!singleDivision) {
    const [division, ...batchParts] = (rest[0] ?? '').split('_');
    if (!division || !WORD.test(division) || batchParts.length > 1) {
      return {
        error: `"${text}": "${rest[0] ?? ''}" is not a division with an optional batch like A or A_A1`,
      };
    }
    divisionName = division.toUpperCase();
    if (batchParts.length === 1) {
      batchNames = splitBatchNames(batchParts[0] ?? '');
      if (batchNames.length === 0 || !batchNames.every((b) => WORD.test(b))) {
        return { error: `"${text}": the batch after "_" is missing or not a name like A1` };
      }
    }
    rest = rest.slice(1);
  }
  const classroomName = rest[rest.length - 1] ?? '';
  const subject = rest.slice(0, -1).join('-').toUpperCase();
  if (!subject || !/^[A-Z0-9]+(?:-[A-Z0-9]+)*$/.test(subject)) {
    return { error: `"${text}": the subject short name is missing or has odd characters` };
  }
  if (!WORD.test(classroomName)) return { error: `"${text}": the classroom at the end is missing` };
  return { stream, semesterNo: Number(semesterText), divisionName, batchNames, subject, classroomName };
}
