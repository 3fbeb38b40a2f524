import type { ClassroomKind, InstitutionClassroom } from '@rollbook/contract';

/** What the classroom dialog holds: numbers as typed, the ticked branch codes. */
export interface ClassroomForm {
  name: string;
  kind: ClassroomKind;
  latitude: string;
  longitude: string;
  radius: string;
  capacity: string;
  branchCodes: string[];
}

/** A new room starts at the campus point (when there is one) with the usual 100 m radius. */
export function emptyClassroomForm(campus: { latitude: number; longitude: number } | null): ClassroomForm {
  return {
    name: '',
    kind: 'classroom',
    latitude: campus ? String(campus.latitude) : '',
    longitude: campus ? String(campus.longitude) : '',
    radius: '100',
    capacity: '',
    branchCodes: [],
  };
}

export function formFromClassroom(room: InstitutionClassroom): ClassroomForm {
  return {
    name: room.name,
    kind: room.kind,
    latitude: String(room.latitude),
    longitude: String(room.longitude),
    radius: String(room.radius_m),
    capacity: room.capacity === null ? '' : String(room.capacity),
    branchCodes: room.branches.map((b) => b.branch_code),
  };
}

/** A typed number, `empty` when blank, or the text itself (the schema then says "must be a number"). */
function numberOrText<E>(text: string, empty: E): number | string | E {
  const trimmed = text.trim();
  if (trimmed === '') return empty;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The body the dialog stands for, before validation (the call's schema checks it). */
export function bodyFromClassroomForm(f: ClassroomForm): Record<string, unknown> {
  return {
    name: f.name,
    kind: f.kind,
    latitude: numberOrText(f.latitude, undefined),
    longitude: numberOrText(f.longitude, undefined),
    radius_m: numberOrText(f.radius, undefined),
    capacity: numberOrText(f.capacity, null),
    branch_codes: f.branchCodes,
  };
}

/** The dialog field each body path is shown beside. */
export const CLASSROOM_FIELD_OF_PATH: Record<string, keyof ClassroomForm> = {
  name: 'name',
  kind: 'kind',
  latitude: 'latitude',
  longitude: 'longitude',
  radius_m: 'radius',
  capacity: 'capacity',
  branch_codes: 'branchCodes',
};

/** A distance as people read it: metres below a kilometre, else kilometres with one decimal. */
export function distanceText(metres: number): string {
  return metres < 1000 ? `${metres} m` : `${(metres / 1000).toFixed(1)} km`;
}
