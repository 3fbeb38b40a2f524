import type { Db } from '../../db/client';
import type { ExistingData } from './existing-data';
import type { RowStepper } from './progress';

/** A transaction of the database (the apply step writes only inside one). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows written per statement: large enough to be fast, small enough for any driver's parameter limit. */
export const BATCH = 200;

export function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

/** What the apply steps share: ids by key of what exists or was just written, and progress. */
export interface ApplyContext {
  tx: Tx;
  institutionId: number;
  existing: ExistingData;
  stepper: RowStepper;
  /** Branch ids by keyOf(code). */
  branchIds: Map<string, number>;
  /** Stream ids by keyOf(branch code, stream code). */
  streamIds: Map<string, number>;
  /** Semester ids by keyOf(branch code, stream code, number, academic year). */
  semesterIds: Map<string, number>;
}

/** Looks up an id the check guaranteed; a miss is a bug, never a user's mistake. */
export function idOf(map: Map<string, number>, key: string, what: string): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`import: no ${what} for key ${key.replaceAll('\u0001', '/')}`);
  return id;
}
