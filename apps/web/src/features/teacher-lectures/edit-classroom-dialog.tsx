import { TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import type { Classroom, LectureTeacher } from '@rollbook/contract';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { LECTURES_TEXT } from './lecture-text';

/** A classroom the teacher picked, waiting for confirmation. */
export interface PendingClassroom {
  lecture: LectureTeacher;
  classroom: Classroom;
  /** Who already teaches in that room at that time (a display string), or null. */
  associatedTeacher: string | null;
}

/**
 * "Edit classroom" (product spec §2): names the lecture and the room, warns when the room is
 * already tied to another lecture and then asks "Do you want to merge this lecture ?".
 */
export function EditClassroomDialog({
  pending,
  saving,
  onCancel,
  onSave,
}: {
  pending: PendingClassroom | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (merge: boolean) => void;
}) {
  const [merge, setMerge] = useState(false);
  const mergeId = useId();
  return (
    <Dialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) {
          setMerge(false);
          onCancel();
        }
      }}
      title={LECTURES_TEXT.editClassroom}
    >
      {pending ? (
        <div className="flex flex-col gap-4 text-sm text-slate-700">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="font-medium text-slate-500">Subject</dt>
            <dd>{pending.lecture.subject.subject_map.subject_name}</dd>
            <dt className="font-medium text-slate-500">Teacher</dt>
            <dd>{pending.lecture.teacher.profile.name}</dd>
            <dt className="font-medium text-slate-500">Classroom</dt>
            <dd>{pending.classroom.class_name}</dd>
          </dl>
          {pending.associatedTeacher !== null ? (
            <>
              <p role="alert" className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-amber-900">
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                {`${pending.associatedTeacher} already has a lecture in selected class`}
              </p>
              <div className="flex items-center gap-2">
                <input
                  id={mergeId}
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={merge}
                  onChange={(event) => setMerge(event.target.checked)}
                />
                <label htmlFor={mergeId}>{LECTURES_TEXT.mergeQuestion}</label>
              </div>
            </>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button
              variant="secondary"
              onClick={() => {
                setMerge(false);
                onCancel();
              }}
            >
              Cancel
            </Button>
            <Button
              disabled={saving}
              onClick={() => {
                onSave(merge);
                setMerge(false);
              }}
            >
              {saving ? 'Saving...' : LECTURES_TEXT.saveChanges}
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
