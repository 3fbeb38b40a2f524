import { describe, expect, it } from 'vitest';
import { ok } from '../envelope';
import { authRoutes } from '../http/routes/auth.routes';
import { catalogueRoutes } from '../http/routes/catalogue.routes';
import { divisionRoutes } from '../http/routes/divisions.routes';
import { sessionRoutes } from '../http/routes/sessions.routes';
import { timetableRoutes } from '../http/routes/timetable.routes';
import {
  sampleAttendance,
  sampleOngoingSession,
  sampleSubject,
  sampleTeacherLecture,
} from '../testing/samples';
import { SemesterFullSchema } from './catalogue';
import { OngoingSessionSchema } from './sessions';

const teacherBranches = [
  {
    branch_name: 'Computer Engineering',
    slug: 'ce',
    streams: [
      {
        semesters: [
          {
            no: 5,
            divisions: [
              {
                division_name: 'A',
                timetable: { schedule: { day: 'tuesday', lectures: [sampleTeacherLecture] } },
              },
            ],
          },
        ],
      },
    ],
  },
];

describe('teacher timetable (§6.4)', () => {
  const schema = timetableRoutes.getTimetableForTeacher.response;

  it('parses the contract shape with the required top-level day', () => {
    expect(
      schema.safeParse({ data: teacherBranches, day: 'tuesday', error: false, message: null }).success,
    ).toBe(true);
    expect(schema.safeParse({ data: [], day: 'monday', error: false, message: null }).success).toBe(true);
  });

  it('rejects a missing or capitalised day', () => {
    expect(schema.safeParse({ data: teacherBranches, error: false, message: null }).success).toBe(false);
    expect(
      schema.safeParse({ data: teacherBranches, day: 'Tuesday', error: false, message: null }).success,
    ).toBe(false);
  });

  it('rejects a lecture without a session', () => {
    const broken = structuredClone(teacherBranches);
    const lecture = broken[0]?.streams[0]?.semesters[0]?.divisions[0]?.timetable.schedule
      .lectures[0] as Record<string, unknown>;
    lecture.session = null;
    expect(schema.safeParse({ data: broken, day: 'tuesday', error: false, message: null }).success).toBe(
      false,
    );
  });

  it('accepts a division without a schedule that day', () => {
    const empty = [
      {
        ...teacherBranches[0],
        streams: [
          { semesters: [{ no: 3, divisions: [{ division_name: 'B', timetable: { schedule: null } }] }] },
        ],
      },
    ];
    expect(schema.safeParse({ data: empty, day: 'sunday', error: false, message: null }).success).toBe(true);
  });
});

describe('student timetable (§6.1)', () => {
  const schema = timetableRoutes.getTimetableForStudent.response;
  const lecture = {
    slug: 'lec_1',
    type: 'lab',
    start_time: '10:00',
    end_time: '12:00',
    subject: { subject_map: { subject_name: 'DBMS', subject_code: '3130703' }, semester: { no: 5 } },
    teacher: 'Chirag Shah',
    classroom: null,
    batches: [{ slug: 'b_a1', batch_name: 'A1', division: { division_name: 'A', slug: 'div_a' } }],
    session: null,
    attendance_marked: false,
  };
  const entry = {
    stream: {
      title: 'BE',
      stream_code: '07',
      slug: 'be_ce',
      branch: { branch_name: 'Computer Engineering', slug: 'ce' },
    },
    timetables: [{ lectures: [lecture] }],
  };

  it('parses lectures at timetables[].lectures with a string teacher', () => {
    expect(schema.safeParse(ok([entry])).success).toBe(true);
  });

  it('rejects the teacher-side object as teacher, and the nested schedule of the old backend', () => {
    const withObject = {
      ...entry,
      timetables: [{ lectures: [{ ...lecture, teacher: { profile: { name: 'X' } } }] }],
    };
    expect(schema.safeParse(ok([withObject])).success).toBe(false);
    const nested = { ...entry, timetables: [{ schedule: { lectures: [lecture] } }] };
    expect(schema.safeParse(ok([nested])).success).toBe(false);
  });
});

describe('live session shapes (§8.3)', () => {
  it('parses an OngoingSession', () => {
    expect(OngoingSessionSchema.safeParse(sampleOngoingSession).success).toBe(true);
  });

  it('rejects an OngoingSession that is not ongoing or lacks its lists', () => {
    expect(OngoingSessionSchema.safeParse({ ...sampleOngoingSession, active: 'post' }).success).toBe(false);
    const { pending_regulization_requests: _dropped, ...rest } = sampleOngoingSession;
    expect(OngoingSessionSchema.safeParse(rest).success).toBe(false);
  });

  it('parses the start-session answer', () => {
    const data = {
      session_id: sampleTeacherLecture.session.session_id,
      active: 'ongoing',
      audio_url: 'tone_abc.wav',
      lecture: sampleTeacherLecture,
    };
    expect(sessionRoutes.createLectureSession.response.safeParse(ok(data)).success).toBe(true);
    expect(
      sessionRoutes.createLectureSession.response.safeParse(ok({ ...data, audio_url: '/media/tone.wav' }))
        .success,
    ).toBe(false);
  });

  it('parses the attendance answer with code 100', () => {
    expect(
      sessionRoutes.markAttendanceForStudent.response.safeParse({
        data: true,
        code: 100,
        error: false,
        message: null,
      }).success,
    ).toBe(true);
    expect(sessionRoutes.markAttendanceForStudent.response.safeParse(ok(true)).success).toBe(false);
  });

  it('keeps attendance score fields nullable', () => {
    const blank = {
      ...sampleAttendance,
      similarity: null,
      euclidean_distance: null,
      ncc: null,
      magnitude: null,
    };
    expect(
      OngoingSessionSchema.safeParse({ ...sampleOngoingSession, marked_attendances: [blank] }).success,
    ).toBe(true);
  });
});

describe('auth answers (§4)', () => {
  it('accepts both login answers', () => {
    expect(authRoutes.login.response.safeParse({ access: 'a.b.c', refresh: 'd.e.f' }).success).toBe(true);
    expect(
      authRoutes.login.response.safeParse({
        error: true,
        code: 112500,
        message: 'Please set new password',
        profile_slug: 'p_1',
      }).success,
    ).toBe(true);
    expect(
      authRoutes.login.response.safeParse({ error: true, code: 1, message: 'x', profile_slug: 'p_1' })
        .success,
    ).toBe(false);
    expect(authRoutes.login.response.safeParse({ access: 'a.b.c' }).success).toBe(false);
  });

  it('answers the availability and token checks exactly', () => {
    expect(authRoutes.checkServerAvailability.response.safeParse({ data: true }).success).toBe(true);
    expect(authRoutes.checkTokenAuthenticity.response.safeParse(ok({ isAuthenticated: true })).success).toBe(
      true,
    );
    expect(authRoutes.checkTokenAuthenticity.response.safeParse(ok({ isAuthenticated: false })).success).toBe(
      false,
    );
  });
});

describe('catalogue and divisions (§9, §10)', () => {
  const semester = {
    slug: 'sem_7',
    no: 7,
    subjects: null,
    subjects_locked: false,
    deadline_reached: null,
    subject_choice_deadline: null,
    years: ['2023-24'],
  };

  it('requires subjects to be null rather than an empty list', () => {
    expect(SemesterFullSchema.safeParse(semester).success).toBe(true);
    expect(
      SemesterFullSchema.safeParse({ ...semester, subjects: [sampleSubject], subjects_locked: true }).success,
    ).toBe(true);
    expect(SemesterFullSchema.safeParse({ ...semester, subjects: [] }).success).toBe(false);
    expect(catalogueRoutes.getSemestersFromStream.response.safeParse(ok([semester])).success).toBe(true);
  });

  it('accepts both subject-choice-group answers', () => {
    const schema = divisionRoutes.getSubjectChoiceGroups.response;
    const groups = {
      total_students: 2,
      subject_groups: [
        { slug: 'g1', subjects: [{ subject_name: 'Machine Learning' }], totalCount: 2, availableCount: 2 },
      ],
    };
    const divisions = {
      divisions: [
        { division_name: 'A', total_batches: ['A1'], batches: [{ batch_name: 'A1', students: [] }] },
      ],
    };
    expect(schema.safeParse(ok(groups)).success).toBe(true);
    expect(schema.safeParse(ok(divisions)).success).toBe(true);
    expect(schema.safeParse(ok({ divisions: [] })).success).toBe(false);
  });

  it('keeps the sic field names', () => {
    const { acedemic_year: _year, ...withoutSic } = sampleSubject;
    expect(catalogueRoutes.getSubjectsFromAcademicYear.response.safeParse(ok([sampleSubject])).success).toBe(
      true,
    );
    expect(
      catalogueRoutes.getSubjectsFromAcademicYear.response.safeParse(
        ok([{ ...withoutSic, academic_year: '2023-24' }]),
      ).success,
    ).toBe(false);
  });
});
