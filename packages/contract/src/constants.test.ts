import { describe, expect, it } from 'vitest';
import {
  EMAIL_PATTERN,
  HOME_BY_ROLE,
  NOTIFICATION_DESTINATIONS,
  NOTIFICATION_TYPE_CODES,
  NOTIFICATION_TYPES,
  ROUTES,
  ROUTE_ROLES,
  WEEK_DAYS,
} from './constants';

const paths = new Set<string>(Object.values(ROUTES));

describe('web route table', () => {
  it('sends each role home to a route guarded for that role', () => {
    for (const [role, home] of Object.entries(HOME_BY_ROLE)) {
      expect(paths.has(home)).toBe(true);
      const key = Object.entries(ROUTES).find(([, path]) => path === home)?.[0] as keyof typeof ROUTE_ROLES;
      expect(ROUTE_ROLES[key]).toBe(role);
    }
  });

  it('keeps the exact paths the contract names', () => {
    expect(ROUTES.updatePassword).toBe('/update_password');
    expect(ROUTES.studentDivision).toBe('/student-dashboard/division');
    expect(ROUTES.teacherLoadAllocation).toBe('/teacher-dashboard/load-allocation');
    expect(ROUTES.teacherLectureHistory).toBe('/teacher-dashboard/lecture-history');
    expect(ROUTES.teacherAnalytics).toBe('/teacher-dashboard/analytics');
    expect(ROUTES.studentAttendanceRecord).toBe('/student-dashboard/attendance');
    expect(ROUTES.badGateway).toBe('/502');
    expect(paths.size).toBe(Object.keys(ROUTES).length);
  });

  it('links every notification to a known route', () => {
    expect(NOTIFICATION_TYPE_CODES).toEqual(Object.keys(NOTIFICATION_TYPES));
    for (const code of NOTIFICATION_TYPE_CODES) {
      expect(paths.has(NOTIFICATION_DESTINATIONS[code].teacher)).toBe(true);
      expect(paths.has(NOTIFICATION_DESTINATIONS[code].student)).toBe(true);
    }
    expect(NOTIFICATION_TYPES.subject_choice_alert).toBe('Subject Choice Alert');
  });
});

describe('other constants', () => {
  it('starts the week on Monday', () => {
    expect(WEEK_DAYS[0]).toBe('monday');
    expect(WEEK_DAYS).toHaveLength(7);
  });

  it("matches the client's e-mail regex", () => {
    expect(EMAIL_PATTERN.test('a.b+c@college.edu.in')).toBe(true);
    expect(EMAIL_PATTERN.test('nobody@localhost')).toBe(false);
    expect(EMAIL_PATTERN.test('two@@x.com')).toBe(false);
  });
});
