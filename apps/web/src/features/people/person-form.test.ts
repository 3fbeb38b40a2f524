import { describe, expect, it } from 'vitest';
import type { Person } from '@rollbook/contract';
import { buildPerson, CE as ce, IT as it_, peopleOptions } from './people-fixtures';
import { addProblems, draftOf, editBody, emptyDraft, semesterChoices } from './person-form';

const options = peopleOptions([{ slug: 'ce-5', no: 5, academic_year: null }], [{ ...it_, streams: [] }]);
const student = buildPerson({
  slug: 's',
  enrollment: 'E1',
  stream: null,
  semester: { slug: 'ce-5', no: 5, academic_year: null },
});

describe('person form', () => {
  it('sends the semester (or none) with every move to another branch', () => {
    const draft = { ...draftOf(student, options), branchSlug: 'it', semesterSlug: '' };
    expect(editBody(student, draft, options)).toEqual({ branch_slug: 'it', semester_slug: null });
  });

  it('sees no change in a differently cased email or padded name', () => {
    const draft = { ...draftOf(student, options), email: 'RIYA@example.test', name: ' Riya Patel ' };
    expect(editBody(student, draft, options)).toBeNull();
  });

  it("sends a teacher's branches only when the caller's part of them changed", () => {
    const teacher: Person = {
      ...student,
      role: 'teacher',
      teacher_code: 'RP',
      enrollment: null,
      branches: [it_, ce],
      semester: null,
    };
    const narrow = { branches: [options.branches[0]!] };
    expect(draftOf(teacher, narrow).branchSlugs).toEqual(['ce']);
    expect(editBody(teacher, draftOf(teacher, narrow), narrow)).toBeNull();
    expect(editBody(teacher, { ...draftOf(teacher, narrow), branchSlugs: [] }, narrow)).toEqual({
      branch_slugs: [],
    });
  });

  it('places the contract’s messages under the fields', () => {
    const draft = { ...emptyDraft('teacher', options), name: 'T', email: 'x@example.test', teacherCode: 'T' };
    expect(addProblems(draft)).toEqual({ branchSlugs: 'branch_slugs must contain at least 1 id' });
    expect(addProblems({ ...draft, branchSlugs: ['ce'] })).toEqual({});
  });

  it('labels the semesters of a branch', () => {
    expect(semesterChoices(options, 'ce')).toEqual([{ value: 'ce-5', label: 'BE 07 · Semester 5' }]);
    expect(semesterChoices(options, 'it')).toEqual([]);
  });
});
