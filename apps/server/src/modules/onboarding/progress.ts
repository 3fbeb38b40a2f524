import { setImmediate as nextTurn } from 'node:timers/promises';

/** Where a long check or import tells how far it is (an import job's row, or nothing). */
export interface ImportProgress {
  /** A new phase in words ("Checking Students"). */
  phase(text: string): void;
  /** The rows to go through in all (check, and saving when importing). */
  total(rows: number): void;
  /** Rows done since the last call. */
  advance(rows: number): void;
}

export const silentProgress: ImportProgress = { phase() {}, total() {}, advance() {} };

/** Rows handled between two yields to the event loop: small enough to keep requests flowing. */
const ROWS_PER_TURN = 250;

/**
 * Counts rows and, every few hundred, reports them and lets the event loop run: a large workbook
 * is checked and saved in slices, so the server keeps answering other requests meanwhile.
 */
export class RowStepper {
  private pending = 0;

  constructor(private readonly progress: ImportProgress) {}

  async step(rows = 1): Promise<void> {
    this.pending += rows;
    if (this.pending < ROWS_PER_TURN) return;
    this.flush();
    await nextTurn();
  }

  /** Reports the rows counted but not yet reported (at the end of a phase). */
  flush(): void {
    if (this.pending > 0) this.progress.advance(this.pending);
    this.pending = 0;
  }
}
