import type { DivisionDetail, DivisionSuggestion, SubjectChoiceGroup } from '@rollbook/contract';
import { Download } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/api/api-error';
import { serverFieldErrors } from '../../lib/api/field-issues';
import { downloadExcel } from '../../lib/excel-download';
import { PageTitle } from '../../lib/page-title';
import { ApproxCountDialog } from './approx-count-dialog';
import { CapacityCard } from './capacity-card';
import { ChoiceGroupList } from './choice-group-list';
import {
  useConfirmDivisionsMutation,
  useDivisionExcelMutation,
  useDivisionSuggestionMutation,
  useSubjectChoiceGroupsQuery,
} from './division-creation-api';
import { DivisionPickerFields } from './division-pickers';
import { DivisionTabs } from './division-tabs';
import { HoursOverview } from './hours-overview';
import { PlanQualityNote } from './plan-quality';
import { ManualDivisionBoard } from './manual-division-board';
import { PlanAgain } from './plan-again';
import {
  buildManualPlan,
  createManualDivisions,
  manualProblemText,
  type ManualDivision,
} from './manual-divisions';
import { useDivisionPickers } from './use-division-pickers';
import { tooManyDivisionsText } from './division-size';

/** Toasted once the server has stored the divisions (product spec §8). */
export const DIVISIONS_SAVED = 'Divisions saved successfully';

/** What the screen shows after groups arrive: a suggestion being reviewed, or manual boxes. */
type Draft =
  | { kind: 'none' }
  | {
      kind: 'suggestion';
      plan: DivisionSuggestion;
      overviewOpen: boolean;
      viewing: boolean;
      /** Browser wait for the suggestion, shown with the plan's quality. */
      waitedMs: number;
    }
  | { kind: 'manual'; divisions: ManualDivision[] };

const NO_DRAFT: Draft = { kind: 'none' };

/** The question "Confirm Divisions" asks first: saving freezes the students' choices. */
export function confirmDivisionsQuestion(divisions: number): string {
  return `Save these ${divisions} ${divisions === 1 ? 'division' : 'divisions'}? The students' elective choices of this semester are then frozen, and the divisions can be planned again only until a lecture has had a session.`;
}

/** The warning beside "Confirm Divisions" when the plan has more divisions than is sensible. */
function DivisionCountWarning({ divisions }: { divisions: number }) {
  const warning = tooManyDivisionsText(divisions);
  return warning ? (
    <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-900">
      {warning}
    </p>
  ) : null;
}

function ExcelButton({ semesterSlug, division }: { semesterSlug: string; division: DivisionDetail }) {
  const [fetchExcel, fetching] = useDivisionExcelMutation();
  const download = async () => {
    const result = await fetchExcel({ semesterSlug, divisionName: division.division_name });
    if (result.data) downloadExcel(result.data);
  };
  return (
    <Button variant="secondary" disabled={fetching.isLoading} onClick={() => void download()}>
      <Download className="size-4" aria-hidden />
      Download Divison Excel
    </Button>
  );
}

/**
 * Division creation (`/division-creation`, product spec §2 and §4 "Division flow"): pick stream
 * and semester; if the semester already has divisions they are shown with their spreadsheets;
 * otherwise the subject choice groups are listed, the admin sets a maximum division size, reviews
 * the planner's hours overview and divisions, and confirms or changes the size. Manual mode lets
 * the admin drag groups into numbered divisions instead; both confirm through the same call.
 * Existing divisions can be discarded and planned again until a lecture has had a session.
 */
export function DivisionCreationPage({ title }: { title: string }) {
  const [draft, setDraft] = useState<Draft>(NO_DRAFT);
  const [askCount, setAskCount] = useState(false);
  // The save waiting for the admin's yes in the confirmation dialog (divisions are hard to undo).
  const [toConfirm, setToConfirm] = useState<{ divisions: number; run: () => void } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A refused "Maximum Division Count", shown under that field rather than in the page's alert.
  const [sizeError, setSizeError] = useState<string | null>(null);
  // Counts picker changes: a planner answer arriving after the admin picked something else is dropped.
  const pickerChanges = useRef(0);
  const pickers = useDivisionPickers(() => {
    pickerChanges.current += 1;
    setDraft(NO_DRAFT);
    setProblem(null);
    setSizeError(null);
  });
  const semesterSlug = pickers.semesterSlug;
  const groups = useSubjectChoiceGroupsQuery(semesterSlug, { skip: !semesterSlug });
  const [suggest, planning] = useDivisionSuggestionMutation();
  const [confirm, confirming] = useConfirmDivisionsMutation();

  const result = semesterSlug && !groups.isFetching && !groups.isError ? groups.data : undefined;
  const existing = result && 'divisions' in result ? result.divisions : null;
  const pending = result && 'subject_groups' in result ? result : null;

  const plan = async (maxStudents: string) => {
    const askedAt = pickerChanges.current;
    setProblem(null);
    setSizeError(null);
    const requested = performance.now();
    const answer = await suggest({ semesterSlug, maxStudents });
    if (pickerChanges.current !== askedAt) return;
    const waitedMs = performance.now() - requested;
    if (answer.data) {
      setDraft({ kind: 'suggestion', plan: answer.data, overviewOpen: true, viewing: false, waitedMs });
      return;
    }
    // The server names the size's problem in the admin's words under its wire name (max_students).
    const sizeProblem = serverFieldErrors(answer.error).max_students;
    if (sizeProblem) setSizeError(sizeProblem);
    else setProblem(errorText(answer.error, 'Something went wrong'));
  };
  const save = async (divisionsData: DivisionSuggestion) => {
    setProblem(null);
    const answer = await confirm({ semester_slug: semesterSlug, divisions_data: divisionsData });
    if (!answer.data) {
      setProblem(errorText(answer.error, 'Something went wrong'));
      return;
    }
    toast.success(DIVISIONS_SAVED);
    setDraft(NO_DRAFT);
    void groups.refetch();
  };
  /** Checks a manual arrangement first (a problem is shown at once), then asks before saving it. */
  const confirmManual = (divisions: ManualDivision[], subjectGroups: readonly SubjectChoiceGroup[]) => {
    const built = buildManualPlan(subjectGroups, divisions);
    if ('problem' in built) {
      setProblem(manualProblemText(built.problem));
      return;
    }
    setToConfirm({ divisions: built.plan.divisions.length, run: () => void save(built.plan) });
  };

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-5">
      <PageTitle title={title} />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {existing ? null : <DivisionPickerFields pickers={pickers} />}

      {semesterSlug && groups.isFetching ? (
        <div role="status" aria-label="Loading subject choice groups" className="flex flex-col gap-3">
          <Skeleton className="h-40" />
        </div>
      ) : null}
      {semesterSlug && groups.isError && !groups.isFetching ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4"
        >
          <p className="text-amber-900">{errorText(groups.error, 'Something went wrong')}</p>
          <Button variant="secondary" onClick={() => void groups.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}

      {existing ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-slate-700">Divisions are already created for this semester.</p>
            <Button variant="link" onClick={() => pickers.chooseStream('')}>
              Choose another semester
            </Button>
          </div>
          <PlanAgain
            semesterSlug={semesterSlug}
            divisions={existing}
            onDiscarded={() => void groups.refetch()}
          />
          <DivisionTabs
            divisions={existing}
            actionsFor={(division) => <ExcelButton semesterSlug={semesterSlug} division={division} />}
          />
        </>
      ) : null}

      {pending && draft.kind === 'manual' ? (
        <ManualDivisionBoard
          groups={pending.subject_groups}
          totalStudents={pending.total_students}
          divisions={draft.divisions}
          onChange={(divisions) => {
            setProblem(null);
            setDraft({ kind: 'manual', divisions });
          }}
        />
      ) : null}
      {pending && draft.kind !== 'manual' ? (
        <ChoiceGroupList groups={pending.subject_groups} totalStudents={pending.total_students} />
      ) : null}
      {pending && !(draft.kind === 'suggestion' && draft.viewing) && draft.kind !== 'manual' ? (
        <CapacityCard
          totalStudents={pending.total_students}
          planning={planning.isLoading}
          sizeError={sizeError}
          onPlan={(max) => void plan(max)}
          onSizeEdited={() => setSizeError(null)}
          onManual={() => setAskCount(true)}
        />
      ) : null}

      {problem ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-800">
          {problem}
        </p>
      ) : null}

      {pending && draft.kind === 'manual' ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="destructive" onClick={() => setDraft(NO_DRAFT)}>
            Leave manual mode
          </Button>
          <Button
            disabled={confirming.isLoading}
            onClick={() => confirmManual(draft.divisions, pending.subject_groups)}
          >
            {confirming.isLoading ? (
              <Spinner label="Saving divisions" className="text-white [&_svg]:size-4" />
            ) : null}
            Confirm Divisions
          </Button>
        </div>
      ) : null}

      {pending && draft.kind === 'suggestion' ? (
        <PlanQualityNote quality={draft.plan.plan_quality} waitedMs={draft.waitedMs} />
      ) : null}
      {pending && draft.kind === 'suggestion' && draft.viewing ? (
        <>
          <DivisionCountWarning divisions={draft.plan.divisions.length} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="destructive" onClick={() => setDraft(NO_DRAFT)}>
              Change division size
            </Button>
            <Button
              disabled={confirming.isLoading}
              onClick={() =>
                setToConfirm({ divisions: draft.plan.divisions.length, run: () => void save(draft.plan) })
              }
            >
              {confirming.isLoading ? (
                <Spinner label="Saving divisions" className="text-white [&_svg]:size-4" />
              ) : null}
              Confirm Divisions
            </Button>
          </div>
          <DivisionTabs divisions={draft.plan.divisions} />
        </>
      ) : null}

      {draft.kind === 'suggestion' ? (
        <HoursOverview
          open={draft.overviewOpen}
          rows={draft.plan.hour_deviations}
          onClose={() => setDraft({ ...draft, overviewOpen: false })}
          onViewDivisions={() => setDraft({ ...draft, overviewOpen: false, viewing: true })}
        />
      ) : null}
      <ConfirmDialog
        open={toConfirm !== null}
        onOpenChange={(open) => {
          if (!open) setToConfirm(null);
        }}
        title="Confirm Divisions"
        question={confirmDivisionsQuestion(toConfirm?.divisions ?? 0)}
        confirmLabel="Save divisions"
        onConfirm={() => toConfirm?.run()}
      />
      <ApproxCountDialog
        open={askCount}
        onOpenChange={setAskCount}
        onStart={(count) => {
          setProblem(null);
          setDraft({ kind: 'manual', divisions: createManualDivisions(count) });
        }}
      />
    </section>
  );
}
