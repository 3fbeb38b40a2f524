import { describe, expect, it } from 'vitest';
import { describeIssues, issuesOf } from '../validation';
import {
  ClassroomBodySchema,
  isIanaTimeZone,
  syllabusTemplateProblem,
  syllabusUrlFromTemplate,
  UpdateInstitutionSettingsBodySchema,
  type ClassroomInput,
  type UpdateInstitutionSettingsInput,
} from './institution-settings';

const settings: UpdateInstitutionSettingsInput = {
  name: 'Rollbook Institute of Technology',
  time_zone: 'Asia/Kolkata',
  campus: { latitude: 23.0338, longitude: 72.5461 },
  session_start_early_minutes: null,
  session_start_late_minutes: 5,
  session_window_always_open: false,
  attendance_threshold_percent: 75,
  syllabus_url_template: 'https://example.edu/syllabus/{code}.pdf',
  correction_window_days: 7,
  excused_counts_as: 'excluded',
  recording_retention_days: 30,
  detention_notice_date: '2027-03-15',
};

const room: ClassroomInput = {
  name: 'LH101',
  kind: 'classroom',
  latitude: 23.0341,
  longitude: 72.5457,
  radius_m: 100,
  capacity: 80,
  branch_codes: ['07'],
};

/** The one sentence the server would answer for a refused body. */
function refusal(result: { success: boolean; error?: Parameters<typeof issuesOf>[0] }): string {
  expect(result.success).toBe(false);
  return describeIssues(issuesOf(result.error!));
}

describe('syllabus links', () => {
  it('puts the encoded subject code wherever the template says {code}', () => {
    expect(syllabusUrlFromTemplate('https://x.edu/s/{code}.pdf', '3150703')).toBe(
      'https://x.edu/s/3150703.pdf',
    );
    expect(syllabusUrlFromTemplate('https://x.edu/{code}/{code}.pdf', 'A/B?c')).toBe(
      'https://x.edu/A%2FB%3Fc/A%2FB%3Fc.pdf',
    );
  });

  it('accepts only https URLs with {code}', () => {
    expect(syllabusTemplateProblem('https://x.edu/s/{code}.pdf')).toBeNull();
    expect(syllabusTemplateProblem('https://x.edu/s/syllabus.pdf')).toMatch(/must contain \{code\}/);
    expect(syllabusTemplateProblem('http://x.edu/{code}')).toMatch(/https/);
    expect(syllabusTemplateProblem('javascript:alert({code})')).toMatch(/https/);
    expect(syllabusTemplateProblem('not a url {code}')).toMatch(/not a valid URL/);
  });
});

describe('time zones', () => {
  it('knows IANA names and refuses offsets and made-up names', () => {
    expect(isIanaTimeZone('Asia/Kolkata')).toBe(true);
    expect(isIanaTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isIanaTimeZone('UTC')).toBe(true);
    expect(isIanaTimeZone('+05:30')).toBe(false);
    expect(isIanaTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isIanaTimeZone('')).toBe(false);
  });
});

describe('settings body', () => {
  it('accepts the settings form, with null margins and no syllabus links', () => {
    expect(UpdateInstitutionSettingsBodySchema.safeParse(settings).success).toBe(true);
    const none = UpdateInstitutionSettingsBodySchema.safeParse({
      ...settings,
      campus: null,
      syllabus_url_template: '',
      detention_notice_date: '',
    });
    expect(none.success).toBe(true);
    const noNotice = UpdateInstitutionSettingsBodySchema.safeParse({
      ...settings,
      detention_notice_date: null,
    });
    expect(noNotice.success).toBe(true);
    // A teacher may be given no correction window at all (only admins correct then).
    expect(
      UpdateInstitutionSettingsBodySchema.safeParse({ ...settings, correction_window_days: 0 }).success,
    ).toBe(true);
  });

  it('refuses each bad value with a sentence naming it', () => {
    const bad = (patch: Partial<UpdateInstitutionSettingsInput>) =>
      refusal(UpdateInstitutionSettingsBodySchema.safeParse({ ...settings, ...patch }));
    expect(bad({ name: '  ' })).toMatch(/name must not be empty/);
    expect(bad({ time_zone: 'India' })).toMatch(/IANA time zone/);
    expect(bad({ campus: { latitude: 91, longitude: 0 } })).toMatch(/Latitude must be between -90 and 90/);
    expect(bad({ campus: { latitude: 0, longitude: -181 } })).toMatch(
      /Longitude must be between -180 and 180/,
    );
    expect(bad({ session_start_early_minutes: -1 })).toMatch(/minutes before the lecture must be between 0/);
    expect(bad({ session_start_late_minutes: 1.5 })).toMatch(/whole number/);
    expect(bad({ attendance_threshold_percent: 0 })).toMatch(/threshold must be between 1 and 100/);
    expect(bad({ attendance_threshold_percent: 101 })).toMatch(/threshold must be between 1 and 100/);
    expect(bad({ syllabus_url_template: 'https://x.edu/all.pdf' })).toMatch(/\{code\}/);
    expect(bad({ correction_window_days: -1 })).toMatch(/correction window must be between 0 and 365 days/);
    expect(bad({ correction_window_days: 2.5 })).toMatch(/correction window must be a whole number/);
    expect(bad({ excused_counts_as: 'half' as never })).toMatch(/excused absences count must be excluded/);
    expect(bad({ recording_retention_days: 0 })).toMatch(/recording retention must be between 1 and 3650/);
    expect(bad({ detention_notice_date: '2027-02-30' })).toMatch(/detention notice date must be a date/);
    expect(bad({ detention_notice_date: '15/03/2027' })).toMatch(/detention notice date must be a date/);
  });
});

describe('classroom body', () => {
  it('accepts a room, with an unknown capacity and every branch', () => {
    expect(ClassroomBodySchema.safeParse(room).success).toBe(true);
    expect(ClassroomBodySchema.safeParse({ ...room, capacity: null, branch_codes: [] }).success).toBe(true);
  });

  it('refuses each bad value with a sentence naming it', () => {
    const bad = (patch: Partial<ClassroomInput>) =>
      refusal(ClassroomBodySchema.safeParse({ ...room, ...patch }));
    expect(bad({ name: '' })).toMatch(/name must not be empty/);
    expect(bad({ kind: 'hall' as 'lab' })).toMatch(/classroom or lab/);
    expect(bad({ latitude: -90.5 })).toMatch(/Latitude/);
    expect(bad({ longitude: 180.5 })).toMatch(/Longitude/);
    expect(bad({ radius_m: 9 })).toMatch(/radius must be between 10 and 1000 metres/);
    expect(bad({ radius_m: 1001 })).toMatch(/radius must be between 10 and 1000 metres/);
    expect(bad({ capacity: 0 })).toMatch(/capacity must be a positive number/);
  });
});
