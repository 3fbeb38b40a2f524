import type { TeacherSubjectMapEntry } from '@rollbook/contract';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { downloadExcel } from '../../lib/excel-download';
import { ExpanderButton } from './expander-button';
import { SidePanel } from '../../components/ui/side-panel';
import {
  useAllSubjectsOfTeacherQuery,
  useTeacherToSubjectExcelMutation,
  useUnlockTeacherChoicesMutation,
} from './subject-confirmation-api';

function TeacherEntry({ entry, onUnlock }: { entry: TeacherSubjectMapEntry; onUnlock: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const name = entry.teacher.profile.name;
  const streams = entry.selected_subjects ?? [];
  return (
    <li aria-label={name} className="rounded-xl border border-slate-200 p-3">
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium text-slate-900">{name}</span>
        <div className="flex items-center gap-1">
          <Button size="sm" variant="secondary" onClick={onUnlock}>
            Unlock choice
          </Button>
          <ExpanderButton
            label={`Subjects of ${name}`}
            expanded={expanded}
            onToggle={() => setExpanded(!expanded)}
          />
        </div>
      </div>
      {expanded ? (
        <div className="mt-3 flex flex-col gap-3">
          {streams.length === 0 ? <p className="text-sm text-slate-500">No Subject choice found</p> : null}
          {streams.map((stream) => (
            <div key={stream.stream_name}>
              <p className="text-sm font-semibold text-slate-700">
                {stream.stream_name.split('|')[0]?.trim()} {stream.choices_locked ? '(locked)' : ''}
              </p>
              {stream.subjects.length === 0 ? (
                <p className="text-sm text-slate-500">No Subject choice found</p>
              ) : (
                <ol className="flex flex-col gap-1 text-sm">
                  {stream.subjects.map((subject) => (
                    <li key={subject.subject_code} className="flex justify-between gap-2">
                      <span>
                        {subject.ordering}. {subject.subject_name} ({subject.subject_code})
                      </span>
                      <span className="text-slate-500">Sem {subject.sem_year}</span>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The "Teacher to subject map" side panel (contract §9.11-9.13): every teacher with their chosen
 * subjects per stream, "Unlock choice" after a confirmation, and "Download Excel file".
 */
export function TeacherMapPanel({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const entries = useAllSubjectsOfTeacherQuery(undefined, { skip: !open, refetchOnMountOrArgChange: true });
  const [unlockTeacher] = useUnlockTeacherChoicesMutation();
  const [fetchExcel, fetching] = useTeacherToSubjectExcelMutation();
  const [confirming, setConfirming] = useState<TeacherSubjectMapEntry | null>(null);

  const unlock = async (entry: TeacherSubjectMapEntry) => {
    setConfirming(null);
    const result = await unlockTeacher({ teacherSlug: entry.teacher.slug });
    if (result.data) {
      toast.success(`Subject choice for facult - ${entry.teacher.profile.name} is successfully unlock..!!`);
    }
  };
  const download = async () => {
    const result = await fetchExcel();
    if (result.data) downloadExcel(result.data);
  };

  return (
    <SidePanel open={open} onOpenChange={onOpenChange} title="Teacher to subject map">
      <div className="flex flex-col gap-3">
        <Button variant="secondary" disabled={fetching.isLoading} onClick={() => void download()}>
          Download Excel file
        </Button>
        {entries.isFetching && !entries.data ? <Skeleton className="h-24" /> : null}
        <ul aria-label="Teachers" className="flex flex-col gap-2">
          {(entries.data ?? []).map((entry) => (
            <TeacherEntry key={entry.teacher.slug} entry={entry} onUnlock={() => setConfirming(entry)} />
          ))}
        </ul>
      </div>
      <Dialog
        open={confirming !== null}
        onOpenChange={(next) => (next ? undefined : setConfirming(null))}
        title="Unlock choice"
        description={
          confirming
            ? `Are you sure you want to unlock subject choice of ${confirming.teacher.profile.name}`
            : ''
        }
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button onClick={() => confirming && void unlock(confirming)}>Unlock</Button>
        </div>
      </Dialog>
    </SidePanel>
  );
}
