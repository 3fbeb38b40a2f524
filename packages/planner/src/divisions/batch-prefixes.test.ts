import { describe, expect, it } from 'vitest';
import type { PlannerSubject } from '../model';
import { electiveBatchPrefixes } from './build-plan';

const elective = (slug: string, name: string, shortName?: string): PlannerSubject => ({
  slug,
  name,
  ...(shortName === undefined ? {} : { shortName }),
  L: 3,
  T: 0,
  P: 2,
  elective: true,
});

describe('electiveBatchPrefixes', () => {
  it('uses the short name, else the initials of the name, and skips core subjects', () => {
    const prefixes = electiveBatchPrefixes([
      elective('ml', 'Machine Learning'),
      elective('cc', 'Cloud Computing', 'CLD'),
      { ...elective('os', 'Operating Systems'), elective: false },
    ]);
    expect([...prefixes]).toEqual([
      ['ml', 'ML'],
      ['cc', 'CLD'],
    ]);
  });

  it('never gives a prefix whose batches would be named like a division’s core batches (A1)', () => {
    const prefixes = electiveBatchPrefixes([
      elective('algo', 'Algorithms'),
      elective('b', 'Blockchain Technology', 'B'),
      elective('c2', 'Cryptography II', 'C2'),
    ]);
    expect(prefixes.get('algo')).toBe('AL');
    expect(prefixes.get('b')).toBe('BL');
    expect(prefixes.get('c2')).toBe('CR');
  });

  it('gives two electives with the same initials different prefixes', () => {
    const prefixes = electiveBatchPrefixes([
      elective('ml', 'Machine Learning'),
      elective('mlab', 'Mobile Lab'),
      elective('mlog', 'Mathematical Logic'),
      elective('mlx', 'MAchine Lx'),
    ]);
    expect(prefixes.get('ml')).toBe('ML');
    expect(prefixes.get('mlab')).toBe('MO');
    expect(prefixes.get('mlog')).toBe('MA');
    expect(prefixes.get('mlx')).toBe('MLX');
    expect(new Set(prefixes.values()).size).toBe(4);
  });

  it('skips a prefix that is a division’s name or reads as one with digits', () => {
    const subjects = [elective('ab', 'Advanced Biology'), elective('ml', 'Machine Learning')];
    expect([...electiveBatchPrefixes(subjects, ['AA', 'AB', 'ML'])]).toEqual([
      ['ab', 'AD'],
      ['ml', 'MA'],
    ]);
    // A division named ML1 would have core batches ML11, ML12: ML's batches could be named so.
    expect(electiveBatchPrefixes(subjects, ['ML1']).get('ml')).toBe('MA');
    expect(electiveBatchPrefixes(subjects, ['A', 'B']).get('ab')).toBe('AB');
  });
});
