import { NativeSelect } from '../../components/ui/native-select';
import type { SemesterFilter } from './use-semester-filter';
import { inLabelOrder } from '../../lib/option-order';

/**
 * The Stream and Semester pickers of a confirmation tab.
 */
export function SemesterFilterFields({ filter }: { filter: SemesterFilter }) {
  return (
    <>
      <NativeSelect
        label="Stream"
        placeholder="Select stream"
        value={filter.streamSlug}
        onChange={filter.chooseStream}
        options={inLabelOrder(
          filter.streams.map((stream) => ({
            value: stream.slug,
            label: `${stream.title} - ${stream.stream_code} ${stream.branch.branch_name}`,
          })),
        )}
      />
      <NativeSelect
        label="Semester"
        placeholder="Select semester"
        value={filter.semesterSlug}
        disabled={!filter.streamSlug}
        onChange={filter.chooseSemester}
        options={filter.semesters.map((semester) => ({
          value: semester.slug,
          label: `Semester - ${semester.no}`,
        }))}
      />
    </>
  );
}
