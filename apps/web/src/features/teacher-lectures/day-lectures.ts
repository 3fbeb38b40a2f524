import type { LectureTeacher, TeacherTimetableBranch } from '@rollbook/contract';

/** One branch of the day with its lectures in time order. */
export interface BranchLectures {
  branchName: string;
  branchSlug: string;
  lectures: LectureTeacher[];
}

/**
 * Flattens the teacher timetable (contract §6.4: only `streams[0]` of a branch is read) into the
 * lectures of each branch, once each (a merged lecture is listed under every division it
 * serves), ordered by start time.
 */
export function lecturesByBranch(branches: readonly TeacherTimetableBranch[]): BranchLectures[] {
  return branches.map((branch) => {
    const seen = new Map<string, LectureTeacher>();
    for (const semester of branch.streams[0]?.semesters ?? []) {
      for (const division of semester.divisions) {
        for (const lecture of division.timetable.schedule?.lectures ?? []) {
          if (!seen.has(lecture.slug)) seen.set(lecture.slug, lecture);
        }
      }
    }
    return {
      branchName: branch.branch_name,
      branchSlug: branch.slug,
      lectures: [...seen.values()].sort((a, b) => a.start_time.localeCompare(b.start_time)),
    };
  });
}
