import type { Subject } from '@rollbook/contract';
import { CalendarClock, ListOrdered } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { ClosedNotice } from '../../components/feedback/closed-notice';
import { PageTitle } from '../../lib/page-title';
import { choicePayload } from './choice-payload';
import { ChoosableSubject } from './choosable-subject';
import { PriorityList } from './priority-list';
import { SavedChoices } from './saved-choices';
import { SidePanel } from '../../components/ui/side-panel';
import {
  useGetTeachersSubjectChoicesQuery,
  useMarkSubjectChoicesOfTeacherMutation,
  useUnsaveSubjectChoicesForTeacherMutation,
} from './teacher-subject-choice-api';
import { TypedConfirmDialog } from '../../components/ui/typed-confirm-dialog';

/** The slide-over's title (product spec §2). */
export const PRIORITY_PANEL_TITLE = 'Adjust Priority By Drag & Drop';

/**
 * The teacher's subject choice (`/teacher-dashboard/subject-choice`, contract §11.1): pick subjects
 * of every stream, order them by dragging in the priority slide-over, save, and reopen saved
 * choices by typing `unsave`.
 */
export function TeacherSubjectChoicePage({ title }: { title: string }) {
  // Always fresh on arrival: an admin may have locked, reset or reopened choices since last visit.
  const choices = useGetTeachersSubjectChoicesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [markChoices, marking] = useMarkSubjectChoicesOfTeacherMutation();
  const [unsaveChoices] = useUnsaveSubjectChoicesForTeacherMutation();
  const [picked, setPicked] = useState<Subject[]>([]);
  const [panel, setPanel] = useState<'priority' | 'unsave' | null>(null);
  const state = choices.data;
  const { choices_saved: saved, choices_locked: locked } = state?.subject_choices ?? {
    choices_saved: false,
    choices_locked: false,
  };

  const toggle = (subject: Subject) => {
    const isPicked = picked.some((candidate) => candidate.slug === subject.slug);
    if (!isPicked && subject.similar_subjects?.length) {
      const branches = subject.similar_subjects.map((twin) => twin.branch_name).join(', ');
      toast.warning(`Same subject from ${branches} will also be selected`);
    }
    setPicked((current) =>
      isPicked ? current.filter((candidate) => candidate.slug !== subject.slug) : [...current, subject],
    );
  };
  const save = async () => {
    const result = await markChoices({ subject_choices: choicePayload(picked) });
    if (!result.data) return;
    setPanel(null);
    setPicked([]);
    toast.success('Subjects saved successfully');
  };
  const unsave = async () => {
    setPanel(null);
    const result = await unsaveChoices();
    if (result.data) toast.success('Now your choice is open to modify subject selection');
  };

  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-5">
      <PageTitle title={title} />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {choices.isLoading ? (
        <div role="status" aria-label="Loading subjects" className="flex flex-col gap-3">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : null}
      {state?.subject_choice_deadline && !locked ? (
        <p className="flex items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
          <CalendarClock className="size-5" aria-hidden />
          <span>
            Decision Deadline : <strong>{state.subject_choice_deadline}</strong>
          </span>
        </p>
      ) : null}
      {state && saved ? (
        <>
          <SavedChoices streams={state.subject_choices.saved_subjects} />
          {locked ? (
            <ClosedNotice summary="Your subject choices are locked." reason={state.closed_reason} />
          ) : (
            <Button variant="secondary" className="self-end" onClick={() => setPanel('unsave')}>
              Unsave
            </Button>
          )}
        </>
      ) : null}
      {state && !saved && locked ? (
        <ClosedNotice summary="Subject choices are closed for now." reason={state.closed_reason} />
      ) : null}
      {state && !saved && !locked ? (
        <>
          {state.subject_choices.available_subjects.length === 0 ? (
            <p className="text-slate-600">No subjects are open for choosing.</p>
          ) : null}
          {state.subject_choices.available_subjects.map((group) => (
            <section
              key={group.stream}
              id={group.stream}
              aria-label={group.stream}
              className="flex flex-col gap-3"
            >
              <h2 className="font-semibold text-slate-900">{group.stream}</h2>
              <ul className="grid gap-3 md:grid-cols-2">
                {group.subjects.map((subject) => (
                  <ChoosableSubject
                    key={subject.slug}
                    subject={subject}
                    selected={picked.some((candidate) => candidate.slug === subject.slug)}
                    onToggle={() => toggle(subject)}
                  />
                ))}
              </ul>
            </section>
          ))}
          {picked.length > 0 ? (
            <Button className="sticky bottom-24 self-end shadow-lg" onClick={() => setPanel('priority')}>
              <ListOrdered className="size-4" aria-hidden />
              {PRIORITY_PANEL_TITLE} ({picked.length})
            </Button>
          ) : null}
        </>
      ) : null}
      <SidePanel
        open={panel === 'priority'}
        onOpenChange={(open) => setPanel(open ? 'priority' : null)}
        title={PRIORITY_PANEL_TITLE}
      >
        <div className="flex flex-col gap-4">
          <PriorityList subjects={picked} onReorder={setPicked} />
          <Button disabled={marking.isLoading || picked.length === 0} onClick={() => void save()}>
            Save Choices
          </Button>
        </div>
      </SidePanel>
      <TypedConfirmDialog
        open={panel === 'unsave'}
        onOpenChange={(open) => setPanel(open ? 'unsave' : null)}
        title="Unsave subject choices"
        word="unsave"
        mismatchText='Please re-type "unsave"'
        confirmLabel="Unsave"
        onConfirm={() => void unsave()}
      />
    </section>
  );
}
