import { NativeSelect } from '../../components/ui/native-select';
import { Skeleton } from '../../components/ui/skeleton';
import type { DivisionPickers } from './use-division-pickers';
import { inLabelOrder } from '../../lib/option-order';

/**
 * The Stream and Semester pickers (product spec §2): streams read "title - stream_code
 * branch_name", semesters "Semester - no"; the semester picker is a loading skeleton until a
 * stream is chosen and its semesters have arrived.
 */
export function DivisionPickerFields({ pickers }: { pickers: DivisionPickers }) {
  return (
    <div className="flex flex-wrap items-end gap-4">
      <NativeSelect
        label="Stream"
        placeholder="Select Stream"
        value={pickers.streamSlug}
        onChange={pickers.chooseStream}
        options={inLabelOrder(
          pickers.streams.map((stream) => ({
            value: stream.slug,
            label: `${stream.title} - ${stream.stream_code} ${stream.branch.branch_name}`,
          })),
        )}
      />
      {pickers.semestersLoading ? (
        <div
          className="flex min-w-48 flex-col gap-1.5"
          role="status"
          aria-label="Semesters load once a stream is chosen"
        >
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-10" />
        </div>
      ) : (
        <NativeSelect
          label="Semester"
          placeholder="Select Semester"
          value={pickers.semesterSlug}
          onChange={pickers.chooseSemester}
          options={pickers.semesters.map((semester) => ({
            value: semester.slug,
            label: `Semester - ${semester.no}`,
          }))}
        />
      )}
    </div>
  );
}
