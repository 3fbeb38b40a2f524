import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { authRoutes } from '../http/routes/auth.routes';
import { choicesRoutes } from '../http/routes/choices.routes';
import { divisionRoutes } from '../http/routes/divisions.routes';
import { sessionRoutes } from '../http/routes/sessions.routes';
import { timetableRoutes } from '../http/routes/timetable.routes';
import { describeIssues, issuesOf } from '../validation';

/** Parses `input` expecting a failure, and returns the first issue's path and the toast sentence. */
function reject(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  if (result.success) throw new Error('unreachable');
  const [first] = issuesOf(result.error);
  return { path: first?.path, message: describeIssues(issuesOf(result.error)) };
}

describe('auth bodies', () => {
  const login = authRoutes.login.body;

  it('accepts a web login (device_id null) and an app login', () => {
    expect(login.safeParse({ email: 'a@b.co', password: 'x', device_id: null }).success).toBe(true);
    expect(login.safeParse({ email: 'a@b.co', password: 'x', device_id: 'ZGV2aWNl' }).success).toBe(true);
    expect(login.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
  });

  it('names the field of a bad login', () => {
    expect(reject(login, { email: '', password: 'x' })).toEqual({
      path: 'email',
      message: 'email must not be empty',
    });
    expect(reject(login, { email: 'a@b.co' })).toEqual({ path: 'password', message: 'password is required' });
    expect(reject(login, { email: 'a@b.co', password: 'x', device_id: 42 }).path).toBe('device_id');
  });

  it('validates e-mails with the client regex', () => {
    expect(reject(authRoutes.forgotPassword.body, { email: 'not-an-email' })).toEqual({
      path: 'email',
      message: 'Please enter a valid email address',
    });
    expect(authRoutes.updateEmail.body.safeParse({ email: '  me@college.edu ' }).data).toEqual({
      email: 'me@college.edu',
    });
  });

  it('requires the refresh token and the reset code', () => {
    expect(reject(authRoutes.refresh.body, {}).message).toBe('refresh is required');
    const reset = reject(authRoutes.setUpdatedPassword.body, { password: 'new', profile_slug: 'p1' });
    expect(reset.path).toBe('profile_forgot_password_code');
    expect(reset.message).toContain('profile_forgot_password_code');
  });
});

describe('attendance bodies', () => {
  const fields = sessionRoutes.markAttendanceForStudent.body;
  const valid = {
    latitude: '23.0225',
    longitude: '72.5714',
    lecture_slug: '337996_1731152014',
    start_time: '1746500000000',
  };

  it('coerces the multipart strings', () => {
    const parsed = fields.parse(valid);
    expect(parsed.latitude).toBeCloseTo(23.0225);
    expect(parsed.longitude).toBeCloseTo(72.5714);
    expect(parsed.start_time).toBe(1746500000000);
    expect(fields.safeParse({ ...valid, lecture_slug: undefined, session_id: 's_1' }).success).toBe(true);
  });

  it('names the bad field', () => {
    expect(reject(fields, { ...valid, latitude: 'north' }).path).toBe('latitude');
    expect(reject(fields, { ...valid, latitude: '123.5' }).message).toBe('latitude must be at most 90');
    expect(reject(fields, { ...valid, start_time: 'yesterday' }).message).toBe(
      'start_time must be milliseconds since the epoch',
    );
    expect(reject(fields, { ...valid, lecture_slug: undefined })).toEqual({
      path: 'lecture_slug',
      message: 'lecture_slug is required',
    });
    expect(reject(fields, { ...valid, lecture_slug: '../etc' }).path).toBe('lecture_slug');
  });

  it('needs a non-empty manual-marking comment under its sic name', () => {
    const body = sessionRoutes.markForRegulization.body;
    expect(body.safeParse({ lecture_slug: 'l_1', regulization_commet: 'Phone mic broken' }).success).toBe(
      true,
    );
    expect(reject(body, { lecture_slug: 'l_1', regulization_commet: '   ' })).toEqual({
      path: 'regulization_commet',
      message: 'regulization_commet must not be empty',
    });
    expect(reject(body, { lecture_slug: 'l_1', regulization_comment: 'x' }).path).toBe('regulization_commet');
  });

  it('treats an empty classroom as "keep the lecture\'s classroom"', () => {
    const body = sessionRoutes.createLectureSession.body;
    expect(body.parse({ lecture_slug: 'l_1', classroom_slug: '' }).classroom_slug).toBe('');
    expect(body.parse({ lecture_slug: 'l_1' }).classroom_slug).toBe('');
    expect(reject(body, { lecture_slug: 'l_1', classroom_slug: 'a b' }).path).toBe('classroom_slug');
  });
});

describe('admin bodies and parameters', () => {
  it('checks the subject lock body', () => {
    const body = choicesRoutes.addSubjectsToSemester.body;
    const valid = {
      semester_slug: 'sem_7',
      subject_slugs: ['s1', 's2'],
      deadline_timestamp: 1746500000.5,
      non_tech_subjects: ['s2'],
    };
    expect(body.safeParse(valid).success).toBe(true);
    expect(body.safeParse({ ...valid, deadline_timestamp: null }).success).toBe(true);
    expect(reject(body, { ...valid, subject_slugs: [] }).path).toBe('subject_slugs');
    expect(reject(body, { ...valid, non_tech_subjects: ['s9'] })).toEqual({
      path: 'non_tech_subjects',
      message: 'non_tech_subjects must only contain selected subjects',
    });
    expect(reject(body, { ...valid, deadline_timestamp: '2025-05-06' }).message).toContain(
      'deadline_timestamp',
    );
  });

  it('validates path parameters and queries', () => {
    const day = timetableRoutes.getTimetableForTeacher.params;
    expect(day.safeParse({ day: 'current' }).success).toBe(true);
    expect(reject(day, { day: 'Funday' }).path).toBe('day');
    const query = divisionRoutes.getDivisionSuggestion.query;
    expect(query.parse({ max_students: '60' })).toEqual({ max_students: 60 });
    expect(reject(query, { max_students: 'sixty' }).path).toBe('max_students');
    // The wire name stays in the issue's path; its message is for the admin beside the field.
    const zero = query.safeParse({ max_students: '0' });
    expect(zero.success ? [] : issuesOf(zero.error)).toEqual([
      { path: 'max_students', message: 'The number of students per division must be at least 1' },
    ]);
    expect(reject(divisionRoutes.getDivisionsFromStream.params, { stream_slug: '' }).message).toContain(
      'stream_slug',
    );
  });

  it('reports every problem in the issue list', () => {
    const result = choicesRoutes.unlockSubjectChoiceForStudent.body.safeParse({});
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(issuesOf(result.error).map((i) => i.path)).toEqual(['subject_slug', 'subject_choices_slug']);
      expect(describeIssues(issuesOf(result.error))).toBe('subject_slug is required (and 1 more problem)');
    }
  });
});
