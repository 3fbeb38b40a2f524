import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect } from './fixtures';

/** The subject the demo teacher teaches division A every day of the demo timetable. */
export const DEMO_DAILY_SUBJECT = 'Information Security';

/**
 * Today's division A theory lecture of the demo's daily subject, as the teacher's API answers it
 * (`headers`: the demo teacher's bearer), with the accessible name of its cards.
 */
export async function todaysDemoLecture(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.get('/api/manage/get_timetable_for_teacher/current', { headers });
  type Lecture = {
    slug: string;
    type: string;
    start_time: string;
    end_time: string;
    subject: { subject_map: { subject_name: string } };
    batches: { division: { division_name: string } }[];
  };
  const body = (await res.json()) as {
    data: {
      streams: {
        semesters: { divisions: { timetable: { schedule: { lectures: Lecture[] } | null } }[] }[];
      }[];
    }[];
  };
  const lecture = body.data
    .flatMap((b) => b.streams[0]?.semesters ?? [])
    .flatMap((s) => s.divisions)
    .flatMap((d) => d.timetable.schedule?.lectures ?? [])
    .find(
      (l) =>
        l.type === 'theory' &&
        l.subject.subject_map.subject_name === DEMO_DAILY_SUBJECT &&
        l.batches[0]?.division.division_name === 'A',
    );
  expect(lecture, `CST teaches division A ${DEMO_DAILY_SUBJECT} today`).toBeDefined();
  return { ...lecture!, card: `${DEMO_DAILY_SUBJECT} ${lecture!.start_time} - ${lecture!.end_time}` };
}

/** The demo teacher signed in through the API (their bearer headers) and today's daily lecture. */
export async function demoTeacherLecture(request: APIRequestContext) {
  const login = await request.post('/api/auth/api/login/', {
    data: { email: 'teacher@rollbook.test', password: DEMO_PASSWORD },
  });
  const headers = { Authorization: `Bearer ${((await login.json()) as { access: string }).access}` };
  return { headers, lecture: await todaysDemoLecture(request, headers) };
}
