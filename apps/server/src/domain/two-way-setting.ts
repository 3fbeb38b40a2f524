/**
 * An institution's two-way check (issue 17; sessions-0006, presence-0018): `off`; `on` (applied
 * where the teacher's microphone hears the phones' answer, otherwise the mark is judged on the
 * other checks and says so); `required` (where it cannot be applied, the mark goes to the teacher's
 * review).
 */
export type TwoWaySetting = 'off' | 'on' | 'required';

/** The setting of the institution's two columns (a requirement without the check does nothing). */
export function twoWaySettingOf(columns: {
  twoWayCheck: boolean;
  twoWayCheckRequired: boolean;
}): TwoWaySetting {
  if (!columns.twoWayCheck) return 'off';
  return columns.twoWayCheckRequired ? 'required' : 'on';
}
