import { Users } from 'lucide-react';
import { DivisionRoster } from '../../components/division-roster';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText, isApiError } from '../../lib/api/api-error';
import { PageTitle } from '../../lib/page-title';
import { useStudentOwnDivisionQuery } from './student-division-api';

/** The card shown while the student has no division yet (the server answers 404). */
export const NO_DIVISION_TEXT = 'You have not been placed in a division yet.';

function NoDivision() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
      <Users className="size-10 text-brand-500" aria-hidden />
      <h2 className="text-lg font-semibold text-slate-900">No division yet</h2>
      <p className="text-slate-600">{NO_DIVISION_TEXT}</p>
    </div>
  );
}

/**
 * The student's own division (`/student-dashboard/division`, contract §11.3): the division name,
 * its size, and who is in which lab batch. A student not placed yet sees a card saying so; any
 * other failure is shown with a retry button.
 */
export function StudentDivisionPage({ title }: { title: string }) {
  // Divisions are confirmed by an admin at any time: always ask again on arrival.
  const division = useStudentOwnDivisionQuery(undefined, { refetchOnMountOrArgChange: true });
  const notPlaced = isApiError(division.error) && division.error.statusCode === 404;

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-5">
      <PageTitle title={title} />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {division.isLoading ? (
        <div role="status" aria-label="Loading your division" className="flex flex-col gap-3">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-48" />
        </div>
      ) : null}
      {notPlaced ? <NoDivision /> : null}
      {division.isError && !notPlaced ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4"
        >
          <p className="text-red-800">
            {errorText(division.error, 'Error fetching division. See console for more information.')}
          </p>
          <Button variant="secondary" onClick={() => void division.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {division.data && !division.isError ? <DivisionRoster division={division.data} /> : null}
    </section>
  );
}
