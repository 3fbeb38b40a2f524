import type {
  AccessTokenPayload,
  InstitutionSettings,
  Notification,
  Role,
  TokenPair,
} from '@rollbook/contract';

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const branch = { branch_name: 'Computer Engineering', slug: 'ce', branch_code: '07' };

/**
 * Builds a decoded access-token payload for a role, with the contract's `obj` shape; `name` and
 * other profile fields can be overridden.
 */
export function buildTokenPayload(
  role: Role,
  overrides: { name?: string | null; email?: string; teacherCode?: string; enrollment?: string } = {},
): AccessTokenPayload {
  const profile = {
    name: overrides.name === undefined ? `Demo ${role}` : overrides.name,
    email: overrides.email ?? `${role}@rollbook.test`,
  };
  const claims = {
    token_type: 'access' as const,
    exp: 4_102_444_800,
    iat: 1_700_000_000,
    jti: `jti-${role}`,
    user_id: 1,
  };
  if (role === 'admin') return { ...claims, obj: { id: 1, profile: { ...profile, role }, branch } };
  if (role === 'teacher') {
    return {
      ...claims,
      obj: {
        slug: 't1',
        profile: { ...profile, role },
        branch,
        teacher_code: overrides.teacherCode ?? 'cst',
      },
    };
  }
  return {
    ...claims,
    obj: {
      slug: 's1',
      profile: { ...profile, role },
      sr_no: '1',
      enrollment: overrides.enrollment ?? '210170107001',
      branch,
    },
  };
}

/**
 * Encodes a payload as an (unsigned) JWT: the client only decodes tokens, the server verifies.
 */
export function encodeToken(payload: AccessTokenPayload, salt = ''): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.sig${salt}`;
}

/** A token pair for a role; `salt` makes successive pairs distinct (for rotation tests). */
export function buildTokenPair(role: Role, salt = ''): TokenPair {
  return { access: encodeToken(buildTokenPayload(role), salt), refresh: `refresh-${role}${salt}` };
}

let notificationCounter = 0;

/** Builds one notification; every call gets a fresh slug. */
export function buildNotification(overrides: Partial<Notification> = {}): Notification {
  notificationCounter += 1;
  return {
    slug: `n${notificationCounter}`,
    status: 'unseen',
    type: 'Subject Choice Alert',
    type_code: 'subject_choice_alert',
    message: `Notification ${notificationCounter}`,
    ...overrides,
  };
}

/** An institution's settings as an admin reads them (editable: an institution admin). */
export function buildInstitutionSettings(overrides: Partial<InstitutionSettings> = {}): InstitutionSettings {
  return {
    name: 'Rollbook Institute of Technology',
    code: '028',
    time_zone: 'Asia/Kolkata',
    campus: { latitude: 23.0338, longitude: 72.5461 },
    session_start_early_minutes: null,
    session_start_late_minutes: null,
    server_session_start_early_minutes: 15,
    server_session_start_late_minutes: 0,
    session_window_always_open: false,
    attendance_threshold_percent: 75,
    syllabus_url_template: null,
    correction_window_days: 7,
    excused_counts_as: 'excluded',
    recording_retention_days: 30,
    detention_notice_date: null,
    editable: true,
    tone_band: null,
    server_tone_band: { low_hz: 17000, high_hz: 20000 },
    two_way_check: false,
    two_way_check_required: false,
    review_untimed_tone: false,
    ...overrides,
  };
}
