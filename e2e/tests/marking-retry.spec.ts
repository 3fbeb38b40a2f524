import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { studentHearingTheRoom } from '../support/fake-microphone';
import { demoTeacherLecture } from '../support/lectures';

/** One answer of the server to a marking upload, as the test saw it on the wire. */
interface SeenAnswer {
  status: number;
  body: string;
  key: string | null;
}

/**
 * Starts today's demo lecture as its teacher, then runs `act` with the demo student's page (signed
 * in, hearing the room, its card's "Mark Attendance" enabled), closing that browser afterwards.
 */
async function atLiveDemoLecture(
  request: APIRequestContext,
  testInfo: TestInfo,
  baseURL: string,
  act: (page: Page, mark: Locator, card: Locator) => Promise<void>,
): Promise<void> {
  const { headers, lecture } = await demoTeacherLecture(request);
  const started = await request.post('/api/manage/session/create_lecture_session/', {
    headers,
    multipart: { lecture_slug: lecture.slug, classroom_slug: '' },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { browser, page } = await studentHearingTheRoom(testInfo, baseURL);
  try {
    const card = page.getByRole('article', { name: lecture.card });
    const mark = card.getByRole('button', { name: 'Mark Attendance' });
    await expect(mark).toBeEnabled({ timeout: 30_000 });
    await act(page, mark, card);
  } finally {
    await browser.close();
  }
}

// Issue 21 item 4: the student's phone loses the answer to its marking upload (the server judged
// it; the connection dropped before the answer came back). The page says it is retrying, sends the
// same upload again with the same idempotency key, and the server answers the first verdict again
// instead of judging (and counting) a second attempt, which its rate limit would refuse as too soon.
test('a marking upload whose answer was lost is retried, said so on screen, and counted once', async ({
  request,
  server,
}, testInfo) => {
  test.setTimeout(120_000);
  await atLiveDemoLecture(request, testInfo, server.baseURL, async (page, mark, card) => {
    // The first upload reaches the server and is judged; its answer is then lost on the way back.
    const answers: SeenAnswer[] = [];
    await page.route('**/manage/session/mark_attendance_for_student/', async (route) => {
      const response = await route.fetch();
      answers.push({
        status: response.status(),
        body: await response.text(),
        key: route.request().headers()['idempotency-key'] ?? null,
      });
      if (answers.length === 1) await route.abort('connectionreset');
      else await route.fulfill({ response });
    });
    await mark.click();
    await expect(page.getByText('Connection lost, retrying… (attempt 2)')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Marking Attendance. Please do not refresh this page!')).toBeHidden({
      timeout: 30_000,
    });

    expect(answers).toHaveLength(2);
    const [first, second] = answers as [SeenAnswer, SeenAnswer];
    expect(first.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.key).toBe(first.key);
    // The first verdict, answered again: not judged a second time. A second attempt a second after
    // the first would find the first holding the student's rate-limit slot and be refused (429).
    expect(second.status).toBe(first.status);
    expect(second.body).toBe(first.body);
    expect(second.status).not.toBe(429);
    // The student sees that one verdict (this room recording carries no session tone: refused).
    const message = (JSON.parse(first.body) as { message?: string }).message;
    if (first.status === 200) await expect(card.getByText('Present')).toBeVisible();
    else await expect(page.getByText(message!)).toBeVisible();
  });
});

// Issue 19 item 3 (web-0008): the marking flow is a chunk fetched after the page renders. When it
// cannot be fetched (the phone lost its connection), pressing "Mark Attendance" says so instead of
// doing nothing, and the next press fetches it again and marks.
test('a marking flow that cannot be fetched is said so, and the next press fetches it and marks', async ({
  request,
  server,
}, testInfo) => {
  test.setTimeout(120_000);
  await atLiveDemoLecture(request, testInfo, server.baseURL, async (page, mark) => {
    let reachable = false;
    const fetches: string[] = [];
    await page.route('**/assets/mark-attendance-*.js', async (route) => {
      fetches.push(route.request().url());
      if (reachable) await route.continue();
      else await route.abort('internetdisconnected');
    });
    // Loaded again with the chunk out of reach: the page's early fetch of it fails.
    await page.reload();
    await expect(mark).toBeEnabled({ timeout: 30_000 });

    await mark.click();
    await expect(
      page.getByText(/^Could not load marking\. Check your connection and try again: /),
    ).toBeVisible();
    await expect(mark).toBeEnabled();

    reachable = true;
    const uploaded = page.waitForResponse('**/manage/session/mark_attendance_for_student/', {
      timeout: 60_000,
    });
    await mark.click();
    await expect(page.getByText(/Recording… \d s left/)).toBeVisible({ timeout: 30_000 });
    await uploaded;
    await expect(page.getByText('Marking Attendance. Please do not refresh this page!')).toBeHidden({
      timeout: 30_000,
    });
    expect(fetches.length).toBeGreaterThanOrEqual(2);
  });
});
