import type { InstitutionSettings, UpdateInstitutionSettingsBody } from '@rollbook/contract';
import type { AppDeps } from '../../plugins/app/deps';
import type { AuthContext } from '../../lib/caller';
import { badRequest, notFound } from '../../lib/app-error';
import { canonicalTimeZone, unknownTimeZoneMessage } from '../../lib/time-zones';
import { audit } from '../../lib/audit';
import { isInstitutionAdmin, requireInstitutionAdmin } from '../../domain/institution-admin';
import { createSettingsRepository, type SettingsRow, type SettingsValues } from './settings.repository';

const SETTINGS_EDITORS_ONLY =
  'Only an institution admin can change the institution settings; branch admins can only read them';
const REQUIRED_WITHOUT_CHECK = 'The two-way check must be on for it to be required';

/**
 * The two-way check's pair of settings after a change: turning the check off turns its requirement
 * off; asking for the requirement with the check off is refused (it would do nothing).
 */
function twoWayValues(body: UpdateInstitutionSettingsBody, before: SettingsValues) {
  const twoWayCheck = body.two_way_check ?? before.twoWayCheck;
  if (body.two_way_check_required === true && !twoWayCheck) throw badRequest(REQUIRED_WITHOUT_CHECK);
  const twoWayCheckRequired = twoWayCheck && (body.two_way_check_required ?? before.twoWayCheckRequired);
  return { twoWayCheck, twoWayCheckRequired };
}

function refuse(message: string): never {
  throw badRequest(message);
}

export type SettingsServiceDeps = Pick<AppDeps, 'db' | 'config'>;

/**
 * The columns a settings body asks for (an empty syllabus template means none); the presence
 * settings a body leaves out keep their values (`before`).
 */
function valuesOf(body: UpdateInstitutionSettingsBody, before: SettingsValues): SettingsValues {
  const band =
    body.tone_band === undefined
      ? { toneBandLowHz: before.toneBandLowHz, toneBandHighHz: before.toneBandHighHz }
      : { toneBandLowHz: body.tone_band?.low_hz ?? null, toneBandHighHz: body.tone_band?.high_hz ?? null };
  return {
    ...band,
    ...twoWayValues(body, before),
    reviewUntimedTone: body.review_untimed_tone ?? before.reviewUntimedTone,
    name: body.name,
    // Stored as IANA spells it ("asia/kolkata" is Asia/Kolkata); an unknown zone changes nothing.
    timezone: canonicalTimeZone(body.time_zone) ?? refuse(unknownTimeZoneMessage(body.time_zone)),
    campusLatitude: body.campus?.latitude ?? null,
    campusLongitude: body.campus?.longitude ?? null,
    sessionStartEarlyMinutes: body.session_start_early_minutes,
    sessionStartLateMinutes: body.session_start_late_minutes,
    sessionWindowAlwaysOpen: body.session_window_always_open,
    attendanceThresholdPercent: body.attendance_threshold_percent,
    syllabusUrlTemplate: body.syllabus_url_template || null,
    correctionWindowDays: body.correction_window_days,
    excusedCountsAs: body.excused_counts_as,
    recordingRetentionDays: body.recording_retention_days,
    detentionNoticeDate: body.detention_notice_date || null,
  };
}

/** The settings that differ between two states, as `{ before, after }` for the audit trail. */
function changes(before: SettingsValues, after: SettingsValues) {
  const keys = (Object.keys(after) as (keyof SettingsValues)[]).filter((k) => before[k] !== after[k]);
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/**
 * The institution's settings page: every admin of the institution reads them; only institution
 * admins change them, each change audited with the values before and after.
 */
export function createSettingsService(deps: SettingsServiceDeps) {
  function toWire(row: SettingsRow, editable: boolean): InstitutionSettings {
    const campus =
      row.campusLatitude !== null && row.campusLongitude !== null
        ? { latitude: row.campusLatitude, longitude: row.campusLongitude }
        : null;
    return {
      name: row.name,
      code: row.code,
      time_zone: row.timezone,
      campus,
      session_start_early_minutes: row.sessionStartEarlyMinutes,
      session_start_late_minutes: row.sessionStartLateMinutes,
      server_session_start_early_minutes: deps.config.sessionStartEarlyMinutes,
      server_session_start_late_minutes: deps.config.sessionStartLateMinutes,
      session_window_always_open: row.sessionWindowAlwaysOpen,
      attendance_threshold_percent: row.attendanceThresholdPercent,
      syllabus_url_template: row.syllabusUrlTemplate,
      correction_window_days: row.correctionWindowDays,
      excused_counts_as: row.excusedCountsAs,
      recording_retention_days: row.recordingRetentionDays,
      detention_notice_date: row.detentionNoticeDate,
      tone_band:
        row.toneBandLowHz !== null && row.toneBandHighHz !== null
          ? { low_hz: row.toneBandLowHz, high_hz: row.toneBandHighHz }
          : null,
      server_tone_band: { low_hz: deps.config.toneBandLowHz, high_hz: deps.config.toneBandHighHz },
      two_way_check: row.twoWayCheck,
      two_way_check_required: row.twoWayCheckRequired,
      review_untimed_tone: row.reviewUntimedTone,
      editable,
    };
  }

  return {
    async get(auth: AuthContext): Promise<InstitutionSettings> {
      const row = await createSettingsRepository(deps.db).settingsOf(auth.institutionId);
      if (!row) throw notFound('Institution');
      return toWire(row, await isInstitutionAdmin(deps.db, auth));
    },

    async update(auth: AuthContext, body: UpdateInstitutionSettingsBody): Promise<InstitutionSettings> {
      await requireInstitutionAdmin(deps.db, auth, SETTINGS_EDITORS_ONLY);
      const saved = await deps.db.transaction(async (tx) => {
        const repo = createSettingsRepository(tx);
        const row = await repo.lockedSettingsOf(auth.institutionId);
        if (!row) throw notFound('Institution');
        const { id: _id, slug: _slug, code: _code, ...before } = row;
        const after = valuesOf(body, before);
        const diff = changes(before, after);
        // Saving the form unchanged writes nothing, so the trail lists only real changes.
        if (Object.keys(diff.after).length === 0) return row;
        await repo.updateSettings(auth.institutionId, after);
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'institution.settings_updated',
          entityType: 'institution',
          entitySlug: row.slug,
          detail: diff,
        });
        return { ...row, ...after };
      });
      return toWire(saved, true);
    },
  };
}
