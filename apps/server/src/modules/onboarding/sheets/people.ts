import type { WorkbookSheet } from '@rollbook/contract';
import { personName } from '../../../domain/new-profiles';
import { keyOf, type ExistingData } from '../existing-data';
import type { Planned, StudentValues, TeacherValues } from '../plan';
import type { SheetRow, SheetTable } from '../sheet-table';
import { ambiguousStreamText, leadingZeroHint, parseRows, planRow, type CheckContext } from './check-context';

/** Which row of the workbook first gave an email: every person needs their own. */
export type EmailOwners = Map<string, { sheet: WorkbookSheet; row: number }>;

/** Refuses an email another row of the workbook already gave; true when the email is free here. */
function claimEmail(row: SheetRow, email: string, owners: EmailOwners): boolean {
  const first = owners.get(email);
  if (first) {
    row.problem(
      'email',
      `${email} is also the email of ${first.sheet} row ${first.row}; every person needs their own email`,
    );
    return false;
  }
  owners.set(email, { sheet: row.sheet, row: row.row });
  return true;
}

function describeOwner(owner: { institutionId: number; role: string }, existing: ExistingData): string {
  if (owner.institutionId !== existing.institutionId) return 'an account of another institution';
  return owner.role === 'admin' ? 'an admin' : `a ${owner.role}`;
}

function sameList(a: (number | undefined)[], b: number[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

/** Teachers: by email; name, teacher code, branches and weekly maximum may change. */
export async function checkTeachers(table: SheetTable | undefined, ctx: CheckContext, owners: EmailOwners) {
  const codeOwner = new Map(ctx.existing.teachers.map((t) => [keyOf(t.teacherCode), t.email]));
  const codeRow = new Map<string, number>();
  const rows = await parseRows(
    table,
    ctx,
    (row) => {
      const email = row.email('email');
      const typed = row.requiredText('name');
      const name = typed === null ? null : personName(typed);
      const teacherCode = row.requiredText('teacher_code', 20);
      const branchCodes = row.list('branch_codes') ?? [];
      if (branchCodes.length === 0 && row.raw('branch_codes') === '')
        row.problem(
          'branch_codes',
          'is empty; expected the codes of the branches they teach in, e.g. 07 or 07, 16',
        );
      for (const code of branchCodes)
        if (!ctx.known.branch(code))
          row.problem(
            'branch_codes',
            `"${code}" is not a branch code of the Branches sheet or of Rollbook${leadingZeroHint(code)}`,
          );
      const maxWeeklyHours = row.int('max_weekly_hours', { min: 1, max: 60 });
      if (email === null) return null;
      if (!claimEmail(row, email, owners)) return null;
      const owner = ctx.existing.emails.get(email);
      const teacher = ctx.existing.teachers.find((t) => t.email === email);
      if (owner && !teacher)
        row.problem(
          'email',
          `${email} already belongs to ${describeOwner(owner, ctx.existing)}; expected an email no one else signs in with`,
        );
      if (teacherCode !== null) {
        const holder = codeOwner.get(keyOf(teacherCode));
        const earlier = codeRow.get(keyOf(teacherCode));
        if (holder !== undefined && holder !== email)
          row.problem(
            'teacher_code',
            `${teacherCode} is already the code of ${holder}; expected a code no other teacher has`,
          );
        else if (earlier !== undefined)
          row.problem(
            'teacher_code',
            `${teacherCode} is also the code on row ${earlier}; expected a code no other teacher has`,
          );
        else codeRow.set(keyOf(teacherCode), row.row);
      }
      if (name === null || teacherCode === null || !row.ok) return null;
      return {
        key: email,
        value: {
          email,
          name,
          teacherCode:
            teacher && keyOf(teacher.teacherCode) === keyOf(teacherCode) ? teacher.teacherCode : teacherCode,
          branchCodes,
          maxWeeklyHours: maxWeeklyHours === undefined ? (teacher?.maxWeeklyHours ?? null) : maxWeeklyHours,
          ...(teacher ? { profileId: teacher.profileId } : {}),
        } satisfies TeacherValues,
      };
    },
    'email',
  );
  return rows.map(({ row, value }): Planned<TeacherValues> => {
    const current = ctx.existing.teachers.find((t) => t.email === value.email);
    if (!current) return planRow(row.row, value);
    const same =
      current.name === value.name &&
      current.teacherCode === value.teacherCode &&
      current.maxWeeklyHours === value.maxWeeklyHours &&
      sameList(
        value.branchCodes.map((c) => ctx.known.branch(c)?.id),
        current.branchIds,
      );
    return planRow(row.row, value, { id: current.teacherId, same });
  });
}

/** Where a student row places the student; `undefined` parts keep the student's current place. */
function placeOf(row: SheetRow, ctx: CheckContext, branchCode: string | null) {
  const streamCode = row.text('stream_code', { max: 20 });
  const no = row.int('semester', { min: 1, max: 12 });
  const academicYear = row.academicYear('academic_year', false);
  if ((no && !academicYear) || (academicYear && !no)) {
    row.problem(
      no ? 'academic_year' : 'semester',
      'semester and academic_year go together; expected both or neither',
    );
    return null;
  }
  if (no && !streamCode) {
    row.problem('stream_code', 'is empty; a student with a semester needs the stream of that semester');
    return null;
  }
  if (branchCode === null) return null;
  if (streamCode) {
    const stream = ctx.known.stream(branchCode, streamCode);
    if (!stream) {
      row.problem(
        'stream_code',
        `branch ${branchCode} has no stream ${streamCode} in the Streams sheet or in Rollbook${leadingZeroHint(streamCode)}`,
      );
      return null;
    }
    if (stream.ambiguous) {
      row.problem('stream_code', ambiguousStreamText(branchCode, streamCode));
      return null;
    }
  }
  if (no && academicYear && streamCode && !ctx.known.semester(branchCode, streamCode, no, academicYear)) {
    row.problem(
      'semester',
      `semester ${no} of ${academicYear} (branch ${branchCode}, stream ${streamCode}) is not in the Semesters sheet or in Rollbook`,
    );
    return null;
  }
  return {
    stream: streamCode === undefined ? undefined : streamCode ? { streamCode } : null,
    semester:
      no === undefined && academicYear === undefined
        ? undefined
        : no && academicYear
          ? { no, academicYear }
          : null,
  };
}

/**
 * A student placed in a division of their semester keeps that branch and semester, as on the People
 * page: the division's list, batches and attendance are of that semester. A row that would move them
 * (another branch, stream or semester, or none) is a problem of the row.
 */
function refuseMovingPlaced(
  row: SheetRow,
  ctx: CheckContext,
  current: CheckContext['existing']['students'][number],
  branchCode: string,
  place: NonNullable<ReturnType<typeof placeOf>>,
) {
  const branchMoves = ctx.known.branch(branchCode)?.id !== current.branchId;
  const semesterId =
    place.semester === undefined
      ? current.semesterId
      : place.semester === null || !place.stream
        ? null
        : ctx.known.semester(
            branchCode,
            place.stream.streamCode,
            place.semester.no,
            place.semester.academicYear,
          )?.id;
  const streamId =
    place.stream === undefined
      ? current.streamId
      : place.stream === null
        ? null
        : ctx.known.stream(branchCode, place.stream.streamCode)?.id;
  if (!branchMoves && semesterId === current.semesterId && streamId === current.streamId) return;
  row.problem(
    branchMoves ? 'branch_code' : semesterId !== current.semesterId ? 'semester' : 'stream_code',
    `${current.name ?? current.enrollment} is already placed in a division of their semester, so their branch and semester cannot change; expected the branch, stream and semester they have`,
  );
}

/** Students: by enrolment; name, email, branch, stream and semester may change. */
export async function checkStudents(table: SheetTable | undefined, ctx: CheckContext, owners: EmailOwners) {
  const byEnrollment = new Map(ctx.existing.students.map((s) => [keyOf(s.enrollment), s]));
  const rows = await parseRows(
    table,
    ctx,
    (row) => {
      const enrollment = row.requiredText('enrollment', 30);
      const typed = row.requiredText('name');
      const name = typed === null ? null : personName(typed);
      const email = row.email('email');
      const branchCode = row.requiredText('branch_code', 20);
      const branchKnown = branchCode !== null && ctx.known.branch(branchCode) !== undefined;
      if (branchCode !== null && !branchKnown)
        row.problem(
          'branch_code',
          `"${branchCode}" is not a branch code of the Branches sheet or of Rollbook${leadingZeroHint(branchCode)}`,
        );
      // An unknown branch has no streams: one problem for the row, not one more per column.
      const place = placeOf(row, ctx, branchKnown ? branchCode : null);
      const current = enrollment === null ? undefined : byEnrollment.get(keyOf(enrollment));
      if (current?.placed && branchKnown && place) refuseMovingPlaced(row, ctx, current, branchCode, place);
      if (email !== null && claimEmail(row, email, owners)) {
        const owner = ctx.existing.emails.get(email);
        if (owner && owner.profileId !== current?.profileId)
          row.problem(
            'email',
            `${email} already belongs to ${describeOwner(owner, ctx.existing)}; expected an email no one else signs in with`,
          );
      }
      if (enrollment === null || name === null || email === null || branchCode === null || !place || !row.ok)
        return null;
      return {
        key: keyOf(enrollment),
        value: {
          enrollment: current?.enrollment ?? enrollment,
          name,
          email,
          branchCode,
          // A column left out keeps the student's stream or semester.
          stream: place.stream ?? (place.stream === null ? null : 'keep'),
          semester: place.semester ?? (place.semester === null ? null : 'keep'),
          ...(current ? { profileId: current.profileId } : {}),
        } satisfies StudentValues,
      };
    },
    'enrollment',
  );
  return rows.map(({ row, value }): Planned<StudentValues> => {
    const current = byEnrollment.get(keyOf(value.enrollment));
    if (!current) return planRow(row.row, value);
    const streamCode = value.stream === 'keep' || value.stream === null ? undefined : value.stream.streamCode;
    const streamId = streamCode === undefined ? null : ctx.known.stream(value.branchCode, streamCode)?.id;
    const semesterId =
      streamCode === undefined || value.semester === 'keep' || value.semester === null
        ? null
        : ctx.known.semester(value.branchCode, streamCode, value.semester.no, value.semester.academicYear)
            ?.id;
    const same =
      current.name === value.name &&
      current.email === value.email &&
      current.branchId === ctx.known.branch(value.branchCode)?.id &&
      (value.stream === 'keep' || current.streamId === streamId) &&
      (value.semester === 'keep' || current.semesterId === semesterId);
    return planRow(row.row, value, { id: current.studentId, same });
  });
}
