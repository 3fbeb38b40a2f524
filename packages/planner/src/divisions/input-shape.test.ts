import { describe, expect, it } from 'vitest';
import { buildProblem, inputIssues } from './problem';
import type { PlannerStudent, PlannerSubject } from '../model';

// What JSON input may hold: the planner's types are only a promise the CLI cannot check.
const untyped = <T>(value: unknown) => value as T;
const subjects: PlannerSubject[] = [
  { slug: 'core', name: 'Core', L: 3, T: 1, P: 2, elective: false },
  { slug: 'ml', name: 'Machine Learning', L: 3, T: 0, P: 2, elective: true },
];
const student = (slug: string, electives: string[]): PlannerStudent => ({
  slug,
  enrollment: slug,
  electives,
});

describe('inputIssues on malformed input', () => {
  it('names missing lists instead of failing inside the planner', () => {
    expect(inputIssues(untyped(undefined), untyped(null))).toEqual([
      'subjects must be a list (got nothing)',
      'students must be a list (got null)',
    ]);
  });

  it('names each malformed student by slug or position', () => {
    const students = untyped<PlannerStudent[]>([
      null,
      { enrollment: '2', electives: [] },
      { slug: 'c', enrollment: 3, electives: 'ml' },
      { slug: 'd', enrollment: '4' },
    ]);
    expect(inputIssues(subjects, students)).toEqual([
      'students[0] must be an object (got null)',
      'students[1]: slug must be a non-empty string (got nothing)',
      'student c: enrollment must be a string (got 3)',
      'student c: electives must be a list of subject slugs (got "ml")',
      'student d: electives must be a list of subject slugs (got nothing)',
    ]);
  });

  it('rejects subjects without a name or with a non-boolean elective flag or text hours', () => {
    const bad = untyped<PlannerSubject[]>([
      { slug: 'x', L: 1, T: 0, P: 0, elective: true },
      { slug: 'y', name: 'Y', L: '2', T: 0, P: 0, elective: 'false' },
    ]);
    expect(inputIssues(bad, [])).toEqual([
      'subject x: name must be a string (got nothing)',
      'subject y: elective must be true or false (got "false")',
      'subject y: L must be a number >= 0 (got "2")',
    ]);
  });

  it('shows text given for numbers as text', () => {
    const issues = () =>
      buildProblem(subjects, [student('a', ['ml'])], untyped<number>('30'), untyped<number>('0.2'));
    expect(issues).toThrow('maxDivisionSize must be a positive integer (got "30")');
    expect(issues).toThrow('balanceTolerance must be a number >= 0 (got "0.2")');
  });

  it('names students who share an enrolment number, once per number', () => {
    const students = [
      { slug: 'a', enrollment: '7', electives: ['ml'] },
      { slug: 'b', enrollment: '7', electives: [] },
      { slug: 'c', enrollment: '8', electives: [] },
      { slug: 'd', enrollment: '7', electives: [] },
      { slug: 'e', enrollment: '9', electives: [] },
      { slug: 'f', enrollment: '9', electives: [] },
    ];
    expect(inputIssues(subjects, students)).toEqual([
      'students a, b and d share enrolment number "7"',
      'students e and f share enrolment number "9"',
    ]);
    // A file without numbers is one issue, not one per student.
    const blank = Array.from({ length: 40 }, (_, i) => ({ slug: `s${i}`, enrollment: '', electives: [] }));
    expect(inputIssues(subjects, blank)).toEqual([
      'students s0, s1, s2, s3, s4 and 35 more share enrolment number ""',
    ]);
    // The same student twice is one issue, not two.
    expect(inputIssues(subjects, [students[2] as PlannerStudent, students[2] as PlannerStudent])).toEqual([
      'student c is listed twice',
    ]);
  });

  it('still accepts well-formed input', () => {
    expect(inputIssues(subjects, [student('a', ['ml']), student('b', [])])).toEqual([]);
  });
});
