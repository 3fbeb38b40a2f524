import { describe, expect, it } from 'vitest';
import { inLabelOrder } from './option-order';

describe('inLabelOrder', () => {
  it('sorts by label alphabetically, case and accents aside, numbers by value', () => {
    const labels = [
      'ME - 16 Mechanical',
      'be - 07 Computer',
      'Électrical',
      'BE - 05 Civil',
      'Sem 10',
      'Sem 2',
    ];
    expect(inLabelOrder(labels.map((label) => ({ label }))).map((o) => o.label)).toEqual([
      'BE - 05 Civil',
      'be - 07 Computer',
      'Électrical',
      'ME - 16 Mechanical',
      'Sem 2',
      'Sem 10',
    ]);
  });
});
