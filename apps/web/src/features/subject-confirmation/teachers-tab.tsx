import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { downloadExcel } from '../../lib/excel-download';
import { NativeSelect } from '../../components/ui/native-select';
import { SemesterFilterFields } from './semester-filter-fields';
import { useSubjectToTeacherExcelMutation, useTeachersForSubjectQuery } from './subject-confirmation-api';
import { SubjectSummary } from './subject-summary';
import { TeacherChoiceTable } from './teacher-choice-table';
import { TeacherMapPanel } from './teacher-map-panel';
import { useInfoToast } from '../../lib/use-info-toast';
import { useSemesterFilter } from './use-semester-filter';

/**
 * The Teachers tab: Stream → Semester → Subject, the teachers who chose that subject, the
 * "Teacher to subject map" panel and the "Subject to teacher map" download.
 */
export function TeachersTab() {
  const [subjectSlug, setSubjectSlug] = useState('');
  const [mapOpen, setMapOpen] = useState(false);
  const filter = useSemesterFilter(() => setSubjectSlug(''));
  const subjects = filter.semester?.subjects ?? [];
  const subject = subjects.find((candidate) => candidate.slug === subjectSlug);
  const teachers = useTeachersForSubjectQuery(subjectSlug, { skip: !subjectSlug });
  const [fetchExcel, fetching] = useSubjectToTeacherExcelMutation();
  useInfoToast(subjects.length > 0 && !subjectSlug, 'Please select the Subject');

  const download = async () => {
    const result = await fetchExcel();
    if (result.data) downloadExcel(result.data);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <SemesterFilterFields filter={filter} />
        <NativeSelect
          label="Subject"
          placeholder="Select subject"
          value={subjectSlug}
          disabled={subjects.length === 0}
          onChange={setSubjectSlug}
          options={subjects.map((candidate) => ({ value: candidate.slug, label: candidate.subject_name }))}
        />
        <div className="ml-auto flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setMapOpen(true)}>
            Teacher to subject map
          </Button>
          <Button variant="secondary" disabled={fetching.isLoading} onClick={() => void download()}>
            Subject to teacher map
          </Button>
        </div>
      </div>
      {subject && teachers.data ? (
        <>
          <SubjectSummary name={subject.subject_name} total={teachers.data.length} />
          <TeacherChoiceTable rows={teachers.data} />
        </>
      ) : null}
      <TeacherMapPanel open={mapOpen} onOpenChange={setMapOpen} />
    </div>
  );
}
