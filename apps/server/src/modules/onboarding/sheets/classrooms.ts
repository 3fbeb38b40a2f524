import { keyOf } from '../existing-data';
import type { ClassroomValues, Planned } from '../plan';
import type { SheetRow, SheetTable } from '../sheet-table';
import { leadingZeroHint, parseRows, planRow, type CheckContext } from './check-context';

const DEFAULT_RADIUS_M = 100;

/** What a row says, `undefined` where its column is absent (keep the room's value). */
interface ClassroomRow {
  name: string;
  kind: 'classroom' | 'lab' | undefined;
  latitude: number;
  longitude: number;
  radiusM: number | undefined;
  capacity: number | null | undefined;
  branchCodes: string[] | undefined;
}

function parseClassroom(row: SheetRow, ctx: CheckContext): ClassroomRow | null {
  const name = row.requiredText('name', 100);
  const kindText = row.raw('kind');
  let kind: 'classroom' | 'lab' | undefined;
  if (kindText !== undefined) {
    const k = kindText.toLowerCase();
    if (k === '' || k === 'classroom') kind = 'classroom';
    else if (k === 'lab') kind = 'lab';
    else row.problem('kind', `"${kindText}" is not a kind of room; expected classroom or lab`);
  }
  const latitude =
    row.decimal('latitude', { min: -90, max: 90, required: true, what: 'decimal degrees' }) ?? null;
  const longitude =
    row.decimal('longitude', { min: -180, max: 180, required: true, what: 'decimal degrees' }) ?? null;
  if (latitude === 0 && longitude === 0)
    row.problem(
      'latitude',
      '0, 0 is in the Atlantic Ocean; expected the room’s position (decimal degrees from a map)',
    );
  const radius = row.int('radius_m', { min: 10, max: 5000 });
  const capacity = row.int('capacity', { min: 1, max: 10_000 });
  const branchCodes = row.list('branch_codes');
  for (const code of branchCodes ?? []) {
    if (!ctx.known.branch(code))
      row.problem(
        'branch_codes',
        `"${code}" is not a branch code of the Branches sheet or of Rollbook${leadingZeroHint(code)}`,
      );
  }
  if (name === null || latitude === null || longitude === null || !row.ok) return null;
  return {
    name,
    kind,
    latitude,
    longitude,
    radiusM: radius === undefined ? undefined : (radius ?? DEFAULT_RADIUS_M),
    capacity,
    branchCodes,
  };
}

/** Classrooms: by name; position, radius, capacity, kind and branches may change. */
export async function checkClassrooms(table: SheetTable | undefined, ctx: CheckContext) {
  const rows = await parseRows(
    table,
    ctx,
    (row) => {
      const value = parseClassroom(row, ctx);
      return value ? { key: keyOf(value.name), value } : null;
    },
    'name',
  );
  const branchIdOf = (code: string) => ctx.known.branch(code)?.id;
  return rows.map(({ row, value }): Planned<ClassroomValues> => {
    const current = ctx.existing.classrooms.find((c) => keyOf(c.name) === keyOf(value.name));
    // An empty branch list means every branch; an absent column keeps the room's branches.
    let branchCodes =
      value.branchCodes && value.branchCodes.length > 0 ? value.branchCodes : ctx.known.allBranchCodes();
    if (value.branchCodes === undefined && current) {
      branchCodes = ctx.existing.branches.filter((b) => current.branchIds.includes(b.id)).map((b) => b.code);
    }
    const values: ClassroomValues = {
      name: current?.name ?? value.name,
      kind: value.kind ?? current?.kind ?? 'classroom',
      latitude: value.latitude,
      longitude: value.longitude,
      radiusM: value.radiusM ?? current?.radiusM ?? DEFAULT_RADIUS_M,
      capacity: value.capacity === undefined ? (current?.capacity ?? null) : value.capacity,
      branchCodes,
    };
    if (!current) return planRow(row.row, values);
    const ids = branchCodes.map(branchIdOf);
    const known = ids.filter((id): id is number => id !== undefined);
    const sameBranches =
      known.length === ids.length &&
      [...new Set(known)].sort((a, b) => a - b).join(',') === current.branchIds.join(',');
    const same =
      sameBranches &&
      values.kind === current.kind &&
      values.latitude === current.latitude &&
      values.longitude === current.longitude &&
      values.radiusM === current.radiusM &&
      values.capacity === current.capacity;
    return planRow(row.row, values, { id: current.id, same });
  });
}
