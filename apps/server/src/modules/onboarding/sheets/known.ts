import { keyOf, type ExistingData } from '../existing-data';

/** A row a reference may name: the existing row's id, or none when the workbook creates it. */
export interface KnownRow {
  id?: number;
}

export interface KnownStream extends KnownRow {
  title: string | null;
  /** More than one existing stream has this branch and stream code: a reference cannot choose. */
  ambiguous: boolean;
}

/**
 * What the workbook's references may name: the institution's rows plus the rows the workbook
 * itself adds, by their keys (see `keyOf`). Rows of the workbook count as soon as their key cells
 * read, even if another of their cells has a problem, so one mistake is reported once and not
 * again by every row that refers to it.
 */
export class KnownRows {
  readonly branches = new Map<string, KnownRow>();
  readonly streams = new Map<string, KnownStream>();
  readonly semesters = new Map<string, KnownRow>();
  /** Stream titles and semester numbers by stream code, to tell which degree a subject is of. */
  private readonly titlesByStreamCode = new Map<string, Map<string, Set<number>>>();

  constructor(readonly existing: ExistingData) {
    const branchCode = new Map(existing.branches.map((b) => [b.id, b.code]));
    for (const b of existing.branches) this.branches.set(keyOf(b.code), { id: b.id });
    const streamKey = new Map<number, string>();
    const streamOf = new Map(existing.streams.map((s) => [s.id, s]));
    for (const s of existing.streams) {
      const key = keyOf(branchCode.get(s.branchId) ?? '', s.streamCode);
      streamKey.set(s.id, key);
      const seen = this.streams.get(key);
      if (seen) seen.ambiguous = true;
      else this.streams.set(key, { id: s.id, title: s.title, ambiguous: false });
      this.noteTitle(s.streamCode, s.title, undefined);
    }
    for (const s of existing.semesters) {
      const stream = streamOf.get(s.streamId);
      if (stream) this.noteTitle(stream.streamCode, stream.title, s.no);
      if (s.academicYear === null) continue;
      this.semesters.set(`${streamKey.get(s.streamId) ?? ''}\u0001${keyOf(s.no, s.academicYear)}`, {
        id: s.id,
      });
    }
  }

  private noteTitle(streamCode: string, title: string, semester: number | undefined) {
    const code = keyOf(streamCode);
    const titles = this.titlesByStreamCode.get(code) ?? new Map<string, Set<number>>();
    this.titlesByStreamCode.set(code, titles);
    const numbers = titles.get(title) ?? new Set<number>();
    titles.set(title, numbers);
    if (semester !== undefined) numbers.add(semester);
  }

  addBranch(code: string) {
    if (!this.branches.has(keyOf(code))) this.branches.set(keyOf(code), {});
  }

  addStream(branchCode: string, streamCode: string, title: string | null) {
    const key = keyOf(branchCode, streamCode);
    if (!this.streams.has(key)) this.streams.set(key, { title, ambiguous: false });
    if (title) this.noteTitle(streamCode, title, undefined);
  }

  addSemester(branchCode: string, streamCode: string, no: number, academicYear: string) {
    const key = `${keyOf(branchCode, streamCode)}\u0001${keyOf(no, academicYear)}`;
    if (!this.semesters.has(key)) this.semesters.set(key, {});
    const title = this.streams.get(keyOf(branchCode, streamCode))?.title;
    if (title) this.noteTitle(streamCode, title, no);
  }

  branch(code: string): KnownRow | undefined {
    return this.branches.get(keyOf(code));
  }

  stream(branchCode: string, streamCode: string): KnownStream | undefined {
    return this.streams.get(keyOf(branchCode, streamCode));
  }

  semester(branchCode: string, streamCode: string, no: number, academicYear: string): KnownRow | undefined {
    return this.semesters.get(`${keyOf(branchCode, streamCode)}\u0001${keyOf(no, academicYear)}`);
  }

  /** Every branch code known, in the spelling to store (an empty classroom list means these). */
  allBranchCodes(): string[] {
    return [...this.branches.keys()];
  }

  /**
   * The degree (stream title) of a subject of a stream code and semester: the only title that
   * stream code has, or else the only one of those titles with a semester of that number.
   */
  degreeOf(streamCode: string, semester: number): { degree: string } | { titles: string[] } {
    const titles = this.titlesByStreamCode.get(keyOf(streamCode));
    if (!titles || titles.size === 0) return { titles: [] };
    if (titles.size === 1) return { degree: [...titles.keys()][0]! };
    const withSemester = [...titles].filter(([, numbers]) => numbers.has(semester)).map(([t]) => t);
    if (withSemester.length === 1) return { degree: withSemester[0]! };
    return { titles: [...titles.keys()].sort() };
  }
}
