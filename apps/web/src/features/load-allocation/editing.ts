import type { TeacherChoiceRow } from '@rollbook/contract';
import type { EditResult, RankLookup, WorkingAllocation } from './allocation-model';

/** What the editing panels need from the page: the working copy and ways to change it. */
export interface Editing {
  allocation: WorkingAllocation;
  /** Applies an edit, or shows why it was refused. */
  apply: (result: EditResult) => void;
  rankOf: RankLookup;
  /** Records the ranks the subject's teachers gave it (from the picker's call). */
  learnRanks: (subjectSlug: string, rows: readonly TeacherChoiceRow[]) => void;
}
