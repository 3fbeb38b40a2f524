import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { UpdateInstitutionSettingsInput } from '@rollbook/contract';
import { auditLog, institutions } from '../../db/schema';
import { useTestApp } from '../../testing/test-app';
import {
  api,
  auditOf,
  buildInstitutionWorld,
  CAMPUS,
  type InstitutionWorld,
} from './testing/institution-world';

const t = useTestApp();
const URL = '/institution/settings';

let w: InstitutionWorld;
beforeEach(async () => {
  w = await buildInstitutionWorld(t.app, t.db);
});

const changed: UpdateInstitutionSettingsInput = {
  name: '  Rollbook College of Engineering ',
  time_zone: 'Asia/Dubai',
  campus: { latitude: 25.2048, longitude: 55.2708 },
  session_start_early_minutes: 30,
  session_start_late_minutes: null,
  session_window_always_open: true,
  attendance_threshold_percent: 80,
  syllabus_url_template: 'https://college.example.edu/syllabus/{code}.pdf',
  correction_window_days: 3,
  excused_counts_as: 'present',
  recording_retention_days: 14,
  detention_notice_date: '2027-03-15',
};

async function institutionRow(id: number) {
  const [row] = await t.db.select().from(institutions).where(eq(institutions.id, id));
  return row!;
}

describe('GET /api/institution/settings', () => {
  it("shows an institution admin their institution's settings, the server's margins and that they may edit", async () => {
    const res = await api(t.app, w.tokens.registrar, 'GET', URL);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      name: 'Test College',
      code: w.institution.code,
      time_zone: 'Asia/Kolkata',
      campus: CAMPUS,
      session_start_early_minutes: null,
      session_start_late_minutes: null,
      server_session_start_early_minutes: t.config.sessionStartEarlyMinutes,
      server_session_start_late_minutes: t.config.sessionStartLateMinutes,
      session_window_always_open: false,
      attendance_threshold_percent: 75,
      syllabus_url_template: null,
      correction_window_days: 7,
      excused_counts_as: 'excluded',
      recording_retention_days: 30,
      detention_notice_date: null,
      tone_band: null,
      server_tone_band: { low_hz: t.config.toneBandLowHz, high_hz: t.config.toneBandHighHz },
      two_way_check: false,
      two_way_check_required: false,
      review_untimed_tone: false,
      editable: true,
    });
  });

  it('lets a branch admin read them, marked not editable', async () => {
    const res = await api(t.app, w.tokens.branchAdmin, 'GET', URL);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Test College', editable: false });
  });

  it('refuses teachers and students (403)', async () => {
    for (const token of [w.tokens.teacher, w.tokens.student]) {
      const res = await api(t.app, token, 'GET', URL);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ data: null, error: true });
    }
  });

  it("shows another institution's admin only their own institution", async () => {
    const res = await api(t.app, w.tokens.otherRegistrar, 'GET', URL);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Other College',
      time_zone: 'Europe/Paris',
      campus: null,
      code: w.other.institution.code,
    });
  });
});

describe('POST /api/institution/settings', () => {
  it('saves every setting for an institution admin and audits only what changed, before and after', async () => {
    const res = await api(t.app, w.tokens.registrar, 'POST', URL, changed);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Rollbook College of Engineering',
      time_zone: 'Asia/Dubai',
      campus: changed.campus,
      session_start_early_minutes: 30,
      session_start_late_minutes: null,
      session_window_always_open: true,
      attendance_threshold_percent: 80,
      syllabus_url_template: 'https://college.example.edu/syllabus/{code}.pdf',
      correction_window_days: 3,
      excused_counts_as: 'present',
      recording_retention_days: 14,
      detention_notice_date: '2027-03-15',
      editable: true,
    });
    expect((await api(t.app, w.tokens.registrar, 'GET', URL)).body.data).toEqual(res.body.data);

    const [entry, ...more] = await auditOf(t.db, 'institution.settings_updated');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ institutionId: w.institutionId, entitySlug: w.institution.slug });
    expect(entry!.detail).toEqual({
      before: {
        name: 'Test College',
        timezone: 'Asia/Kolkata',
        campusLatitude: CAMPUS.latitude,
        campusLongitude: CAMPUS.longitude,
        sessionStartEarlyMinutes: null,
        sessionWindowAlwaysOpen: false,
        attendanceThresholdPercent: 75,
        syllabusUrlTemplate: null,
        correctionWindowDays: 7,
        excusedCountsAs: 'excluded',
        recordingRetentionDays: 30,
        detentionNoticeDate: null,
      },
      after: {
        name: 'Rollbook College of Engineering',
        timezone: 'Asia/Dubai',
        campusLatitude: 25.2048,
        campusLongitude: 55.2708,
        sessionStartEarlyMinutes: 30,
        sessionWindowAlwaysOpen: true,
        attendanceThresholdPercent: 80,
        syllabusUrlTemplate: 'https://college.example.edu/syllabus/{code}.pdf',
        correctionWindowDays: 3,
        excusedCountsAs: 'present',
        recordingRetentionDays: 14,
        detentionNoticeDate: '2027-03-15',
      },
    });

    // Saving the same form again changes nothing, so nothing more is audited.
    expect((await api(t.app, w.tokens.registrar, 'POST', URL, changed)).status).toBe(200);
    expect(await auditOf(t.db, 'institution.settings_updated')).toHaveLength(1);
  });

  it('clears the campus point and the syllabus links (empty template) and restores the server margins', async () => {
    await api(t.app, w.tokens.registrar, 'POST', URL, changed);
    const res = await api(t.app, w.tokens.registrar, 'POST', URL, {
      ...changed,
      campus: null,
      syllabus_url_template: '',
      session_start_early_minutes: null,
      detention_notice_date: '',
    });
    expect(res.status).toBe(200);
    const row = await institutionRow(w.institutionId);
    expect(row).toMatchObject({
      campusLatitude: null,
      campusLongitude: null,
      syllabusUrlTemplate: null,
      sessionStartEarlyMinutes: null,
      detentionNoticeDate: null,
    });
  });

  it('sets the tone band and the two-way check, keeps them when a body leaves them out, and audits them', async () => {
    const res = await api(t.app, w.tokens.registrar, 'POST', URL, {
      ...changed,
      tone_band: { low_hz: 16000, high_hz: 19000 },
      two_way_check: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      tone_band: { low_hz: 16000, high_hz: 19000 },
      two_way_check: true,
    });
    expect(await institutionRow(w.institutionId)).toMatchObject({
      toneBandLowHz: 16000,
      toneBandHighHz: 19000,
      twoWayCheck: true,
    });
    const [entry] = await auditOf(t.db, 'institution.settings_updated');
    expect(entry!.detail).toMatchObject({
      before: { toneBandLowHz: null, toneBandHighHz: null, twoWayCheck: false },
      after: { toneBandLowHz: 16000, toneBandHighHz: 19000, twoWayCheck: true },
    });

    // A client that does not know the settings leaves them as they are.
    expect((await api(t.app, w.tokens.registrar, 'POST', URL, changed)).status).toBe(200);
    expect(await institutionRow(w.institutionId)).toMatchObject({ toneBandLowHz: 16000, twoWayCheck: true });

    // Null goes back to the server's band.
    await api(t.app, w.tokens.registrar, 'POST', URL, { ...changed, tone_band: null, two_way_check: false });
    expect(await institutionRow(w.institutionId)).toMatchObject({
      toneBandLowHz: null,
      toneBandHighHz: null,
      twoWayCheck: false,
    });
  });

  it('requires the two-way check only while it is on: turning the check off turns the requirement off', async () => {
    const on = await api(t.app, w.tokens.registrar, 'POST', URL, {
      ...changed,
      two_way_check: true,
      two_way_check_required: true,
    });
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({ two_way_check: true, two_way_check_required: true });
    expect(await institutionRow(w.institutionId)).toMatchObject({
      twoWayCheck: true,
      twoWayCheckRequired: true,
    });
    const [entry] = await auditOf(t.db, 'institution.settings_updated');
    expect(entry!.detail).toMatchObject({
      before: { twoWayCheck: false, twoWayCheckRequired: false },
      after: { twoWayCheck: true, twoWayCheckRequired: true },
    });

    // A body that leaves it out keeps it; false with the check on lifts it; turning the check off turns it off.
    await api(t.app, w.tokens.registrar, 'POST', URL, changed);
    expect(await institutionRow(w.institutionId)).toMatchObject({ twoWayCheckRequired: true });
    const lifted = await api(t.app, w.tokens.registrar, 'POST', URL, {
      ...changed,
      two_way_check_required: false,
    });
    expect(lifted.body.data).toMatchObject({ two_way_check: true, two_way_check_required: false });
    await api(t.app, w.tokens.registrar, 'POST', URL, { ...changed, two_way_check_required: true });
    const off = await api(t.app, w.tokens.registrar, 'POST', URL, { ...changed, two_way_check: false });
    expect(off.body.data).toMatchObject({ two_way_check: false, two_way_check_required: false });
    expect(await institutionRow(w.institutionId)).toMatchObject({
      twoWayCheck: false,
      twoWayCheckRequired: false,
    });
  });

  it('turns review of marks the tone cannot time on and off, audited, and keeps it when a body leaves it out', async () => {
    const on = await api(t.app, w.tokens.registrar, 'POST', URL, { ...changed, review_untimed_tone: true });
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({ review_untimed_tone: true });
    expect(await institutionRow(w.institutionId)).toMatchObject({ reviewUntimedTone: true });
    const [entry] = await auditOf(t.db, 'institution.settings_updated');
    expect(entry!.detail).toMatchObject({
      before: { reviewUntimedTone: false },
      after: { reviewUntimedTone: true },
    });

    await api(t.app, w.tokens.registrar, 'POST', URL, changed);
    expect(await institutionRow(w.institutionId)).toMatchObject({ reviewUntimedTone: true });
    const off = await api(t.app, w.tokens.registrar, 'POST', URL, { ...changed, review_untimed_tone: false });
    expect(off.body.data).toMatchObject({ review_untimed_tone: false });
    expect(await institutionRow(w.institutionId)).toMatchObject({ reviewUntimedTone: false });
  });

  it('refuses a review-of-untimed-marks value that is not true or false, and a branch admin, changing nothing', async () => {
    const before = await institutionRow(w.institutionId);
    const notBoolean = await api(t.app, w.tokens.registrar, 'POST', URL, {
      ...changed,
      review_untimed_tone: 'on',
    });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.message).toMatch(/marks the tone cannot time go to review must be true or false/);
    const branch = await api(t.app, w.tokens.branchAdmin, 'POST', URL, {
      ...changed,
      review_untimed_tone: true,
    });
    expect(branch.status).toBe(403);
    expect(await institutionRow(w.institutionId)).toEqual(before);
  });

  it('refuses to require the two-way check while it is off, saying why, and writes nothing', async () => {
    const before = await institutionRow(w.institutionId);
    for (const body of [
      { ...changed, two_way_check_required: true },
      { ...changed, two_way_check: false, two_way_check_required: true },
    ]) {
      const res = await api(t.app, w.tokens.registrar, 'POST', URL, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The two-way check must be on for it to be required');
    }
    const notBoolean = await api(t.app, w.tokens.registrar, 'POST', URL, {
      ...changed,
      two_way_check: true,
      two_way_check_required: 1,
    });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.message).toMatch(/two-way check is required must be true or false/);
    expect(await institutionRow(w.institutionId)).toEqual(before);
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });

  it('refuses a tone band the engine cannot use, saying why, and writes nothing', async () => {
    const before = await institutionRow(w.institutionId);
    const cases: [unknown, RegExp][] = [
      [{ low_hz: 12000, high_hz: 15000 }, /between 15000 and 20000 Hz/],
      [{ low_hz: 18000, high_hz: 21000 }, /between 15000 and 20000 Hz/],
      [{ low_hz: 18000, high_hz: 19000 }, /at least 2400 Hz wide/],
      [{ low_hz: 16000.5, high_hz: 19000 }, /whole hertz/],
      [{ low_hz: 16000 }, /tone band end is required/],
    ];
    for (const [tone_band, message] of cases) {
      const res = await api(t.app, w.tokens.registrar, 'POST', URL, { ...changed, tone_band });
      expect(res.status, JSON.stringify(tone_band)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const notBoolean = await api(t.app, w.tokens.registrar, 'POST', URL, {
      ...changed,
      two_way_check: 'yes',
    });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.message).toMatch(/two-way check is on must be true or false/);
    expect(await institutionRow(w.institutionId)).toEqual(before);
  });

  it('never touches another institution', async () => {
    const before = await institutionRow(w.other.institution.id);
    await api(t.app, w.tokens.registrar, 'POST', URL, changed);
    expect(await institutionRow(w.other.institution.id)).toEqual(before);
  });

  it('refuses a branch admin (403, saying who may), a teacher and a student, and writes nothing', async () => {
    const before = await institutionRow(w.institutionId);
    const branch = await api(t.app, w.tokens.branchAdmin, 'POST', URL, changed);
    expect(branch.status).toBe(403);
    expect(branch.body).toMatchObject({ data: null, error: true });
    expect(branch.body.message).toMatch(/Only an institution admin can change the institution settings/);
    for (const token of [w.tokens.teacher, w.tokens.student]) {
      expect((await api(t.app, token, 'POST', URL, changed)).status).toBe(403);
    }
    expect(await institutionRow(w.institutionId)).toEqual(before);
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });

  it('stores a time zone typed in any case as IANA spells it, and refuses an unknown one', async () => {
    const res = await api(t.app, w.tokens.registrar, 'POST', URL, {
      ...changed,
      time_zone: ' asia/kolkata ',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.time_zone).toBe('Asia/Kolkata');
    expect((await institutionRow(w.institutionId)).timezone).toBe('Asia/Kolkata');
    const again = await api(t.app, w.tokens.registrar, 'POST', URL, {
      ...changed,
      time_zone: 'AMERICA/PORT-AU-PRINCE',
    });
    expect(again.body.data.time_zone).toBe('America/Port-au-Prince');

    const before = await institutionRow(w.institutionId);
    const audited = (await t.db.select().from(auditLog)).length;
    for (const zone of ['asia/kolkatta', 'Asia/Mumbai']) {
      const refused = await api(t.app, w.tokens.registrar, 'POST', URL, { ...changed, time_zone: zone });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/is not a time zone|IANA time zone such as Asia\/Kolkata/);
    }
    expect(await institutionRow(w.institutionId)).toEqual(before);
    expect(await t.db.select().from(auditLog)).toHaveLength(audited);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = await institutionRow(w.institutionId);
    const cases: [Partial<Record<keyof UpdateInstitutionSettingsInput, unknown>>, RegExp][] = [
      [{ name: '   ' }, /name must not be empty/],
      [{ time_zone: 'Mars/Olympus_Mons' }, /IANA time zone such as Asia\/Kolkata/],
      [{ time_zone: '+05:30' }, /IANA time zone/],
      [{ campus: { latitude: 95, longitude: 72 } }, /Latitude must be between -90 and 90/],
      [{ campus: { latitude: 23, longitude: 200 } }, /Longitude must be between -180 and 180/],
      [{ session_start_early_minutes: -5 }, /minutes before the lecture must be between 0 and 1440/],
      [{ session_start_late_minutes: 2000 }, /minutes after the lecture must be between 0 and 1440/],
      [{ attendance_threshold_percent: 0 }, /attendance threshold must be between 1 and 100/],
      [{ attendance_threshold_percent: 101 }, /attendance threshold must be between 1 and 100/],
      [{ syllabus_url_template: 'https://college.example.edu/syllabus.pdf' }, /must contain \{code\}/],
      [{ syllabus_url_template: 'http://college.example.edu/{code}.pdf' }, /must start with https:\/\//],
      [{ session_window_always_open: 'yes' }, /session window is always open/],
      [{ correction_window_days: 366 }, /correction window must be between 0 and 365 days/],
      [{ correction_window_days: 1.5 }, /correction window must be a whole number/],
      [{ excused_counts_as: 'sometimes' }, /excused absences count must be excluded, present or absent/],
      [{ recording_retention_days: 0 }, /recording retention must be between 1 and 3650 days/],
      [{ detention_notice_date: '2027-02-30' }, /detention notice date must be a date/],
    ];
    for (const [patch, message] of cases) {
      const res = await api(t.app, w.tokens.registrar, 'POST', URL, { ...changed, ...patch });
      expect({ patch, status: res.status }).toEqual({ patch, status: 400 });
      expect(res.body).toMatchObject({ data: null, error: true });
      expect(res.body.message).toMatch(message);
    }
    const missing = await api(t.app, w.tokens.registrar, 'POST', URL, { name: 'Only a name' });
    expect(missing.status).toBe(400);
    expect(await institutionRow(w.institutionId)).toEqual(before);
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });
});
