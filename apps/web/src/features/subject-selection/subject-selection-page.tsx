import type { SemesterFull } from '@rollbook/contract';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { PageTitle } from '../../lib/page-title';
import { ExtendDeadlineDialog } from './extend-deadline-dialog';
import { LockSubjectsPanel, type LockSubjectsChoice } from './lock-subjects-panel';
import { NativeSelect } from '../../components/ui/native-select';
import { semesterActions } from './semester-actions';
import { SubjectGrid } from './subject-grid';
import {
  useAddSubjectsToSemesterMutation,
  useExtendSubjectChoiceDeadlineMutation,
  useGetSemestersFromStreamQuery,
  useGetStreamsQuery,
  useGetSubjectsFromAcademicYearQuery,
  useUnlockSubjectChoicesMutation,
} from './subject-selection-api';
import { TypedConfirmDialog } from '../../components/ui/typed-confirm-dialog';
import { useInfoToast } from '../../lib/use-info-toast';
import { inLabelOrder } from '../../lib/option-order';

function selectedSlugsOf(semester: SemesterFull | undefined): Set<string> {
  return new Set(semester?.subjects?.map((subject) => subject.slug) ?? []);
}

/**
 * The admin's subject selection (`/subject/subject-select`, product spec §2 and §4): pick stream,
 * semester and academic year, select subjects, lock them with a deadline, unlock after the deadline
 * and extend the deadline.
 */
export function SubjectSelectionPage({ title }: { title: string }) {
  const [streamSlug, setStreamSlug] = useState('');
  const [semesterSlug, setSemesterSlug] = useState('');
  const [year, setYear] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [panel, setPanel] = useState<'lock' | 'unlock' | 'extend' | null>(null);

  const streams = useGetStreamsQuery();
  const semesters = useGetSemestersFromStreamQuery(streamSlug, { skip: !streamSlug });
  const semester = semesters.data?.find((candidate) => candidate.slug === semesterSlug);
  const pickingYear = Boolean(semester) && semester?.subjects === null;
  const catalogue = useGetSubjectsFromAcademicYearQuery(
    { semesterSlug, year },
    { skip: !pickingYear || !year },
  );
  const [addSubjects, locking] = useAddSubjectsToSemesterMutation();
  const [unlockChoices] = useUnlockSubjectChoicesMutation();
  const [extendDeadline, extending] = useExtendSubjectChoiceDeadlineMutation();

  useInfoToast(streams.isSuccess && !streamSlug, 'Please select the stream.');
  useInfoToast(Boolean(streamSlug) && semesters.isSuccess && !semesterSlug, 'please select the semester');
  useInfoToast(pickingYear && !year, 'please select the year');

  const subjects = semester?.subjects ?? (pickingYear && year ? catalogue.data : undefined);
  const actions = semesterActions(semester, selected.size);
  const selectedSubjects = (subjects ?? []).filter((subject) => selected.has(subject.slug));

  const chooseStream = (slug: string) => {
    setStreamSlug(slug);
    setSemesterSlug('');
    setYear('');
    setSelected(new Set());
  };
  const chooseSemester = (slug: string) => {
    setSemesterSlug(slug);
    setYear('');
    setSelected(selectedSlugsOf(semesters.data?.find((candidate) => candidate.slug === slug)));
  };
  const chooseYear = (value: string) => {
    setYear(value);
    setSelected(new Set());
  };
  const toggle = (slug: string) => {
    if (!actions.canToggle) return;
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(slug)) next.delete(slug);
      else next.add(slug);
      return next;
    });
  };

  const lock = async ({ nonTechSubjects, deadlineTimestamp }: LockSubjectsChoice) => {
    const result = await addSubjects({
      streamSlug,
      body: {
        semester_slug: semesterSlug,
        subject_slugs: selectedSubjects.map((subject) => subject.slug),
        deadline_timestamp: deadlineTimestamp,
        non_tech_subjects: nonTechSubjects,
      },
    });
    if (!result.data) return;
    setSelected(new Set(result.data.map((subject) => subject.slug)));
    setPanel(null);
    toast.success('Subjects are successfully Locked');
  };
  const unlock = async () => {
    setPanel(null);
    await unlockChoices({ streamSlug, body: { semester_slug: semesterSlug } });
  };
  const extend = async (deadlineTimestamp: number) => {
    const result = await extendDeadline({
      streamSlug,
      body: { semester_slug: semesterSlug, new_deadline_timestamp: deadlineTimestamp },
    });
    if (!result.data) return;
    if (!result.data.is_changed) {
      toast.error('Please Try Again');
      return;
    }
    setPanel(null);
    toast.success('Deadline is successfully updated');
  };

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-5">
      <PageTitle title={title} />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <div className="flex flex-wrap items-end gap-4">
        <NativeSelect
          label="Stream"
          placeholder="Select stream"
          value={streamSlug}
          onChange={chooseStream}
          options={inLabelOrder(
            (streams.data ?? []).map((stream) => ({
              value: stream.slug,
              label: `${stream.title} - ${stream.stream_code} ${stream.branch.branch_name}`,
            })),
          )}
        />
        {streamSlug ? (
          <NativeSelect
            label="Semester"
            placeholder="Select semester"
            value={semesterSlug}
            onChange={chooseSemester}
            options={(semesters.data ?? []).map((candidate) => ({
              value: candidate.slug,
              label: `Semester - ${candidate.no}`,
            }))}
          />
        ) : null}
        {pickingYear && semester ? (
          <NativeSelect
            label="Academic Year"
            placeholder="Select year"
            value={year}
            onChange={chooseYear}
            options={semester.years.map((option) => ({ value: option, label: option }))}
          />
        ) : null}
        <div className="ml-auto flex flex-wrap gap-2">
          {semester ? (
            <Button variant="secondary" onClick={() => setPanel('extend')}>
              Extend Deadline
            </Button>
          ) : null}
          {actions.canUnlock ? (
            <Button variant="destructive" onClick={() => setPanel('unlock')}>
              Unlock Subject Selection
            </Button>
          ) : null}
          {actions.canLock ? (
            <Button onClick={() => setPanel('lock')}>Lock Subjects ({selected.size})</Button>
          ) : null}
        </div>
      </div>
      {semester?.subject_choice_deadline ? (
        <p
          role="note"
          className="flex items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900"
        >
          <CalendarClock className="size-5" aria-hidden />
          <span>
            Decision Deadline : <strong>{semester.subject_choice_deadline}</strong>
          </span>
        </p>
      ) : null}
      <SubjectGrid
        subjects={subjects}
        loading={semesters.isFetching || catalogue.isFetching}
        selected={selected}
        locked={!actions.canToggle}
        onToggle={toggle}
      />
      <LockSubjectsPanel
        key={`${semesterSlug}-${panel === 'lock'}`}
        open={panel === 'lock'}
        onOpenChange={(open) => setPanel(open ? 'lock' : null)}
        subjects={selectedSubjects}
        busy={locking.isLoading}
        onLock={(choice) => void lock(choice)}
      />
      <TypedConfirmDialog
        open={panel === 'unlock'}
        onOpenChange={(open) => setPanel(open ? 'unlock' : null)}
        title="Unlock Subject Selection"
        word="unlock"
        mismatchText='Please re-type "unlock"'
        confirmLabel="Unlock"
        onConfirm={() => void unlock()}
      />
      <ExtendDeadlineDialog
        key={`extend-${panel === 'extend'}`}
        open={panel === 'extend'}
        onOpenChange={(open) => setPanel(open ? 'extend' : null)}
        busy={extending.isLoading}
        currentDeadline={semester?.subject_choice_deadline ?? null}
        onExtend={(seconds) => void extend(seconds)}
      />
    </section>
  );
}
