import type { ExistingData } from './existing-data';
import type { ApplyContext, Tx } from './apply-context';
import {
  applyBranches,
  applyClassrooms,
  applySemesters,
  applyStreams,
  applySubjects,
} from './apply-organisation';
import { applyStudents, applyTeachers } from './apply-people';
import type { WorkbookPlan } from './plan';
import { RowStepper, type ImportProgress } from './progress';

/**
 * Writes a checked plan inside the caller's transaction, sheet by sheet in reference order
 * (branches before the streams that name them, and so on), in batches. Rows marked unchanged
 * are not touched. Answers the ids of the profiles it created (to invite them).
 */
export async function applyWorkbook(
  tx: Tx,
  institutionId: number,
  existing: ExistingData,
  plan: WorkbookPlan,
  progress: ImportProgress,
): Promise<{ createdProfileIds: number[] }> {
  const stepper = new RowStepper(progress);
  const ctx: ApplyContext = {
    tx,
    institutionId,
    existing,
    stepper,
    branchIds: new Map(),
    streamIds: new Map(),
    semesterIds: new Map(),
  };
  const saving = (sheet: keyof WorkbookPlan) => {
    stepper.flush();
    if (plan[sheet].some((p) => p.action !== 'unchanged')) progress.phase(`Saving ${sheet}`);
  };
  saving('Branches');
  await applyBranches(ctx, plan.Branches);
  saving('Streams');
  await applyStreams(ctx, plan.Streams);
  saving('Semesters');
  await applySemesters(ctx, plan.Semesters);
  saving('Classrooms');
  await applyClassrooms(ctx, plan.Classrooms);
  saving('Subjects');
  await applySubjects(ctx, plan.Subjects);
  saving('Teachers');
  const teachers = await applyTeachers(ctx, plan.Teachers);
  saving('Students');
  const students = await applyStudents(ctx, plan.Students);
  stepper.flush();
  return { createdProfileIds: [...teachers, ...students] };
}
