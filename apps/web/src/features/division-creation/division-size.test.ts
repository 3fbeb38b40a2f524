import { describe, expect, it } from 'vitest';
import { estimatedDivisions, SENSIBLE_MAX_DIVISIONS, tooManyDivisionsText } from './division-size';

describe('division size hints', () => {
  it('estimates divisions from the students per division', () => {
    expect(estimatedDivisions(20, '2')).toBe(10);
    expect(estimatedDivisions(40, '20')).toBe(2);
    expect(estimatedDivisions(41, '20')).toBe(3);
    expect(estimatedDivisions(0, '20')).toBe(1);
  });

  it('gives no estimate for a size that is not a whole number of at least one', () => {
    for (const text of ['', ' ', '0', '-3', '2.5', 'ten']) expect(estimatedDivisions(20, text)).toBeNull();
  });

  it('warns only above the sensible bound', () => {
    expect(tooManyDivisionsText(SENSIBLE_MAX_DIVISIONS)).toBeNull();
    expect(tooManyDivisionsText(SENSIBLE_MAX_DIVISIONS + 2)).toContain(
      `${SENSIBLE_MAX_DIVISIONS + 2} divisions`,
    );
  });
});
