import type { LectureStudent } from '@rollbook/contract';
import { StudentLectureCard } from './student-lecture-card';
import type { useMarking } from './use-marking';

/**
 * A grid of the student's lecture cards, timetable or extra lectures alike, each told whether it is
 * marked, requested or waiting on another marking in progress.
 */
export function LectureCardGrid({
  lectures,
  marking,
  onManual,
}: {
  lectures: readonly LectureStudent[];
  marking: ReturnType<typeof useMarking>;
  onManual: (lecture: LectureStudent) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {lectures.map((lecture) => (
        <StudentLectureCard
          key={lecture.slug}
          lecture={lecture}
          actions={{
            marked: lecture.attendance_marked || marking.marked.has(lecture.slug),
            requested: marking.requested.has(lecture.slug),
            busy: marking.busy !== null,
          }}
          onMark={(l) => void marking.mark(l)}
          onManual={onManual}
        />
      ))}
    </div>
  );
}
