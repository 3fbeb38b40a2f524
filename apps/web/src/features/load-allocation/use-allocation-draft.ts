import type { AllocationContext, TeacherChoiceRow } from '@rollbook/contract';
import { useCallback, useMemo, useState } from 'react';
import { toast } from '../../lib/toast';
import {
  rankKey,
  ranksFromContext,
  workingAllocation,
  type EditResult,
  type WorkingAllocation,
} from './allocation-model';
import type { Editing } from './editing';

/**
 * The admin's working copy of the allocation: rebuilt whenever the server sends a new context
 * (first load, after reset, after confirm), edited locally until confirmed. Ranks come from the
 * proposal and from the pickers' calls, so the summary knows the rank of every allocated pair.
 */
export function useAllocationDraft(context: AllocationContext | undefined): Editing | null {
  const [draft, setDraft] = useState<{ source: AllocationContext; allocation: WorkingAllocation } | null>(
    null,
  );
  const [learned, setLearned] = useState<ReadonlyMap<string, number>>(new Map());
  if (context && draft?.source !== context) {
    // A new answer from the server replaces the local edits (render-time reset, no effect needed).
    setDraft({ source: context, allocation: workingAllocation(context) });
  }
  const proposalRanks = useMemo(
    () => (context ? ranksFromContext(context) : new Map<string, number>()),
    [context],
  );

  const apply = useCallback((result: EditResult) => {
    if (!result.ok) {
      toast.error(result.reason);
      return;
    }
    setDraft((current) => (current ? { ...current, allocation: result.allocation } : current));
  }, []);

  const allocation = draft?.source === context ? draft?.allocation : undefined;
  const learnRanks = useCallback(
    (subjectSlug: string, rows: readonly TeacherChoiceRow[]) => {
      if (!allocation) return;
      // The choice rows name teachers by email; the allocation names them by slug.
      const slugByEmail = new Map(
        allocation.roster.map((entry) => [entry.teacher.profile.email, entry.teacher.slug]),
      );
      setLearned((current) => {
        const next = new Map(current);
        for (const row of rows) {
          const slug = slugByEmail.get(row.profile.email);
          if (slug && row.priority !== null) next.set(rankKey(slug, subjectSlug), row.priority);
        }
        return next.size === current.size && [...next].every(([key, rank]) => current.get(key) === rank)
          ? current
          : next;
      });
    },
    [allocation],
  );
  const rankOf = useCallback(
    (teacherSlug: string, subjectSlug: string) => {
      const key = rankKey(teacherSlug, subjectSlug);
      return proposalRanks.get(key) ?? learned.get(key) ?? null;
    },
    [proposalRanks, learned],
  );

  return allocation ? { allocation, apply, rankOf, learnRanks } : null;
}
