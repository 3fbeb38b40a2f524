import { describe, expect, it } from 'vitest';
import { keepsTeacherBand } from './teacher-band-need';

describe("whether a teacher's chunk keeps its band", () => {
  const none = { playsFile: false, levelPending: false, twoWay: false };

  it('drops it only when no reader will open it: a one-way live sheet whose level is known', () => {
    expect(keepsTeacherBand(none)).toBe(false);
  });

  it.each([
    ['a sheet looping the file (its phase is searched in the band)', { playsFile: true }],
    ['a live sheet whose tone level is not known yet', { levelPending: true }],
    ['an institution using the two-way check', { twoWay: true }],
  ])('keeps it for %s', (_why, need) => {
    expect(keepsTeacherBand({ ...none, ...need })).toBe(true);
  });
});
