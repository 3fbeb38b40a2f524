import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { Tabs } from '../../components/ui/tabs';
import { errorText } from '../../lib/api/api-error';
import { downloadExcel } from '../../lib/excel-download';
import { PageTitle } from '../../lib/page-title';
import { AllocatedTable } from './allocated-table';
import { AllocationScope } from './allocation-scope';
import {
  useAllocationContextQuery,
  useAllocationExcelMutation,
  useConfirmAllocationMutation,
  useResetAllocationMutation,
} from './allocation-api';
import {
  allocationSummary,
  confirmBody,
  isEdited,
  nonAllocatedSubjects,
  teacherLoadRows,
} from './allocation-model';
import { AllocationSummaryFigures } from './allocation-summary';
import { ALLOCATION_TEXT, confirmQuestion } from './allocation-text';
import { NonAllocatedTable } from './non-allocated-table';
import { SubjectPanel } from './subject-panel';
import { TeacherLoadPanel } from './teacher-load-panel';
import { TermPicker } from './term-picker';
import { TimetableDisagreementsPanel } from './timetable-disagreements';
import { useAllocationDraft } from './use-allocation-draft';

/** Long work in progress (the solver runs for a few seconds), announced politely. */
function Progress({ text }: { text: string }) {
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-6 text-slate-700"
    >
      <LoaderCircle className="size-6 animate-spin text-brand-600" aria-hidden />
      <span>{text}</span>
    </div>
  );
}

/**
 * The admin's teacher load allocation (`/subject/teacher-allocation` and `/admin/subject-allocation`,
 * product spec §2, contract §10.10): the solver's proposal as Allocated and Non-Allocated tables,
 * local editing within the free-hours rules, summary figures, reset (after a confirmation) and
 * confirm. Where a past term kept an allocation, a picker shows that term's instead, read only.
 */
export function LoadAllocationPage({ title }: { title: string }) {
  // null: the current allocation; a key: a past term's, read only.
  const [term, setTerm] = useState<string | null>(null);
  const context = useAllocationContextQuery(term, { refetchOnMountOrArgChange: true });
  // While another term loads, the previous answer is not shown as if it were that term's.
  const shown = context.currentData;
  const readOnly = shown?.scope?.read_only === true;
  const editing = useAllocationDraft(shown);
  const [reset, resetting] = useResetAllocationMutation();
  const [confirm, confirming] = useConfirmAllocationMutation();
  const [fetchExcel, fetchingExcel] = useAllocationExcelMutation();
  const [askReset, setAskReset] = useState(false);
  // Confirm asks first, as Reset does: one click confirms every semester shown at once.
  const [askConfirm, setAskConfirm] = useState(false);
  const [teacherSlug, setTeacherSlug] = useState<string | null>(null);
  const [subjectSlug, setSubjectSlug] = useState<string | null>(null);

  const doReset = async () => {
    setAskReset(false);
    // A reset landing while a confirm is in flight would undo it (or be undone) unseen.
    if (confirming.isLoading) return;
    const result = await reset();
    if (!('error' in result)) void context.refetch();
  };
  const doConfirm = async () => {
    // The page may have changed under the open question (a refetch, a reset): confirm only what is shown.
    if (!editing || confirming.isLoading || resetting.isLoading) return;
    const result = await confirm(confirmBody(editing.allocation));
    if ('error' in result) return;
    toast.success(ALLOCATION_TEXT.confirmed);
    void context.refetch();
  };

  // The spreadsheet is of the confirmed allocation; before a confirm the server says so (toasted).
  const download = async () => {
    const result = await fetchExcel(term);
    if (result.data) downloadExcel(result.data);
  };

  const busy = resetting.isLoading || context.isFetching;
  const scope = shown?.scope?.semesters;
  const terms = context.data?.scope?.terms ?? [];
  // Before any confirm the server refuses the spreadsheet (409): say so instead of offering it.
  const nothingConfirmed = scope !== undefined && !scope.some((s) => s.confirmed);
  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-5">
      <PageTitle title={title} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={fetchingExcel.isLoading || nothingConfirmed}
            aria-describedby={nothingConfirmed ? 'download-excel-hint' : undefined}
            onClick={() => void download()}
          >
            Download Excel
          </Button>
          {readOnly ? null : (
            <>
              <Button
                variant="destructive"
                disabled={busy || confirming.isLoading || !editing}
                onClick={() => setAskReset(true)}
              >
                Reset
              </Button>
              <Button disabled={busy || confirming.isLoading || !editing} onClick={() => setAskConfirm(true)}>
                {confirming.isLoading ? 'Confirming...' : 'Confirm Allocation'}
              </Button>
            </>
          )}
        </div>
      </div>
      {nothingConfirmed ? (
        <p id="download-excel-hint" className="-mt-3 text-sm text-slate-600 sm:text-right">
          {ALLOCATION_TEXT.downloadNeedsConfirm}
        </p>
      ) : null}
      <TermPicker
        terms={terms}
        value={term}
        onChange={setTerm}
        disabled={
          confirming.isLoading || resetting.isLoading || (editing ? isEdited(editing.allocation) : false)
        }
      />
      {scope ? <AllocationScope semesters={scope} /> : null}
      {/* Once something is confirmed, the timetable can break it: say where it does. */}
      {!readOnly && !nothingConfirmed && scope !== undefined && !resetting.isLoading ? (
        <TimetableDisagreementsPanel />
      ) : null}
      {readOnly ? (
        <p role="note" className="text-sm text-slate-700">
          {ALLOCATION_TEXT.readOnly}
        </p>
      ) : null}
      {resetting.isLoading ? <Progress text={ALLOCATION_TEXT.recomputing} /> : null}
      {!resetting.isLoading && context.isLoading ? <Progress text={ALLOCATION_TEXT.preparing} /> : null}
      {context.isError && !context.isFetching ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {errorText(context.error, ALLOCATION_TEXT.loadFailed)}
          <Button size="sm" variant="secondary" onClick={() => void context.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {editing && !resetting.isLoading ? (
        <>
          <AllocationSummaryFigures summary={allocationSummary(editing.allocation, editing.rankOf)} />
          {isEdited(editing.allocation) ? (
            <p role="status" className="text-sm text-amber-800">
              {ALLOCATION_TEXT.unsaved}
            </p>
          ) : null}
          <Tabs
            label="Allocation"
            defaultValue="allocated"
            items={[
              {
                value: 'allocated',
                label: ALLOCATION_TEXT.allocatedTab,
                content: (
                  <AllocatedTable
                    rows={teacherLoadRows(editing.allocation)}
                    onEdit={readOnly ? undefined : setTeacherSlug}
                  />
                ),
              },
              {
                value: 'non-allocated',
                label: ALLOCATION_TEXT.nonAllocatedTab,
                content: (
                  <NonAllocatedTable
                    subjects={nonAllocatedSubjects(editing.allocation)}
                    onAllocate={readOnly ? undefined : setSubjectSlug}
                  />
                ),
              },
            ]}
          />
          <TeacherLoadPanel
            editing={editing}
            teacherSlug={teacherSlug}
            onClose={() => setTeacherSlug(null)}
            onMaximumSaved={() => void context.refetch()}
          />
          <SubjectPanel editing={editing} subjectSlug={subjectSlug} onClose={() => setSubjectSlug(null)} />
        </>
      ) : null}
      <Dialog
        open={askReset}
        onOpenChange={setAskReset}
        title="Reset allocation"
        description={ALLOCATION_TEXT.resetQuestion}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setAskReset(false)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void doReset()}>
            Reset
          </Button>
        </div>
      </Dialog>
      <ConfirmDialog
        open={askConfirm}
        onOpenChange={setAskConfirm}
        title={ALLOCATION_TEXT.confirmTitle}
        question={confirmQuestion((scope ?? []).map((s) => s.label))}
        confirmLabel="Confirm Allocation"
        onConfirm={() => void doConfirm()}
      />
    </section>
  );
}
