// Sample payloads written from the contract text (§6.0, §8.3, §9.0), shared by this package's tests.
import type { AttendanceRecord, OngoingSession } from '../schemas/sessions';
import type { LectureTeacher, SessionRef } from '../schemas/timetable';
import type { Subject } from '../schemas/catalogue';

export const sampleSession: SessionRef = {
  session_id: '8ba1daf166f44fa6_1732005465738',
  active: 'pre',
  day: '2025-05-06',
  created_at: '2025-05-06T03:30:00Z',
  classroom_final: null,
};

export const sampleTeacherLecture: LectureTeacher = {
  slug: '337996_1731152014',
  type: 'theory',
  start_time: '09:00',
  end_time: '10:00',
  is_active: true,
  is_proxy: false,
  subject: {
    slug: 'sub_1',
    subject_map: { subject_name: 'Database Management Systems', subject_code: '3130703', short_name: 'DBMS' },
    semester: { slug: 'sem_5', no: 5 },
  },
  teacher: { slug: 't_1', profile: { name: 'Chirag Shah', email: 'cs@college.edu' }, teacher_code: 'CST' },
  classroom: { slug: 'lh101', class_name: 'LH-101' },
  batches: [{ slug: 'b_a1', batch_name: 'A1', division: { division_name: 'A', slug: 'div_a' } }],
  session: sampleSession,
};

export const sampleAttendance: AttendanceRecord = {
  slug: 'att_1',
  student: {
    slug: 'st_1',
    enrollment: '210170107001',
    profile: { name: 'Asha Patel', email: 'asha@college.edu', role: 'student' },
  },
  is_present: true,
  similarity: 87.6,
  euclidean_distance: 0.123,
  ncc: 0.91,
  magnitude: 12.5,
  regulization_comment: null,
  marking_time: '09:05',
  manual: false,
};

export const sampleOngoingSession: OngoingSession = {
  session_id: sampleSession.session_id,
  active: 'ongoing',
  day: '2025-05-06',
  created_at: '2025-05-06T03:30:00Z',
  lecture: { ...sampleTeacherLecture, session: { ...sampleSession, active: 'ongoing' } },
  student_count: 60,
  marked_attendances: [sampleAttendance],
  pending_regulization_requests: [
    { ...sampleAttendance, slug: 'att_2', is_present: false, regulization_comment: 'Mic broke' },
  ],
};

export const sampleSubject: Subject = {
  slug: 'subj_1',
  subject_name: 'Machine Learning',
  subject_code: '3170724',
  short_name: 'ML',
  category: 'Professional Elective - 3',
  sem_year: 7,
  stream_code: '07',
  eff_from: '2021-22',
  acedemic_year: '2023-24',
  L: 3,
  T: 0,
  P: 2,
  credit: 4,
  E: 70,
  M: 30,
  I: 20,
  V: 30,
  total_marks: 150,
  is_theory: true,
  is_practical: false,
  is_semipractical: false,
  is_elective: true,
  is_functional: true,
  is_technical: true,
  practical_exam_duration: '',
  theory_exam_duration: '2.5',
  remark: '',
};
