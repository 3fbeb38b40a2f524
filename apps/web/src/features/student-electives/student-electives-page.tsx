import { BookOpen, CalendarClock } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { ClosedNotice } from '../../components/feedback/closed-notice';
import { isApiError } from '../../lib/api/api-error';
import { PageTitle } from '../../lib/page-title';
import { ElectiveChoiceForm } from './elective-choice-form';
import { SavedElectives } from './saved-electives';
import {
  useGetStudentsSubjectChoicesQuery,
  useMarkSubjectChoicesOfStudentMutation,
  useUnsaveSubjectChoicesForStudentMutation,
} from './student-electives-api';

/** The card shown when the semester has no electives (contract §11.2, 404). */
export const NO_ELECTIVES_TEXT = 'There is no elective subject for your semester.';

function NoElectives() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
      <BookOpen className="size-10 text-brand-500" aria-hidden />
      <h2 className="text-lg font-semibold text-slate-900">No elective subject</h2>
      <p className="text-slate-600">{NO_ELECTIVES_TEXT}</p>
    </div>
  );
}

/**
 * The student's electives (`/student-dashboard/elective-subject`): the deadline, one radio group
 * per category to save, the saved choices with a way to reopen them, and a card when the semester
 * has no electives.
 */
export function StudentElectivesPage({ title }: { title: string }) {
  // Always fresh on arrival: an admin may have locked, reset or reopened choices since last visit.
  const choices = useGetStudentsSubjectChoicesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [markChoices, marking] = useMarkSubjectChoicesOfStudentMutation();
  const [unsaveChoices, unsaving] = useUnsaveSubjectChoicesForStudentMutation();
  const state = choices.data;
  const missing = isApiError(choices.error) && choices.error.statusCode === 404;

  const save = async (subjectSlugs: string[]) => {
    if (!state) return;
    const result = await markChoices({ subject_choices_slug: state.slug, subject_choices: subjectSlugs });
    if (result.data) toast.success('Subjects are saved Successfully');
  };
  const unsave = async () => {
    if (!state) return;
    const result = await unsaveChoices({ subject_choices_slug: state.slug });
    if (result.data) toast.success('Now your choice is open to modify subject selection');
  };

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageTitle title={title} />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {choices.isLoading ? (
        <div role="status" aria-label="Loading electives" className="flex flex-col gap-3">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : null}
      {missing || (state && state.available_choices.length === 0) ? <NoElectives /> : null}
      {state && state.available_choices.length > 0 ? (
        <>
          {/* A closed choice's deadline would read as an invitation: the notice below says why instead. */}
          {state.deadline_timestamp && !state.choices_locked ? (
            <p className="flex items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
              <CalendarClock className="size-5" aria-hidden />
              <span>
                Decision Deadline : <strong>{state.deadline_timestamp}</strong>
              </span>
            </p>
          ) : null}
          {state.choices_saved ? (
            <>
              <SavedElectives subjects={state.finalized_choices} />
              {state.choices_locked ? (
                <ClosedNotice summary="Your choices are locked." reason={state.closed_reason} />
              ) : (
                <Button
                  variant="secondary"
                  className="self-end"
                  disabled={unsaving.isLoading}
                  onClick={() => void unsave()}
                >
                  Unsave
                </Button>
              )}
            </>
          ) : state.choices_locked ? (
            <ClosedNotice summary="Subject choices are closed for now." reason={state.closed_reason} />
          ) : (
            <ElectiveChoiceForm
              categories={state.available_choices}
              busy={marking.isLoading}
              onSave={(slugs) => void save(slugs)}
            />
          )}
        </>
      ) : null}
    </section>
  );
}
