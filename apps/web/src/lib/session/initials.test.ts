import { describe, expect, it } from 'vitest';
import { buildTokenPayload } from '../../testing/factories';
import { initialsFor } from './initials';

describe('initialsFor', () => {
  it('uses the first two letters of the teacher code, upper-cased, for teachers', () => {
    expect(initialsFor(buildTokenPayload('teacher', { name: 'Chirag S. Thakkar', teacherCode: 'cst' }))).toBe(
      'CS',
    );
  });

  it('uses the first letter of each word of the name for admins and students', () => {
    expect(initialsFor(buildTokenPayload('admin', { name: 'meera k. shah' }))).toBe('MKS');
    expect(initialsFor(buildTokenPayload('student', { name: '  Kavya   Patel ' }))).toBe('KP');
  });

  it('shows no avatar without a name', () => {
    expect(initialsFor(buildTokenPayload('student', { name: null }))).toBeNull();
    expect(initialsFor(buildTokenPayload('teacher', { name: '' }))).toBeNull();
    expect(initialsFor(null)).toBeNull();
  });
});
