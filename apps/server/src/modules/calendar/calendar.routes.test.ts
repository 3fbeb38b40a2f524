import { beforeEach, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../testing/test-app';
import { buildAdmin } from '../../testing/factories';
import { calendarFeeds } from '../../db/schema';
import {
  buildTimetableWorld,
  gridCsv,
  multipartFile,
  type TimetableWorld,
} from '../../testing/timetable-fixture';
import { tokenFor } from '../../testing/tokens';

const t = useTestApp();

const GRID = gridCsv(
  ['CST', 'HAJ'],
  [
    ['MONDAY', '09:00-10:00', 'BE-7-A-IS-LH101', 'BE-7-B-CD-LH102'],
    ['', '12:45-01:45', 'BE-7-A_A1-IS-LAB201', ''],
    ['', '01:45-02:45', 'BE-7-A_A1-IS-LAB201', ''],
    ['THURSDAY', '10:00-11:00', 'BE-7-B-IS-LH102', 'BE-7-A-CD-LH101'],
  ],
);

interface Component {
  name: string;
  props: { name: string; params: Record<string, string>; value: string }[];
  children: Component[];
}

/** Parses iCalendar text back into components, checking the line rules on the way. */
function parseIcs(text: string): Component {
  expect(text.endsWith('\r\n')).toBe(true);
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    expect(line.includes('\n') || line.includes('\r')).toBe(false);
    expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  }
  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ')) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  const root: Component = { name: '', props: [], children: [] };
  const stack = [root];
  for (const line of lines) {
    const colon = line.indexOf(':');
    expect(colon).toBeGreaterThan(0);
    const [name, ...paramParts] = line.slice(0, colon).split(';');
    const value = line.slice(colon + 1);
    const top = stack[stack.length - 1]!;
    if (name === 'BEGIN') {
      const child = { name: value, props: [], children: [] };
      top.children.push(child);
      stack.push(child);
    } else if (name === 'END') {
      expect(top.name).toBe(value);
      stack.pop();
    } else {
      const params = Object.fromEntries(paramParts.map((p) => p.split('=') as [string, string]));
      top.props.push({ name: name!, params, value });
    }
  }
  expect(stack).toHaveLength(1);
  expect(root.children).toHaveLength(1);
  return root.children[0]!;
}

const prop = (c: Component, name: string) => c.props.find((p) => p.name === name);

let w: TimetableWorld;

beforeEach(async () => {
  w = await buildTimetableWorld(t.db);
  const admin = await tokenFor(t.app, w.admin.profile);
  const body = multipartFile('master_tt.csv', 'tt.csv', Buffer.from(GRID));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/manage/upload_master_timetable/',
    headers: { authorization: `Bearer ${admin}`, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
});

async function feedUrl(token: string) {
  const res = await call(t.app, { method: 'GET', url: '/api/calendar/feed', token });
  expect(res.status).toBe(200);
  return res.body.data.url as string;
}

const fetchIcs = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

describe('calendar feeds', () => {
  it('gives a teacher a stable private URL of a valid weekly calendar', async () => {
    const token = await tokenFor(t.app, w.teachers.cst.profile);
    const url = await feedUrl(token);
    expect(url).toMatch(/^http:\/\/rollbook\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedUrl(token)).toBe(url);
    const stored = await t.db.select().from(calendarFeeds);
    expect(stored).toHaveLength(1);
    expect(url).not.toContain(stored[0]!.tokenHash);

    const res = await fetchIcs(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const calendar = parseIcs(res.body);
    expect(calendar.name).toBe('VCALENDAR');
    expect(prop(calendar, 'VERSION')?.value).toBe('2.0');
    expect(prop(calendar, 'PRODID')).toBeDefined();
    const tz = calendar.children.find((c) => c.name === 'VTIMEZONE')!;
    expect(prop(tz, 'TZID')?.value).toBe('Asia/Kolkata');
    expect(tz.children[0]?.name).toBe('STANDARD');
    const events = calendar.children.filter((c) => c.name === 'VEVENT');
    expect(events).toHaveLength(3);
    const uids = events.map((e) => prop(e, 'UID')?.value);
    expect(new Set(uids).size).toBe(3);
    const lab = events.find((e) => prop(e, 'SUMMARY')?.value.startsWith('IS (lab)'))!;
    expect(prop(lab, 'SUMMARY')?.value).toBe('IS (lab) - BE 7 A');
    expect(prop(lab, 'LOCATION')?.value).toBe('LAB201');
    // The semester starts on Wednesday 1 July 2026: the first Monday is 6 July.
    expect(prop(lab, 'DTSTART')).toEqual({
      name: 'DTSTART',
      params: { TZID: 'Asia/Kolkata' },
      value: '20260706T124500',
    });
    expect(prop(lab, 'DTEND')?.value).toBe('20260706T144500');
    expect(prop(lab, 'RRULE')?.value).toBe('FREQ=WEEKLY;UNTIL=20261215T182959Z');
    expect(prop(lab, 'DESCRIPTION')?.value).toContain('Teacher: Chirag S. Thakkar (CST)\\nBatches: A1');
    expect(prop(lab, 'DTSTAMP')?.value).toMatch(/^\d{8}T\d{6}Z$/);
  });

  it('gives a student the lectures of their batches', async () => {
    const a2 = await tokenFor(t.app, w.students.get('A2')![0]!.profile);
    const calendar = parseIcs((await fetchIcs(await feedUrl(a2))).body);
    const summaries = calendar.children
      .filter((c) => c.name === 'VEVENT')
      .map((e) => prop(e, 'SUMMARY')?.value);
    expect(summaries.sort()).toEqual(['CD (theory) - BE 7 A', 'IS (theory) - BE 7 A']);
  });

  it('revokes: the old URL stops working and a new one is answered', async () => {
    const token = await tokenFor(t.app, w.teachers.haj.profile);
    const old = await feedUrl(token);
    const res = await call(t.app, { method: 'POST', url: '/api/calendar/feed/revoke', token });
    expect(res.status).toBe(200);
    const fresh = res.body.data.url as string;
    expect(fresh).not.toBe(old);
    expect((await fetchIcs(old)).statusCode).toBe(404);
    expect((await fetchIcs(fresh)).statusCode).toBe(200);
    expect(await feedUrl(token)).toBe(fresh);
  });

  it('needs a sign-in for the URL, and a known token for the feed', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/calendar/feed' })).status).toBe(401);
    const admin = await buildAdmin(t.db);
    const adminCalendar = parseIcs(
      (await fetchIcs(await feedUrl(await tokenFor(t.app, admin.profile)))).body,
    );
    expect(adminCalendar.children.filter((c) => c.name === 'VEVENT')).toHaveLength(0);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics',
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/feed.txt' })).statusCode).toBe(400);
  });

  it('is documented in the OpenAPI description', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/calendar/feed', '/api/calendar/feed/revoke', '/api/calendar/{file}']),
    );
  });
});
