import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { institutionPeopleRoutes } from '../http/routes/institution-people.routes';
import { describeIssues, issuesOf } from '../validation';

function reject(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  if (result.success) throw new Error('unreachable');
  const [first] = issuesOf(result.error);
  return { path: first?.path, message: describeIssues(issuesOf(result.error)) };
}

const add = institutionPeopleRoutes.add.body;
const edit = institutionPeopleRoutes.edit.body;
const list = institutionPeopleRoutes.list.query;

const student = {
  role: 'student',
  name: 'Riya Patel',
  email: 'riya@example.test',
  enrollment: '230280107001',
  branch_slug: 'ce',
};

describe('people bodies', () => {
  it('accepts a student and a teacher, defaulting send_invitation to false', () => {
    const parsed = add.parse(student);
    expect(parsed).toMatchObject({ role: 'student', send_invitation: false });
    expect(
      add.parse({
        role: 'teacher',
        name: 'Chirag Thakkar',
        email: 'cst@example.test',
        teacher_code: 'CST',
        branch_slugs: ['ce'],
        send_invitation: true,
      }).send_invitation,
    ).toBe(true);
  });

  it('refuses formula-like emails with a sentence saying why', () => {
    for (const email of ['=cmd@x.co', '+a@example.test', '-a@example.test', '@a@example.test']) {
      expect(reject(add, { ...student, email })).toEqual({
        path: 'email',
        message: 'An email address must not start with =, +, - or @',
      });
      expect(reject(edit, { email }).message).toBe('An email address must not start with =, +, - or @');
    }
  });

  it('names the missing or wrong field', () => {
    expect(reject(add, { ...student, role: 'admin' }).message).toMatch(/role must be teacher or student/);
    expect(reject(add, { ...student, enrollment: undefined }).message).toBe('enrollment is required');
    expect(
      reject(add, {
        role: 'teacher',
        name: 'T',
        email: 't@example.test',
        teacher_code: 'T',
        branch_slugs: [],
      }).message,
    ).toBe('branch_slugs must contain at least 1 id');
    expect(reject(add, { ...student, name: '   ' }).message).toBe('name must not be empty');
  });

  it('refuses an edit that changes nothing', () => {
    expect(reject(edit, {}).message).toBe('Nothing to change: send at least one field');
    expect(edit.safeParse({ semester_slug: null }).success).toBe(true);
  });

  it('reads paging from the query string with defaults', () => {
    expect(list.parse({})).toEqual({ page: 1, page_size: 25 });
    expect(list.parse({ page: '3', page_size: '10', role: 'teacher' })).toEqual({
      page: 3,
      page_size: 10,
      role: 'teacher',
    });
    expect(reject(list, { page: '0' }).message).toBe('page must be at least 1');
    expect(reject(list, { role: 'admin' }).message).toBe('role must be teacher or student');
  });
});
