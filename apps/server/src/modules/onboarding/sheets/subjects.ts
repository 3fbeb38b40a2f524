import { keyOf, type ExistingSubject } from '../existing-data';
import type { Planned, SubjectValues } from '../plan';
import type { SheetRow, SheetTable } from '../sheet-table';
import { leadingZeroHint, parseRows, planRow, type CheckContext } from './check-context';

const HOURS = { min: 0, max: 40 } as const;
const MARKS = { min: 0, max: 1000 } as const;

/** The row's values; booleans and marks left out of the sheet are worked out from the hours. */
function parseSubject(
  row: SheetRow,
  ctx: CheckContext,
  existing: (code: string, year: string) => ExistingSubject | undefined,
): SubjectValues | null {
  const subjectCode = row.requiredText('subject_code', 20);
  const academicYear = row.academicYear('academic_year', true) ?? null;
  const subjectName = row.requiredText('subject_name');
  const shortName = row.text('short_name', { max: 20 });
  const streamCode = row.requiredText('stream_code', 20);
  const semYear = row.int('semester', { min: 1, max: 12, required: true }) ?? null;
  const category = row.requiredText('category', 100);
  const l = row.int('l', { ...HOURS, required: true }) ?? null;
  const t = row.int('t', { ...HOURS, required: true }) ?? null;
  const p = row.int('p', { ...HOURS, required: true }) ?? null;
  const credit = row.decimal('credit', { min: 0, max: 99.9, required: true }) ?? null;
  if (credit !== null && Math.round(credit * 10) !== credit * 10)
    row.problem('credit', `${credit} has more than one decimal; expected e.g. 4 or 4.5`);
  const marks = (['e', 'm', 'i', 'v'] as const).map((c) => row.int(c, MARKS));
  const total = row.int('total_marks', { min: 0, max: 4000 });
  const isElective = row.bool('is_elective');
  const isTheory = row.bool('is_theory');
  const isPractical = row.bool('is_practical');
  const effFrom = row.text('eff_from', { max: 20 });
  const syllabusUrl = row.text('syllabus_url', { max: 500 });
  if (syllabusUrl && !/^https?:\/\/[^\s]+$/i.test(syllabusUrl))
    row.problem(
      'syllabus_url',
      `"${syllabusUrl}" is not a web link; expected an address starting with https://`,
    );

  let degree: string | null = null;
  if (streamCode !== null && semYear !== null) {
    const found = ctx.known.degreeOf(streamCode, semYear);
    if ('degree' in found) degree = found.degree;
    else if (found.titles.length === 0)
      row.problem(
        'stream_code',
        `"${streamCode}" is not a stream code of the Streams sheet or of Rollbook${leadingZeroHint(streamCode)}`,
      );
    else
      row.problem(
        'stream_code',
        `stream code ${streamCode} is used by ${found.titles.join(' and ')} streams and none of them alone has a semester ${semYear}; add that semester to the Semesters sheet`,
      );
  }
  if (
    subjectCode === null ||
    academicYear === null ||
    subjectName === null ||
    streamCode === null ||
    semYear === null ||
    category === null ||
    l === null ||
    t === null ||
    p === null ||
    credit === null ||
    degree === null ||
    !row.ok
  )
    return null;

  // A column left out keeps the catalogue's value; an empty cell takes the default.
  const current = existing(subjectCode, academicYear);
  const [e, m, i, v] = marks.map((value, n) => {
    if (value !== undefined) return value ?? 0;
    return current ? [current.marksE, current.marksM, current.marksI, current.marksV][n]! : 0;
  }) as [number, number, number, number];
  const pick = <T>(value: T | null | undefined, kept: T | undefined, fallback: T): T =>
    value === undefined ? (kept ?? fallback) : (value ?? fallback);
  return {
    subjectCode: current?.subjectCode ?? subjectCode,
    academicYear,
    degree,
    streamCode,
    semYear,
    subjectName,
    shortName: shortName === undefined ? (current?.shortName ?? null) : shortName,
    category,
    isElective: pick(isElective, current?.isElective, false),
    isTheory: pick(isTheory, current?.isTheory, l + t > 0),
    isPractical: pick(isPractical, current?.isPractical, p > 0 && l + t === 0),
    lectureHours: l,
    tutorialHours: t,
    practicalHours: p,
    credit: credit.toFixed(1),
    marksE: e,
    marksM: m,
    marksI: i,
    marksV: v,
    totalMarks: pick(total, current?.totalMarks, e + m + i + v),
    effFrom: pick(effFrom, current?.effFrom, academicYear),
    syllabusUrl: syllabusUrl === undefined ? (current?.syllabusUrl ?? null) : syllabusUrl,
  };
}

const COMPARED: (keyof SubjectValues)[] = [
  'degree',
  'streamCode',
  'semYear',
  'subjectName',
  'shortName',
  'category',
  'isElective',
  'isTheory',
  'isPractical',
  'lectureHours',
  'tutorialHours',
  'practicalHours',
  'credit',
  'marksE',
  'marksM',
  'marksI',
  'marksV',
  'totalMarks',
  'effFrom',
  'syllabusUrl',
];

/**
 * Subjects (the catalogue): by subject code and academic year. The degree is the title of the
 * stream the stream code belongs to (when a code is shared by BE and ME, the one with a semester of
 * that number).
 */
export async function checkSubjects(table: SheetTable | undefined, ctx: CheckContext) {
  const byKey = new Map<string, ExistingSubject[]>();
  for (const s of ctx.existing.subjects) {
    const key = keyOf(s.subjectCode, s.academicYear);
    byKey.set(key, [...(byKey.get(key) ?? []), s]);
  }
  const ambiguous = new Set<string>();
  const existing = (code: string, year: string, streamCode?: string) => {
    const found = byKey.get(keyOf(code, year)) ?? [];
    if (found.length <= 1) return found[0];
    // Older catalogues may hold one code under several stream codes: the row's stream code picks.
    const same = found.find((s) => streamCode !== undefined && keyOf(s.streamCode) === keyOf(streamCode));
    if (!same) ambiguous.add(keyOf(code, year));
    return same;
  };
  const rows = await parseRows(
    table,
    ctx,
    (row) => {
      const value = parseSubject(row, ctx, (code, year) => existing(code, year, row.raw('stream_code')));
      return value ? { key: keyOf(value.subjectCode, value.academicYear), value } : null;
    },
    'subject_code and academic_year',
  );
  const out: Planned<SubjectValues>[] = [];
  for (const { row, value } of rows) {
    const current = existing(value.subjectCode, value.academicYear, value.streamCode);
    if (!current && ambiguous.has(keyOf(value.subjectCode, value.academicYear))) {
      row.problem(
        'stream_code',
        `the catalogue has ${value.subjectCode} for ${value.academicYear} under other stream codes; expected one of them`,
      );
      continue;
    }
    if (!current) {
      out.push(planRow(row.row, value));
      continue;
    }
    const same = COMPARED.every((k) => current[k] === value[k]);
    out.push(planRow(row.row, value, { id: current.id, same }));
  }
  return out;
}
