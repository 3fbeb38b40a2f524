import type { StudentChoiceRow } from '@rollbook/contract';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { ClosedNotice } from '../../components/feedback/closed-notice';
import { downloadExcel } from '../../lib/excel-download';
import { NativeSelect } from '../../components/ui/native-select';
import { SemesterFilterFields } from './semester-filter-fields';
import { StudentChoiceTable } from './student-choice-table';
import {
  useComplementarySubjectsQuery,
  useStudentsForSubjectQuery,
  useStudentToSubjectExcelMutation,
  useUnlockStudentChoiceMutation,
} from './subject-confirmation-api';
import { SubjectSummary } from './subject-summary';
import { TypedConfirmDialog } from '../../components/ui/typed-confirm-dialog';
import { useInfoToast } from '../../lib/use-info-toast';
import { useSemesterFilter } from './use-semester-filter';

/**
 * The Students tab: Stream → Semester → Subject Category → Subject, the students who chose that
 * subject (a locked choice can be deleted after typing `delete`) and the "Student to Subject Map"
 * download of the semester.
 */
export function StudentsTab() {
  const [categorySlug, setCategorySlug] = useState('');
  const [subjectSlug, setSubjectSlug] = useState('');
  const [deleting, setDeleting] = useState<StudentChoiceRow | null>(null);
  const filter = useSemesterFilter(() => {
    setCategorySlug('');
    setSubjectSlug('');
  });
  const categories = useComplementarySubjectsQuery(filter.semesterSlug, { skip: !filter.semesterSlug });
  const category = categories.data?.find((candidate) => candidate.slug === categorySlug);
  const subject = category?.subjects.find((candidate) => candidate.slug === subjectSlug);
  const students = useStudentsForSubjectQuery(subjectSlug, { skip: !subjectSlug });
  const [fetchExcel, fetching] = useStudentToSubjectExcelMutation();
  const [unlockChoice] = useUnlockStudentChoiceMutation();
  useInfoToast(Boolean(categories.data?.length) && !categorySlug, 'please select the Subject Category');
  useInfoToast(Boolean(category) && !subjectSlug, 'Please select the Subject');

  const download = async () => {
    if (!filter.semesterSlug) {
      toast.info('please select the semester');
      return;
    }
    const result = await fetchExcel(filter.semesterSlug);
    if (result.data) downloadExcel(result.data);
  };
  const remove = async (row: StudentChoiceRow) => {
    setDeleting(null);
    const result = await unlockChoice({ subject_slug: subjectSlug, subject_choices_slug: row.slug });
    if (!result.data) return;
    if (result.data.subject_delete) toast.success('Subject deleted successfully');
    else toast.error('Please Try Again');
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <SemesterFilterFields filter={filter} />
        <NativeSelect
          label="Subject Category"
          placeholder="Select category"
          value={categorySlug}
          disabled={!categories.data?.length}
          onChange={(slug) => {
            setCategorySlug(slug);
            setSubjectSlug('');
          }}
          options={(categories.data ?? []).map((candidate) => ({
            value: candidate.slug,
            label: candidate.category,
          }))}
        />
        <NativeSelect
          label="Subject"
          placeholder="Select subject"
          value={subjectSlug}
          disabled={!category}
          onChange={setSubjectSlug}
          options={(category?.subjects ?? []).map((candidate) => ({
            value: candidate.slug,
            label: candidate.subject_name,
          }))}
        />
        <Button
          variant="secondary"
          className="ml-auto"
          disabled={fetching.isLoading}
          onClick={() => void download()}
        >
          Student to Subject Map
        </Button>
      </div>
      {subject && students.data ? (
        <>
          <SubjectSummary name={subject.subject_name} total={students.data.length} />
          <RemovalClosed rows={students.data} />
          <StudentChoiceTable rows={students.data} subjectSlug={subjectSlug} onDelete={setDeleting} />
        </>
      ) : null}
      <TypedConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete student choice"
        word="delete"
        mismatchText="please type 'delete' for delete student choice"
        confirmLabel="Delete"
        onConfirm={() => deleting && void remove(deleting)}
      />
    </div>
  );
}

/** Why no row offers a delete, when the server said removals are closed (the divisions exist). */
function RemovalClosed({ rows }: { rows: readonly StudentChoiceRow[] }) {
  const reason = rows.find((row) => row.removal_closed_reason)?.removal_closed_reason;
  return reason ? <ClosedNotice summary={`${reason}.`} /> : null;
}
