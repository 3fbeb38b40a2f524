import type { Browser, Page, TestInfo } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { apiSignIn, bearer, logIn } from '../support/pages';
import {
  launchWithMicrophone,
  writeRoomWav,
  writeStudentWavAhead,
  type LiveTone,
} from '../support/fake-microphone';
import { todaysDemoLecture } from '../support/lectures';
import { cuttableLink } from '../support/cuttable-link';
import { followSheetSocket } from '../support/sheet-traffic';
import { printLog, recordApiCalls } from '../support/api-log';
import { SENT_TO_REVIEW_CODE } from '@rollbook/contract';
import { contextInLh101 } from '../support/classroom';

/** What a marking upload answers (contract: mark_attendance_for_student); `code` is a number or a name. */
type MarkingAnswer = { code?: number | string; message?: string };

/** How long the teacher's connection is cut (issue 21: "cut for 10 s during a session"). */
const CUT_MS = 10_000;

/** More than the sheet's link-speed probe reads of the tone file (web `PROBE_BYTES`, 96 kB). */
const TONE_PROBE_BYTES = 256 * 1024;

/** The demo student, who attends today's demo lecture. */
const STUDENT = 'student@rollbook.test';

/** Microphone files of one test: the teacher's hears the room, the student's the room and the tone. */
async function microphones(testInfo: TestInfo) {
  const dir = testInfo.outputPath('microphones');
  await mkdir(dir, { recursive: true });
  const room = path.join(dir, 'room.wav');
  const student = path.join(dir, 'student.wav');
  await writeRoomWav(room);
  await writeRoomWav(student);
  return { room, student };
}

/**
 * The demo student at LH101 with location and microphone allowed, whose microphone file is written
 * with the session's chirps right before the page opens it; marks with "Mark Attendance" and
 * answers the upload's status and body (200 marked; 403 with SENT_TO_REVIEW_CODE sent to the
 * teacher's review, or refused).
 */
async function studentMarks(
  studentBrowser: Browser,
  baseURL: string,
  wav: string,
  { tone, speakerOffsetMs, lectureCard }: { tone: LiveTone; speakerOffsetMs: number; lectureCard: string },
): Promise<{ status: number; body: MarkingAnswer }> {
  const context = await contextInLh101(studentBrowser, baseURL, () =>
    writeStudentWavAhead(wav, tone, speakerOffsetMs),
  );
  const page = await context.newPage();
  await logIn(page, STUDENT);
  await expect(page).toHaveURL(/\/student-dashboard/);
  const uploading = page.waitForResponse(/\/manage\/session\/mark_attendance_for_student\/$/, {
    timeout: 60_000,
  });
  await page
    .getByRole('article', { name: lectureCard })
    .getByRole('button', { name: 'Mark Attendance' })
    .click();
  const answer = await uploading;
  // A body that is not JSON (a proxy's error page) still reports its status.
  const body = (await answer.json().catch(() => ({}))) as MarkingAnswer;
  return { status: answer.status(), body };
}

/**
 * The teacher signed in on a browser whose microphone hears the room; answers the page and today's
 * lecture. What the page asks and logs goes into `log` from the start (printed if the test fails).
 */
async function teacherOnDashboard(teacherBrowser: Browser, baseURL: string, log: string[]) {
  const context = await teacherBrowser.newContext({ baseURL, permissions: ['microphone'] });
  recordApiCalls(context, log);
  const page = await context.newPage();
  await logIn(page, 'teacher@rollbook.test');
  await expect(page).toHaveURL(/\/teacher-dashboard/);
  const lecture = await todaysDemoLecture(page.request, await bearer(page));
  return { context, page, lecture };
}

/** Starts today's lecture from its card; answers the sheet. */
async function startSession(page: Page, lectureCard: string) {
  const card = page.getByRole('article', { name: lectureCard });
  const starting = page.waitForResponse(/\/manage\/session\/create_lecture_session\/$/);
  await card.getByRole('button', { name: 'Start Session' }).click();
  expect((await starting).ok()).toBe(true);
  return page.getByRole('dialog', { name: 'Attendance Details' });
}

/**
 * The session's tone as the slow-network stream sends it to a sheet that asks (`live_tone=1`),
 * read here beside the page with the teacher's own token: the student's microphone file needs the
 * chirps the teacher's speaker plays.
 */
async function toneFromStream(baseURL: string, sessionId: string, token: string): Promise<LiveTone> {
  const query = new URLSearchParams({ session_id: sessionId, access_token: token, live_tone: '1' });
  const abort = new AbortController();
  const res = await fetch(`${baseURL}/api/manage/session/session_sse_view?${query}`, {
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  const decoder = new TextDecoder();
  let text = '';
  try {
    const reader = res.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      const bytes = read.value;
      text += decoder.decode(bytes, { stream: true });
      const frame = text
        .split('\n\n')
        .map((f) => f.replace(/^data: /, ''))
        .find((f) => f.includes('"type":"session_tone"'));
      if (frame) return (JSON.parse(frame) as { data: LiveTone }).data;
    }
  } finally {
    abort.abort();
  }
  throw new Error('the stream sent no session_tone');
}

test.describe('the live sheet on a bad network (issue 21)', () => {
  test("the teacher's connection is cut for 10 s while a student marks: the sheet says it is reconnecting, then shows the mark once and streams again", async ({
    server,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { baseURL } = server;
    const wav = await microphones(testInfo);
    const launched: Browser[] = [];
    const teacherLog: string[] = [];
    // The teacher's browser reaches the server through a link the test can cut.
    const link = await cuttableLink(baseURL);
    try {
      const teacherBrowser = await launchWithMicrophone(testInfo, wav.room);
      launched.push(teacherBrowser);
      const {
        context,
        page: teacher,
        lecture,
      } = await teacherOnDashboard(teacherBrowser, link.baseURL, teacherLog);
      // The sheet times the start of the tone file's download to choose the slow-network path
      // (§13). Through this relay on a loaded machine that download can stall long enough to look
      // like a slow network, which is not what this test is about: the file is answered at once.
      await teacher.route('**/api/media/tones/**', (route) =>
        route.fulfill({ status: 200, contentType: 'audio/wav', body: Buffer.alloc(TONE_PROBE_BYTES) }),
      );
      const traffic = followSheetSocket(teacher, teacherLog);
      const sheet = await startSession(teacher, lecture.card);
      await expect(sheet.getByText(/^Students: \d+/)).toBeVisible();
      await expect
        .poll(() => traffic.chunksSent, {
          timeout: 60_000,
          message: 'the sheet streams the microphone over its socket',
        })
        .toBeGreaterThanOrEqual(3);
      await expect
        .poll(() => traffic.tone !== null && traffic.toneOffsetMs !== null, { timeout: 30_000 })
        .toBe(true);
      const { claims } = await apiSignIn(request, STUDENT);
      const studentRows = sheet.getByRole('row').filter({ hasText: claims.profile.name ?? '' });
      await expect(studentRows).toHaveCount(0);

      // --- the teacher's network goes away: the connections drop, and the browser is offline ---
      const cutAt = Date.now();
      link.cut();
      await context.setOffline(true);
      const status = sheet.getByRole('status').filter({ hasText: 'Reconnecting…' });
      await expect(status).toBeVisible();

      // --- meanwhile the student marks: the server judges it without the teacher's audio ---
      const studentBrowser = await launchWithMicrophone(testInfo, wav.student);
      launched.push(studentBrowser);
      const answer = await studentMarks(studentBrowser, baseURL, wav.student, {
        tone: traffic.tone!,
        speakerOffsetMs: traffic.toneOffsetMs!,
        lectureCard: lecture.card,
      });
      // Marked, or sent to the teacher's review (their audio of that moment is missing): either way
      // the sheet lists the student once it is back. A refusal would list nothing.
      expect(
        answer.status === 200 || answer.body.code === SENT_TO_REVIEW_CODE,
        `marked or sent to review: ${answer.status} ${JSON.stringify(answer.body)}`,
      ).toBe(true);
      // The offline sheet cannot have heard of it.
      await expect(studentRows).toHaveCount(0);

      // --- the network returns after 10 s: the sheet rebuilds from the server ---
      await teacher.waitForTimeout(Math.max(0, CUT_MS - (Date.now() - cutAt)));
      const chunksBeforeReturn = traffic.chunksSent;
      link.restore();
      await context.setOffline(false);
      await expect(status).toHaveCount(0, { timeout: 30_000 });
      await expect.poll(() => traffic.reconnects).toBeGreaterThanOrEqual(1);
      await expect(studentRows).toHaveCount(1);
      // The teacher's audio stream resumes on the new connection.
      await expect
        .poll(() => traffic.chunksSent, { timeout: 30_000 })
        .toBeGreaterThan(chunksBeforeReturn + 2);
      // Shown once, and still once after a while of live pushes.
      await expect(studentRows).toHaveCount(1);
      await expect(sheet.getByRole('button', { name: 'End Session' })).toBeEnabled();
    } catch (error) {
      printLog("The teacher's page", teacherLog);
      throw error;
    } finally {
      for (const b of launched) await b.close();
      await link.close();
    }
  });

  test('a slow tone download puts the teacher on Server-Sent Events: no audio streamed, the student’s mark arrives with the reason, the teacher accepts it and ends over HTTP', async ({
    server,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { baseURL } = server;
    const wav = await microphones(testInfo);
    const launched: Browser[] = [];
    const teacherLog: string[] = [];
    try {
      const teacherBrowser = await launchWithMicrophone(testInfo, wav.room);
      launched.push(teacherBrowser);
      const {
        context,
        page: teacher,
        lecture,
      } = await teacherOnDashboard(teacherBrowser, baseURL, teacherLog);
      // A throttled link (Chromium's network emulation): 25 kB/s, under §13's 0.3 Mbps.
      const cdp = await context.newCDPSession(teacher);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 100,
        downloadThroughput: 25_000,
        uploadThroughput: 25_000,
      });
      const traffic = followSheetSocket(teacher, teacherLog);
      const following = teacher.waitForRequest(/\/manage\/session\/session_sse_view\?/);
      const sheet = await startSession(teacher, lecture.card);
      const streamUrl = new URL((await following).url());
      const sessionId = streamUrl.searchParams.get('session_id')!;
      await expect(sheet.getByRole('status').filter({ hasText: 'Your network is slow' })).toBeVisible();
      await expect(sheet.getByText(/^Students: \d+/)).toBeVisible();

      // --- a student marks with the tone the teacher's speaker plays ---
      const token = ((await bearer(teacher)).Authorization ?? '').replace(/^Bearer /, '');
      const tone = await toneFromStream(baseURL, sessionId, token);
      const studentBrowser = await launchWithMicrophone(testInfo, wav.student);
      launched.push(studentBrowser);
      const { claims } = await apiSignIn(request, STUDENT);
      const name = claims.profile.name ?? '';
      // No teacher audio to compare the room with: the teacher reviews the mark.
      // The sheet on Server-Sent Events reports no speaker clock: the server places the chirps by
      // the schedule alone, within its provisional tolerance.
      const marked = await studentMarks(studentBrowser, baseURL, wav.student, {
        tone,
        speakerOffsetMs: 0,
        lectureCard: lecture.card,
      });
      expect({ status: marked.status, code: marked.body.code }, JSON.stringify(marked.body)).toEqual({
        status: 403,
        code: SENT_TO_REVIEW_CODE,
      });
      const studentRows = sheet.getByRole('row').filter({ hasText: name });
      await expect(studentRows).toHaveCount(1);
      await sheet.getByRole('tab', { name: /Review/ }).click();
      await expect(sheet.getByText(/the teacher's network was too slow to stream it/)).toBeVisible();
      await sheet.getByRole('button', { name: `Accept (present): ${name}` }).click();
      await sheet.getByRole('tab', { name: 'Default' }).click();
      await expect(studentRows.getByRole('checkbox', { name: /^Present:/ })).toBeChecked();
      await expect(studentRows).toHaveCount(1);

      // --- the teacher ends the session over HTTP ---
      const ending = teacher.waitForResponse(/\/manage\/session\/end_session\/$/);
      await sheet.getByRole('button', { name: 'End Session' }).click();
      await teacher
        .getByRole('dialog', { name: 'End Session' })
        .getByRole('button', { name: 'End Session' })
        .click();
      expect((await ending).ok()).toBe(true);
      await expect(sheet.getByText('Session ended')).toBeVisible();
      expect(traffic.chunksSent).toBe(0);
    } catch (error) {
      printLog("The teacher's page", teacherLog);
      throw error;
    } finally {
      for (const b of launched) await b.close();
    }
  });
});
