import { describe, expect, it } from 'vitest';
import { notificationDestination, splitNotificationMessage } from './notification-links';

describe('splitNotificationMessage', () => {
  it('splits on every marker', () => {
    expect(splitNotificationMessage('Choose now: subject_choice_url before Friday')).toEqual([
      'Choose now: ',
      ' before Friday',
    ]);
    expect(splitNotificationMessage('a subject_choice_url b subject_choice_url')).toEqual(['a ', ' b ', '']);
    expect(splitNotificationMessage('no marker here')).toEqual(['no marker here']);
  });
});

describe('notificationDestination', () => {
  it('follows the contract table per role and type', () => {
    expect(notificationDestination('subject_choice_alert', 'teacher')).toBe(
      '/teacher-dashboard/subject-choice',
    );
    expect(notificationDestination('subject_choice_alert', 'student')).toBe(
      '/student-dashboard/elective-subject',
    );
    expect(notificationDestination('subject_deletion_alert', 'student')).toBe(
      '/student-dashboard/elective-subject',
    );
    // The original client points students' deadline and reset alerts at the teacher page.
    expect(notificationDestination('subject_choice_deadline_alert', 'student')).toBe(
      '/teacher-dashboard/subject-choice',
    );
    expect(notificationDestination('subject_choice_reset_alert', 'teacher')).toBe(
      '/teacher-dashboard/subject-choice',
    );
  });

  it('gives admins (and unknown roles) no link', () => {
    expect(notificationDestination('subject_choice_alert', 'admin')).toBeNull();
    expect(notificationDestination('subject_choice_alert', null)).toBeNull();
  });
});
