import { describe, expect, it } from 'vitest';
import { LECTURES_TEXT } from '../lecture-text';
import { challengeBandNotice } from './challenge-band-notice';

describe("the notice about the two-way check's band", () => {
  it('says nothing where the band is heard or the institution does not use the check', () => {
    expect(challengeBandNotice({ challenge_band: 'heard', challenge_required: true })).toBeNull();
    expect(challengeBandNotice({})).toBeNull();
  });

  it('says marks are checked without it, or that they come to review where the check is required', () => {
    expect(challengeBandNotice({ challenge_band: 'not_heard', challenge_required: false })).toBe(
      LECTURES_TEXT.challengeBandNotHeard,
    );
    expect(challengeBandNotice({ challenge_band: 'not_heard' })).toBe(LECTURES_TEXT.challengeBandNotHeard);
    const required = challengeBandNotice({ challenge_band: 'not_heard', challenge_required: true });
    expect(required).toBe(LECTURES_TEXT.challengeBandNotHeardRequired);
    expect(required).toMatch(/Review tab/);
  });
});
