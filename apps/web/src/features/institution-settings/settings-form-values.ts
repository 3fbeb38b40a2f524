import type { ExcusedCountsAs, InstitutionSettings } from '@rollbook/contract';

/** What the settings form holds: text as typed, so a half-typed number is never lost. */
export interface SettingsForm {
  name: string;
  timeZone: string;
  latitude: string;
  longitude: string;
  earlyMinutes: string;
  lateMinutes: string;
  alwaysOpen: boolean;
  threshold: string;
  syllabusTemplate: string;
  correctionWindowDays: string;
  excusedCountsAs: ExcusedCountsAs;
  retentionDays: string;
  detentionNoticeDate: string;
  /** Both empty: the server's tone band. */
  toneBandLow: string;
  toneBandHigh: string;
  twoWayCheck: boolean;
  /** Kept while the check is off (the box is then disabled), sent only with the check on. */
  twoWayCheckRequired: boolean;
  reviewUntimedTone: boolean;
}

export function formFromSettings(s: InstitutionSettings): SettingsForm {
  return {
    name: s.name,
    timeZone: s.time_zone,
    latitude: s.campus ? String(s.campus.latitude) : '',
    longitude: s.campus ? String(s.campus.longitude) : '',
    earlyMinutes: s.session_start_early_minutes === null ? '' : String(s.session_start_early_minutes),
    lateMinutes: s.session_start_late_minutes === null ? '' : String(s.session_start_late_minutes),
    alwaysOpen: s.session_window_always_open,
    threshold: String(s.attendance_threshold_percent),
    syllabusTemplate: s.syllabus_url_template ?? '',
    correctionWindowDays: String(s.correction_window_days),
    excusedCountsAs: s.excused_counts_as,
    retentionDays: String(s.recording_retention_days),
    detentionNoticeDate: s.detention_notice_date ?? '',
    toneBandLow: s.tone_band ? String(s.tone_band.low_hz) : '',
    toneBandHigh: s.tone_band ? String(s.tone_band.high_hz) : '',
    twoWayCheck: s.two_way_check,
    twoWayCheckRequired: s.two_way_check_required,
    reviewUntimedTone: s.review_untimed_tone,
  };
}

/**
 * A typed number, or what the schema should complain about: empty is `empty`, text that is not a
 * number stays text (the schema then says "must be a number").
 */
function numberOrText<E>(text: string, empty: E): number | string | E {
  const trimmed = text.trim();
  if (trimmed === '') return empty;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The update body the form stands for, before validation (the call's schema checks it). */
export function bodyFromForm(f: SettingsForm): Record<string, unknown> {
  const noCampus = f.latitude.trim() === '' && f.longitude.trim() === '';
  return {
    name: f.name,
    time_zone: f.timeZone,
    // Both empty: no campus point; one empty: the schema says which one is required.
    campus: noCampus
      ? null
      : { latitude: numberOrText(f.latitude, undefined), longitude: numberOrText(f.longitude, undefined) },
    session_start_early_minutes: numberOrText(f.earlyMinutes, null),
    session_start_late_minutes: numberOrText(f.lateMinutes, null),
    session_window_always_open: f.alwaysOpen,
    attendance_threshold_percent: numberOrText(f.threshold, undefined),
    syllabus_url_template: f.syllabusTemplate,
    correction_window_days: numberOrText(f.correctionWindowDays, undefined),
    excused_counts_as: f.excusedCountsAs,
    recording_retention_days: numberOrText(f.retentionDays, undefined),
    detention_notice_date: f.detentionNoticeDate,
    // Both empty: the server's band; one empty: the schema says which one is required.
    tone_band:
      f.toneBandLow.trim() === '' && f.toneBandHigh.trim() === ''
        ? null
        : {
            low_hz: numberOrText(f.toneBandLow, undefined),
            high_hz: numberOrText(f.toneBandHigh, undefined),
          },
    two_way_check: f.twoWayCheck,
    two_way_check_required: f.twoWayCheck && f.twoWayCheckRequired,
    review_untimed_tone: f.reviewUntimedTone,
  };
}

/** The form field each body path is shown beside. */
export const FIELD_OF_PATH: Record<string, keyof SettingsForm> = {
  name: 'name',
  time_zone: 'timeZone',
  campus: 'latitude',
  'campus.latitude': 'latitude',
  'campus.longitude': 'longitude',
  session_start_early_minutes: 'earlyMinutes',
  session_start_late_minutes: 'lateMinutes',
  session_window_always_open: 'alwaysOpen',
  attendance_threshold_percent: 'threshold',
  syllabus_url_template: 'syllabusTemplate',
  correction_window_days: 'correctionWindowDays',
  excused_counts_as: 'excusedCountsAs',
  recording_retention_days: 'retentionDays',
  detention_notice_date: 'detentionNoticeDate',
  tone_band: 'toneBandLow',
  'tone_band.low_hz': 'toneBandLow',
  'tone_band.high_hz': 'toneBandHigh',
  two_way_check: 'twoWayCheck',
  two_way_check_required: 'twoWayCheckRequired',
  review_untimed_tone: 'reviewUntimedTone',
};
