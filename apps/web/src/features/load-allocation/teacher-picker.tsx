import { useEffect } from 'react';
import { NativeSelect } from '../../components/ui/native-select';
import { errorText } from '../../lib/api/api-error';
import { freeHoursOf, type LineRef } from './allocation-model';
import { useAllocationSubjectTeachersQuery } from './allocation-api';
import { ALLOCATION_TEXT } from './allocation-text';
import type { Editing } from './editing';

/**
 * Teachers who can take `minHours` more hours of a line: everyone but `exclude` with enough free
 * hours, those who ranked the subject first (best rank first), then by free hours. Each option
 * shows the free hours and the teacher's rank of the subject.
 */
export function TeacherPicker({
  editing,
  line,
  minHours,
  exclude,
  label,
  value,
  onChange,
}: {
  editing: Editing;
  line: LineRef;
  minHours: number;
  exclude?: string;
  label: string;
  value: string;
  onChange: (teacherSlug: string) => void;
}) {
  const choosers = useAllocationSubjectTeachersQuery(line.subject);
  const { learnRanks } = editing;
  useEffect(() => {
    if (choosers.data) learnRanks(line.subject, choosers.data);
  }, [choosers.data, learnRanks, line.subject]);

  const candidates = editing.allocation.roster
    .filter((entry) => entry.teacher.slug !== exclude)
    .map((entry) => ({
      teacher: entry.teacher,
      free: freeHoursOf(editing.allocation, entry.teacher.slug),
      rank: editing.rankOf(entry.teacher.slug, line.subject),
    }))
    .filter((candidate) => candidate.free >= minHours)
    .sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || b.free - a.free);

  return (
    <div className="flex flex-col gap-1">
      <NativeSelect
        label={label}
        placeholder={candidates.length === 0 ? ALLOCATION_TEXT.noFreeTeacher : 'Select teacher'}
        value={value}
        disabled={candidates.length === 0}
        onChange={onChange}
        options={candidates.map((candidate) => ({
          value: candidate.teacher.slug,
          label: `${candidate.teacher.profile.name} (${candidate.free} h free, ${
            candidate.rank === null ? 'not ranked' : `priority ${candidate.rank}`
          })`,
        }))}
      />
      {choosers.isError ? (
        <p className="text-xs text-red-700">
          {ALLOCATION_TEXT.ranksFailed}: {errorText(choosers.error, ALLOCATION_TEXT.loadFailed)}
        </p>
      ) : null}
    </div>
  );
}
