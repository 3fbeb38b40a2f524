import { describe, expect, it } from 'vitest';
import { ALL_ROUTES, EXTENSION_ROUTES_TABLE, ROUTES_TABLE, SECTION_13_ROUTES_TABLE } from './index';
import { pathParamNames } from '../route';

/** Contract Appendix A, copied verbatim: the 57 method + path pairs the original clients send. */
const APPENDIX_A: ReadonlyArray<readonly [string, string]> = [
  ['GET', '/check_server_avaibility'],
  ['GET', '/check_token_authenticity'],
  ['POST', '/auth/api/login/'],
  ['POST', '/auth/api/token/refresh/'],
  ['POST', '/auth/api/set_new_password_for_stakeholders/'],
  ['POST', '/auth/api/set_updated_password/'],
  ['POST', '/auth/api/forgot_password/'],
  ['POST', '/auth/api/update_email/'],
  ['GET', '/manage/alerts/get_alerts'],
  ['POST', '/manage/alerts/mark_all_as_read/'],
  ['GET', '/manage/get_timetable_for_student'],
  ['POST', '/manage/session/mark_attendance_for_student/'],
  ['POST', '/manage/session/mark_for_regulization/'],
  ['GET', '/manage/get_timetable_for_teacher/{day}'],
  ['GET', '/manage/get_classrooms_for_teacher'],
  ['GET', '/manage/session/get_classroom_allocations'],
  ['POST', '/manage/session/set_classroom_dynamic/'],
  ['POST', '/manage/session/create_lecture_session/'],
  ['GET', '/manage/session/get_session_data_for_export/{session_id}'],
  ['GET', '/media/{audio_url}'],
  ['GET', '/manage/get_streams'],
  ['GET', '/manage/get_semesters_from_stream/{stream_slug}'],
  ['GET', '/manage/get_subjects_from_acedemic_year/{semester_slug}/{year}'],
  ['POST', '/manage/add_subjects_to_semester/'],
  ['POST', '/manage/unlock_subject_choices/'],
  ['POST', '/manage/extend_subject_choice_deadline/'],
  ['GET', '/manage/get_complementry_subject_from_semester/{semester_slug}'],
  ['GET', '/manage/get_teachers_for_the_subject/{subject_slug}'],
  ['GET', '/manage/get_students_for_the_subject/{subject_slug}'],
  ['POST', '/manage/unlock_subject_choice_for_student/'],
  ['GET', '/manage/get_all_subjects_of_teacher'],
  ['POST', '/manage/unlock_subject_choices_for_teacher/'],
  ['GET', '/manage/get_teacher_to_subject_excel'],
  ['GET', '/manage/get_subject_to_teacher_excel'],
  ['GET', '/manage/get_student_to_subject_excel/{semester_slug}'],
  ['GET', '/manage/get_semesters_only_from_stream/{stream_slug}'],
  ['GET', '/manage/get_subject_choice_groups/{semester_slug}'],
  ['GET', '/manage/get_division_suggestion/{semester_slug}'],
  ['POST', '/manage/confirm_suggested_divisions/'],
  ['GET', '/manage/get_division_student_data_excel'],
  ['GET', '/manage/get_divisions_from_stream/{stream_slug}'],
  ['GET', '/manage/get_timetable/{division_slug}'],
  ['POST', '/manage/upload_master_timetable/'],
  ['GET', '/manage/get_subject_allocation_context'],
  ['POST', '/manage/rest_subject_allocation_context/'],
  ['POST', '/manage/confirm_subject_allocation/'],
  ['GET', '/manage/get_teachers_allocation'],
  ['GET', '/manage/get_teachers_subject_choices'],
  ['POST', '/manage/mark_subject_choices_of_teacher/'],
  ['POST', '/manage/unsave_subject_choices_for_teacher/'],
  ['GET', '/manage/get_students_subject_choices'],
  ['POST', '/manage/mark_subject_choices_of_student/'],
  ['POST', '/manage/unsave_subject_choices_for_student/'],
  ['GET', '/manage/get_students_division'],
  ['GET', '/manage/get_saved_subjects_from_stream/{stream_slug}'],
  ['GET', '/manage/get_teachers_subject_choices/{semester_slug}'],
  ['GET', '/manage/get_accedmic_years_of_subjects_by_semester/{semester_slug}'],
];

const key = (method: string, path: string) => `${method} ${path}`;
const routeById = (id: string) => ALL_ROUTES.find((route) => route.id === id);

describe('ROUTES_TABLE against contract Appendix A', () => {
  const actual = ROUTES_TABLE.map((r) => key(r.method, r.path));
  const expected = APPENDIX_A.map(([m, p]) => key(m, p));

  it('holds the 57 calls of the appendix', () => {
    expect(expected).toHaveLength(57);
    expect(new Set(expected).size).toBe(57);
    expect([...actual].sort()).toEqual([...expected].sort());
  });

  it('lists every call exactly once, with a unique id', () => {
    expect(new Set(actual).size).toBe(ROUTES_TABLE.length);
    const ids = ROUTES_TABLE.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
  });

  it('ends POST paths with a slash and GET paths without one', () => {
    for (const route of ROUTES_TABLE) {
      if (route.method === 'POST') expect(route.path, route.id).toMatch(/\/$/);
      else expect(route.path, route.id).not.toMatch(/\/$/);
    }
  });

  it('declares path parameters exactly as named in the braces', () => {
    for (const route of ROUTES_TABLE) {
      const names = pathParamNames(route.path);
      const declared = route.params ? Object.keys(route.params.shape) : [];
      expect(declared.sort(), route.id).toEqual([...names].sort());
    }
  });

  it('keeps auth, roles and body kinds consistent', () => {
    for (const route of ROUTES_TABLE) {
      if (route.auth === 'none') expect(route.roles, route.id).toEqual([]);
      else expect(route.roles.length, route.id).toBeGreaterThan(0);
      if (route.method === 'GET') expect(route.bodyKind, route.id).toBe('none');
      if (route.bodyKind === 'json') expect(route.body, route.id).toBeDefined();
      if (route.bodyKind === 'none') expect(route.body, route.id).toBeUndefined();
      // A multipart call carries text fields, files or both (create_lecture_session has no file).
      if (route.bodyKind === 'multipart')
        expect(route.body !== undefined || (route.files?.length ?? 0) > 0, route.id).toBe(true);
      else expect(route.files, route.id).toBeUndefined();
    }
  });

  it('marks the special response kinds the contract names', () => {
    const kindOf = (id: string) => routeById(id)?.responseKind;
    expect(kindOf('auth.login')).toBe('bare');
    expect(kindOf('auth.refresh')).toBe('bare');
    expect(kindOf('auth.setNewPassword')).toBe('bare');
    expect(kindOf('auth.checkServerAvailability')).toBe('bare');
    expect(kindOf('sessions.getSessionDataForExport')).toBe('csv');
    expect(kindOf('media.getMedia')).toBe('binary');
    const others = ROUTES_TABLE.filter(
      (r) =>
        ![
          'auth.login',
          'auth.refresh',
          'auth.setNewPassword',
          'auth.checkServerAvailability',
          'sessions.getSessionDataForExport',
          'media.getMedia',
        ].includes(r.id),
    );
    for (const route of others) expect(route.responseKind, route.id).toBe('envelope');
  });

  it('leaves only the public calls unauthenticated', () => {
    const open = ROUTES_TABLE.filter((r) => r.auth === 'none').map((r) => r.path);
    expect(open.sort()).toEqual(
      [
        '/check_server_avaibility',
        '/auth/api/login/',
        '/auth/api/token/refresh/',
        '/auth/api/set_new_password_for_stakeholders/',
        '/auth/api/set_updated_password/',
        '/auth/api/forgot_password/',
        '/media/{audio_url}',
      ].sort(),
    );
  });

  it('uses the literal multipart field names of the original client', () => {
    expect(routeById('sessions.markAttendanceForStudent')?.files).toEqual(['audio']);
    expect(routeById('timetable.uploadMasterTimetable')?.files).toEqual(['master_tt.csv']);
    expect(routeById('sessions.createLectureSession')?.bodyKind).toBe('multipart');
  });

  it('does not contain the server-added docs route', () => {
    expect(ROUTES_TABLE.some((r) => r.path.startsWith('/api/docs'))).toBe(false);
  });
});

describe("Rollbook's own calls (EXTENSION_ROUTES_TABLE)", () => {
  it('lists each addition once, none of them an Appendix A call', () => {
    expect(EXTENSION_ROUTES_TABLE.map((r) => key(r.method, r.path)).sort()).toEqual(
      [
        'POST /auth/api/check_password_link/',
        'GET /allocation/get_allocation_excel',
        'POST /allocation/set_teacher_max_hours/',
        'GET /allocation/get_timetable_disagreements',
        'GET /calendar/feed',
        'POST /calendar/feed/revoke',
        'GET /calendar/{file}',
        'GET /timetable/samples',
        'GET /timetable/samples/{name}',
        'GET /media/tones/{name}',
        'GET /institution/people',
        'GET /institution/people/options',
        'POST /institution/people/',
        'POST /institution/people/{person_slug}/edit/',
        'POST /institution/people/{person_slug}/deactivate/',
        'POST /institution/people/{person_slug}/reactivate/',
        'POST /institution/people/{person_slug}/invite/',
        'POST /institution/people/invite_not_signed_in/',
        'GET /institution/people/{person_slug}/placement/',
        'POST /institution/people/{person_slug}/placement/',
        'GET /institution/settings',
        'POST /institution/settings',
        'GET /institution/classrooms',
        'POST /institution/classrooms',
        'POST /institution/classrooms/{classroom_slug}',
        'GET /institution/academic-year/preview',
        'POST /institution/academic-year/open',
        'POST /institution/divisions/reset/{semester_slug}',
        'GET /institution/workbook/template',
        'POST /institution/workbook/imports',
        'GET /institution/workbook/imports',
        'GET /institution/workbook/imports/{import_slug}',
        'GET /attendance/sessions/filters',
        'POST /attendance/sessions/search',
        'GET /attendance/sessions/{session_id}/sheet',
        'POST /attendance/sessions/{session_id}/corrections',
        'GET /attendance/sessions/{session_id}/students/{student_slug}/corrections',
        'GET /attendance/sessions/{session_id}/workbook',
        'GET /attendance/privacy',
        'GET /attendance/record',
        'GET /attendance/record/marks',
        'GET /attendance/reports/options',
        'GET /attendance/reports/table',
        'GET /attendance/reports/detention',
        'GET /attendance/reports/trend',
        'GET /attendance/reports/workbook',
        'GET /attendance/reports/csv',
        'GET /sessions/server_time',
        'POST /sessions/challenge',
        'GET /sessions/{session_id}/reviews',
        'GET /sessions/{session_id}/reviews/{attendance_slug}/recording',
        'POST /sessions/{session_id}/reviews/{attendance_slug}',
      ].sort(),
    );
    const appendix = new Set(APPENDIX_A.map(([m, p]) => key(m, p)));
    for (const route of EXTENSION_ROUTES_TABLE)
      expect(appendix.has(key(route.method, route.path))).toBe(false);
  });

  it('keeps ids unique across the whole table and finds the additions by id', () => {
    const ids = ALL_ROUTES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ALL_ROUTES).toHaveLength(
      ROUTES_TABLE.length + SECTION_13_ROUTES_TABLE.length + EXTENSION_ROUTES_TABLE.length,
    );
    expect(routeById('calendar.getFeed')?.responseKind).toBe('text');
    expect(routeById('timetable.getSampleFile')?.responseKind).toBe('binary');
  });

  it('declares path parameters as named, and roles exactly for bearer calls', () => {
    for (const route of EXTENSION_ROUTES_TABLE) {
      const declared = route.params ? Object.keys(route.params.shape) : [];
      expect(declared.sort(), route.id).toEqual(pathParamNames(route.path).sort());
      if (route.auth === 'none') expect(route.roles, route.id).toEqual([]);
      else expect(route.roles.length, route.id).toBeGreaterThan(0);
      if (route.method === 'GET') expect(route.bodyKind, route.id).toBe('none');
    }
  });

  it('leaves only the calendar feed itself, the tones and the reset link check public', () => {
    const open = EXTENSION_ROUTES_TABLE.filter((r) => r.auth === 'none').map((r) => r.id);
    // The link check needs no sign-in: its caller holds only the e-mailed link.
    expect(open.sort()).toEqual(['auth.checkPasswordLink', 'calendar.getFeed', 'media.getTone']);
  });
});

/** Contract §13, copied verbatim: the later client's calls this table defines so far. */
const SECTION_13: ReadonlyArray<readonly [string, string]> = [
  ['GET', '/manage/session/get_history_metadata'],
  ['POST', '/manage/session/get_sessions_of_teacher'],
  ['GET', '/manage/session/get_session_data/{session_id}'],
  ['GET', '/manage/get_subjects_of_teacher'],
  ['GET', '/manage/analytics/get_detained_studetns_by_subject/{subject}'],
  ['POST', '/manage/analytics/get_detalied_student_excel_report/'],
  ['GET', '/manage/get_instant_lecture_metadata'],
  ['GET', '/manage/get_instant_lectures_for_teacher'],
  ['POST', '/manage/create_instant_lecture'],
  ['POST', '/manage/session/create_instant_lecture_session/'],
  ['GET', '/manage/get_instant_lectures_for_student'],
  ['GET', '/manage/session/session_sse_view'],
  ['POST', '/manage/session/update_attendance/'],
  ['POST', '/manage/session/regulization_request_entry/'],
  ['POST', '/manage/session/end_session/'],
];

/** The §13 Server-Sent Events stream: EventSource sends no header, so its token is in the query. */
const SSE_VIEW = 'liveSession.sessionSseView';

describe('SECTION_13_ROUTES_TABLE against contract §13', () => {
  it('holds the listed calls with their exact paths (no trailing slash where §13 has none)', () => {
    const actual = SECTION_13_ROUTES_TABLE.map((r) => key(r.method, r.path));
    expect([...actual].sort()).toEqual(SECTION_13.map(([m, p]) => key(m, p)).sort());
  });

  it('never repeats an Appendix A or a Rollbook call, and declares its path parameters', () => {
    const elsewhere = new Set([...ROUTES_TABLE, ...EXTENSION_ROUTES_TABLE].map((r) => key(r.method, r.path)));
    for (const route of SECTION_13_ROUTES_TABLE) {
      expect(elsewhere.has(key(route.method, route.path)), route.id).toBe(false);
      const declared = route.params ? Object.keys(route.params.shape) : [];
      expect(declared.sort(), route.id).toEqual(pathParamNames(route.path).sort());
      if (route.id === SSE_VIEW) continue;
      expect(route.auth, route.id).toBe('bearer');
      expect(route.responseKind, route.id).toBe('envelope');
    }
  });

  it('streams the SSE view as text, authenticated by the access token of its query', () => {
    const sse = routeById(SSE_VIEW);
    expect(sse?.responseKind).toBe('text');
    expect(sse?.auth).toBe('none');
    expect(Object.keys(sse?.query?.shape ?? {})).toEqual(
      expect.arrayContaining(['session_id', 'access_token']),
    );
  });
});

describe('the instant lecture calls of §13', () => {
  it('sends the session start as multipart, like create_lecture_session/', () => {
    expect(routeById('instant.createInstantLectureSession')?.bodyKind).toBe('multipart');
    expect(routeById('instant.createInstantLecture')?.bodyKind).toBe('json');
  });
});
