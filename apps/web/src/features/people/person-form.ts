import {
  AddPersonBodySchema,
  EditPersonBodySchema,
  issuesOf,
  type AddPersonBody,
  type EditPersonBody,
  type PeopleOptions,
  type Person,
  type PersonRole,
} from '@rollbook/contract';
import { inLabelOrder } from '../../lib/option-order';

/** What the add/edit dialog holds while someone types. */
export interface PersonDraft {
  role: PersonRole;
  name: string;
  email: string;
  /** Teachers only. */
  teacherCode: string;
  /** Teachers only: the branches of the caller's they teach in. */
  branchSlugs: string[];
  /** Students only. */
  enrollment: string;
  /** Students only. */
  branchSlug: string;
  /** Students only; '' = no semester. */
  semesterSlug: string;
  /** Adding only. */
  sendInvitation: boolean;
}

export type DraftField = Exclude<keyof PersonDraft, 'role' | 'sendInvitation'>;
export type DraftProblems = Partial<Record<DraftField, string>>;

/** Body field → draft field, so the contract's messages land under the right input. */
const FIELD_OF: Record<string, DraftField> = {
  name: 'name',
  email: 'email',
  teacher_code: 'teacherCode',
  branch_slugs: 'branchSlugs',
  enrollment: 'enrollment',
  branch_slug: 'branchSlug',
  semester_slug: 'semesterSlug',
};

export function emptyDraft(role: PersonRole, options: PeopleOptions | undefined): PersonDraft {
  const onlyBranch = options?.branches.length === 1 ? options.branches[0]!.slug : '';
  return {
    role,
    name: '',
    email: '',
    teacherCode: '',
    branchSlugs: onlyBranch ? [onlyBranch] : [],
    enrollment: '',
    branchSlug: onlyBranch,
    semesterSlug: '',
    sendInvitation: true,
  };
}

/** The caller's branches among a person's (the others are not the caller's to change). */
export function ownBranchSlugs(person: Person, options: PeopleOptions | undefined): string[] {
  const own = new Set(options?.branches.map((b) => b.slug));
  return person.branches.filter((b) => own.has(b.slug)).map((b) => b.slug);
}

export function draftOf(person: Person, options: PeopleOptions | undefined): PersonDraft {
  return {
    role: person.role,
    name: person.name ?? '',
    email: person.email,
    teacherCode: person.teacher_code ?? '',
    branchSlugs: person.role === 'teacher' ? ownBranchSlugs(person, options) : [],
    enrollment: person.enrollment ?? '',
    branchSlug: person.role === 'student' ? (person.branches[0]?.slug ?? '') : '',
    semesterSlug: person.semester?.slug ?? '',
    sendInvitation: false,
  };
}

export function addBody(draft: PersonDraft): AddPersonBody {
  const common = {
    name: draft.name,
    email: draft.email,
    send_invitation: draft.sendInvitation,
  };
  return draft.role === 'teacher'
    ? { role: 'teacher', ...common, teacher_code: draft.teacherCode, branch_slugs: draft.branchSlugs }
    : {
        role: 'student',
        ...common,
        enrollment: draft.enrollment,
        branch_slug: draft.branchSlug,
        semester_slug: draft.semesterSlug || null,
      };
}

/** Only what changed; null when nothing did. */
export function editBody(
  person: Person,
  draft: PersonDraft,
  options: PeopleOptions | undefined,
): EditPersonBody | null {
  const body: EditPersonBody = {};
  if (draft.name.trim() !== (person.name ?? '')) body.name = draft.name;
  if (draft.email.trim().toLowerCase() !== person.email.toLowerCase()) body.email = draft.email;
  if (person.role === 'teacher') {
    if (draft.teacherCode.trim() !== (person.teacher_code ?? '')) body.teacher_code = draft.teacherCode;
    if (draft.branchSlugs.join() !== ownBranchSlugs(person, options).join())
      body.branch_slugs = draft.branchSlugs;
  } else {
    if (draft.enrollment.trim() !== (person.enrollment ?? '')) body.enrollment = draft.enrollment;
    const branchChanged = draft.branchSlug !== (person.branches[0]?.slug ?? '');
    if (branchChanged) body.branch_slug = draft.branchSlug;
    // The server wants the semester with every move, since a semester belongs to one branch.
    if (branchChanged || draft.semesterSlug !== (person.semester?.slug ?? ''))
      body.semester_slug = draft.semesterSlug || null;
  }
  return Object.keys(body).length > 0 ? body : null;
}

/** The contract's own checks, each message placed under its field (first problem per field). */
function problemsOf(
  result:
    ReturnType<typeof AddPersonBodySchema.safeParse> | ReturnType<typeof EditPersonBodySchema.safeParse>,
): DraftProblems {
  if (result.success) return {};
  const problems: DraftProblems = {};
  for (const issue of issuesOf(result.error)) {
    const field = FIELD_OF[issue.path.split('.')[0] ?? ''];
    if (field && !problems[field]) problems[field] = issue.message;
  }
  return problems;
}

export function addProblems(draft: PersonDraft): DraftProblems {
  return problemsOf(AddPersonBodySchema.safeParse(addBody(draft)));
}

export function editProblems(body: EditPersonBody): DraftProblems {
  return problemsOf(EditPersonBodySchema.safeParse(body));
}

/** "BE 07 · Semester 5 (2026-27)" for each semester the caller may place a student in, by branch. */
export function semesterChoices(options: PeopleOptions | undefined, branchSlug: string) {
  const branch = options?.branches.find((b) => b.slug === branchSlug);
  return inLabelOrder(
    (branch?.streams ?? []).flatMap((stream) =>
      stream.semesters.map((semester) => ({
        value: semester.slug,
        label: `${stream.title} ${stream.stream_code} · Semester ${semester.no}${semester.academic_year ? ` (${semester.academic_year})` : ''}`,
      })),
    ),
  );
}
