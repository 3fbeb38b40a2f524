import {
  academicYearLabel,
  type AcademicYearPreview,
  type NewYearSemester,
  type YearStreamMoves,
} from '@rollbook/contract';

/** A stream as the plan names it. */
export interface YearStream {
  id: number;
  slug: string;
  title: string;
  streamCode: string;
  branchName: string;
}

/** A semester of any year, with the academic year it belongs to (its starting year) when known. */
export interface YearSemester {
  id: number;
  streamId: number;
  no: number;
  isActive: boolean;
  /** Starting year of its academic year (`2026` for 2026-27); null when nothing says. */
  year: number | null;
  startDate: string | null;
  endDate: string | null;
}

/** Everything the plan reads about one institution. */
export interface YearPlanInput {
  /** The active academic term's starting year, when the institution keeps terms. */
  activeTermStart: number | null;
  streams: YearStream[];
  semesters: YearSemester[];
  /** Active, not graduated students per semester id. */
  studentsBySemester: ReadonlyMap<number, number>;
  /** Lecture sessions running right now. */
  liveSessions: number;
}

/** One semester of the new year: to create, or already there (imported ahead) and kept. */
export interface PlannedSemester {
  stream: YearStream;
  no: number;
  startDate: string | null;
  endDate: string | null;
  datesFrom: NewYearSemester['dates_from'];
  /** The new year's semester that exists already, if any. */
  existingId: number | null;
}

/** Where the students of one closing semester go. */
export interface PlannedMove {
  semesterId: number;
  streamId: number;
  /** The semester number they move to, or null: they graduate. */
  toNo: number | null;
  students: number;
}

export interface YearPlan {
  currentStart: number | null;
  nextStart: number | null;
  /** Active semesters of the current year (or with no year): they close. */
  closing: YearSemester[];
  opening: PlannedSemester[];
  moves: PlannedMove[];
  finalByStream: ReadonlyMap<number, number>;
  blockers: string[];
}

/** `YYYY-MM-DD` moved on by whole years; 29 February becomes 28 February in a common year. */
export function shiftDate(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(m)}-${pad(Math.min(d, lastDay))}`;
}

const key = (streamId: number, no: number) => `${streamId}:${no}`;

/**
 * The current year: the institution's active academic term when it keeps one, else the earliest
 * academic year among its active semesters (a later one exists only when the next year's
 * semesters were prepared ahead, e.g. imported before the year opens).
 */
function currentYearOf(input: YearPlanInput): number | null {
  if (input.activeTermStart !== null) return input.activeTermStart;
  const years = input.semesters.filter((s) => s.isActive && s.year !== null).map((s) => s.year!);
  return years.length === 0 ? null : Math.min(...years);
}

/** The semester whose dates a new one copies: the same stream and number, latest year up to the current one. */
function templateOf(input: YearPlanInput, streamId: number, no: number, current: number) {
  const candidates = input.semesters.filter(
    (s) => s.streamId === streamId && s.no === no && (s.year === null ? s.isActive : s.year <= current),
  );
  candidates.sort((a, b) => (a.year ?? current) - (b.year ?? current) || a.id - b.id);
  return candidates.at(-1);
}

/**
 * Plans opening the academic year after the current one, without writing anything: the semesters
 * that close (active ones of the current year), the semesters of the new year (every closing
 * number again, plus the next number of each up to the stream's final semester, so every student
 * moving up has a semester to move into), where each closing semester's students go, and the
 * reasons it cannot be done now.
 */
export function planNewYear(input: YearPlanInput): YearPlan {
  const currentStart = currentYearOf(input);
  const finalByStream = new Map<number, number>();
  for (const s of input.semesters)
    finalByStream.set(s.streamId, Math.max(finalByStream.get(s.streamId) ?? 0, s.no));
  if (currentStart === null) {
    return {
      currentStart,
      nextStart: null,
      closing: [],
      opening: [],
      moves: [],
      finalByStream,
      blockers: [
        'No academic year is current: give the semesters their academic year (the Semesters sheet of the institution workbook) first',
      ],
    };
  }
  const nextStart = currentStart + 1;
  const closing = input.semesters.filter((s) => s.isActive && (s.year === null || s.year <= currentStart));
  const streamById = new Map(input.streams.map((s) => [s.id, s]));

  const wanted = new Map<string, { streamId: number; no: number }>();
  for (const s of closing) {
    wanted.set(key(s.streamId, s.no), { streamId: s.streamId, no: s.no });
    if (s.no < finalByStream.get(s.streamId)!) {
      wanted.set(key(s.streamId, s.no + 1), { streamId: s.streamId, no: s.no + 1 });
    }
  }
  const opening: PlannedSemester[] = [];
  for (const { streamId, no } of wanted.values()) {
    const stream = streamById.get(streamId);
    if (!stream) continue;
    const existing = input.semesters.find(
      (s) => s.streamId === streamId && s.no === no && s.year === nextStart,
    );
    if (existing) {
      opening.push({
        stream,
        no,
        startDate: existing.startDate,
        endDate: existing.endDate,
        datesFrom: 'existing',
        existingId: existing.id,
      });
      continue;
    }
    const template = templateOf(input, streamId, no, currentStart);
    const years = nextStart - (template?.year ?? currentStart);
    const startDate = template?.startDate ? shiftDate(template.startDate, years) : null;
    const endDate = template?.endDate ? shiftDate(template.endDate, years) : null;
    opening.push({
      stream,
      no,
      startDate,
      endDate,
      datesFrom: startDate || endDate ? 'shifted' : 'none',
      existingId: null,
    });
  }
  opening.sort((a, b) => streamOrder(a.stream, b.stream) || a.no - b.no);

  const moves: PlannedMove[] = closing.map((s) => ({
    semesterId: s.id,
    streamId: s.streamId,
    toNo: s.no < finalByStream.get(s.streamId)! ? s.no + 1 : null,
    students: input.studentsBySemester.get(s.id) ?? 0,
  }));

  const blockers: string[] = [];
  if (closing.length === 0) {
    blockers.push(`There are no active semesters of ${academicYearLabel(currentStart)} to close`);
  }
  if (input.liveSessions > 0) {
    blockers.push(
      `${input.liveSessions} lecture session${input.liveSessions === 1 ? ' is' : 's are'} live right now: open the new year once ${input.liveSessions === 1 ? 'it has' : 'they have'} ended`,
    );
  }
  return { currentStart, nextStart, closing, opening, moves, finalByStream, blockers };
}

function streamOrder(a: YearStream, b: YearStream): number {
  return (
    a.branchName.localeCompare(b.branchName) ||
    a.title.localeCompare(b.title) ||
    a.streamCode.localeCompare(b.streamCode) ||
    a.id - b.id
  );
}

function streamWire(s: YearStream) {
  return { stream_slug: s.slug, stream_title: s.title, stream_code: s.streamCode, branch_name: s.branchName };
}

/** The plan as the preview call answers it. */
export function previewOf(plan: YearPlan, streams: readonly YearStream[]): AcademicYearPreview {
  const semesterNo = new Map(plan.closing.map((s) => [s.id, s.no]));
  const perStream: YearStreamMoves[] = [...streams]
    .filter((s) => plan.moves.some((m) => m.streamId === s.id))
    .sort(streamOrder)
    .map((stream) => {
      const moves = plan.moves.filter((m) => m.streamId === stream.id);
      const byFrom = new Map<number, { from_no: number; to_no: number; students: number }>();
      for (const m of moves) {
        if (m.toNo === null) continue;
        const from = semesterNo.get(m.semesterId)!;
        const row = byFrom.get(from) ?? { from_no: from, to_no: m.toNo, students: 0 };
        row.students += m.students;
        byFrom.set(from, row);
      }
      return {
        ...streamWire(stream),
        final_semester: plan.finalByStream.get(stream.id)!,
        moving_up: [...byFrom.values()].sort((a, b) => a.from_no - b.from_no),
        graduating: moves.filter((m) => m.toNo === null).reduce((sum, m) => sum + m.students, 0),
      };
    });
  return {
    current_year: plan.currentStart === null ? null : academicYearLabel(plan.currentStart),
    next_year: plan.nextStart === null ? null : academicYearLabel(plan.nextStart),
    closing_semesters: plan.closing.length,
    new_semesters: plan.opening.map((s) => ({
      ...streamWire(s.stream),
      no: s.no,
      start_date: s.startDate,
      end_date: s.endDate,
      dates_from: s.datesFrom,
    })),
    streams: perStream,
    totals: {
      moving_up: perStream.reduce((sum, s) => sum + s.moving_up.reduce((n, m) => n + m.students, 0), 0),
      graduating: perStream.reduce((sum, s) => sum + s.graduating, 0),
    },
    blockers: plan.blockers,
  };
}
