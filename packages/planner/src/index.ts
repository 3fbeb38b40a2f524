export type { BatchPolicy, PlannerStudent, PlannerSubject } from './model';
export { choiceGroups, choiceKey } from './divisions/choice-groups';
export type { ChoiceGroup } from './divisions/choice-groups';
export { planDivisions, DEFAULT_TIME_BUDGET_MS } from './divisions/plan-divisions';
export { PlannerInputError, DEFAULT_BALANCE_TOLERANCE } from './divisions/problem';
export { batchCount, splitIntoBatches, subjectInitials, DEFAULT_BATCH_POLICY } from './divisions/batches';
export { checkManualAssignment, planFromManualAssignment, ManualPlanError } from './divisions/manual-plan';
export type { ManualDivision, ManualPlanInput, PlanIssue } from './divisions/manual-plan';
export { toSuggestionResponse } from './divisions/contract-mapping';
export { electiveBatchPrefixes } from './divisions/build-plan';
export type { DivisionDetailShape, HourDeviationShape } from './divisions/contract-mapping';
export { originalExhaustive } from './divisions/original-exhaustive';
export type { OriginalResult } from './divisions/original-exhaustive';
export type {
  DivisionPart,
  DivisionPlan,
  DivisionPlanInput,
  HoursRow,
  PlannedBatch,
  PlannedDivision,
  PlanObjective,
} from './divisions/types';
export { allocateLoad, AllocationInputError } from './allocation/allocate-load';
export { buildTeachingUnits, PRACTICAL_BLOCK_HOURS } from './allocation/units';
export { validateAllocation } from './allocation/validate-allocation';
export type { AllocationViolation } from './allocation/validate-allocation';
export { summariseAllocation } from './allocation/summary';
export { warmUpAllocation, warmUpInstance } from './allocation/warm-up';
export type { WarmUpReport } from './allocation/warm-up';
export { DEFAULT_MAX_HOURS } from './allocation/problem';
export type {
  AllocationInput,
  AllocationReport,
  AllocationResult,
  AllocationWeights,
  PlannerTeacher,
  SubjectAllocation,
  TeacherLoad,
  TeachingUnit,
  UnitAssignment,
  UnitKind,
} from './allocation/types';
