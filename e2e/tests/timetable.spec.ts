import type { APIRequestContext, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures';
import { bearer, logIn } from '../support/pages';

const SAMPLE = 'grid-ce-be7.csv';

/** The shipped sample, downloaded the way the upload form's link does: with the admin's token. */
async function downloadSample(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.get(`/api/timetable/samples/${SAMPLE}`, { headers });
  expect(res.ok()).toBe(true);
  return res.body();
}

/** Division A of CE BE semester 7 as the API sees it: its slug and its week. */
async function divisionWeek(request: APIRequestContext, headers: Record<string, string>) {
  const streams = (await (await request.get('/api/manage/get_streams', { headers })).json()) as {
    data: { slug: string; title: string; branch: { branch_name: string } }[];
  };
  const be = streams.data.find((s) => s.title === 'BE' && s.branch.branch_name === 'Computer Engineering');
  expect(be).toBeDefined();
  const divisions = (await (
    await request.get(`/api/manage/get_divisions_from_stream/${be!.slug}`, { headers })
  ).json()) as { data: { slug: string; full_name: string }[] };
  const a = divisions.data.find((d) => d.full_name === 'Division - A | Sem - 7');
  expect(a).toBeDefined();
  const week = (await (await request.get(`/api/manage/get_timetable/${a!.slug}`, { headers })).json()) as {
    data: unknown;
  };
  return week.data;
}

/** Goes from the browse view (the demo institution already has a timetable) to the upload form. */
async function openUploadForm(page: Page) {
  await page.goto('/timetable');
  await page.getByRole('button', { name: 'Upload new timetable' }).click();
  await expect(page.getByRole('heading', { name: 'Upload Master Time-Table' })).toBeVisible();
}

async function chooseFile(page: Page, name: string, buffer: Buffer) {
  await page.getByLabel(/Choose a timetable file/).setInputFiles({ name, mimeType: 'text/csv', buffer });
  await expect(page.getByText(`Selected file: ${name}`)).toBeVisible();
}

test.describe('master timetable (admin)', () => {
  test('uploads the sample file and sees the weekly grid', async ({ page, request }) => {
    await logIn(page, 'admin@rollbook.test');
    const sample = await downloadSample(request, await bearer(page));
    await openUploadForm(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download ${SAMPLE}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(SAMPLE);
    expect((await readFile(await download.path())).toString('utf8')).toBe(sample.toString('utf8'));
    await chooseFile(page, SAMPLE, sample);
    await page.getByRole('button', { name: 'Upload File' }).click();
    await expect(page.getByText('File uploaded successfully')).toBeVisible();

    await page.getByLabel('Stream').selectOption({ label: 'BE - 07 Computer Engineering' });
    await page.getByLabel('Division').selectOption({ label: 'Division - A | Sem - 7' });
    const grid = page.getByRole('list', { name: /Weekly timetable of Division/ });
    await expect(grid.getByRole('heading', { level: 3 }).first()).toHaveText('MONDAY');
    // The sample's first Monday slot: CST teaches division A 09:00-10:00 in LH101.
    const tile = grid.getByRole('button', { name: /\(CST\)\s*09:00 - 10:00/ }).first();
    await expect(tile).toBeVisible();
    await tile.click();
    const popover = page.getByRole('dialog');
    await expect(popover.getByText('Location')).toBeVisible();
    await expect(popover.getByText('LH101')).toBeVisible();
    await expect(popover.getByText('Description')).toBeVisible();
  });

  test('a file with a clash lists the problems and changes nothing', async ({ page, request }) => {
    await logIn(page, 'admin@rollbook.test');
    const headers = await bearer(page);
    const before = await divisionWeek(request, headers);
    const sample = (await downloadSample(request, headers)).toString('utf8');
    // HAJ is moved into LH101 on Monday 09:00-10:00, where CST already teaches division A.
    const clashing = sample.replace(
      'MONDAY,09:00-10:00,BE-7-A-IS-LH101,BE-7-B-CD-LH102',
      'MONDAY,09:00-10:00,BE-7-A-IS-LH101,BE-7-B-CD-LH101',
    );
    expect(clashing).not.toBe(sample);

    await openUploadForm(page);
    await chooseFile(page, 'clash.csv', Buffer.from(clashing));
    await page.getByRole('button', { name: 'Upload File' }).click();
    const problems = page.getByRole('list', { name: 'Problems in the file' });
    await expect(problems).toBeVisible();
    await expect(problems.getByRole('listitem').first()).toContainText(/row \d+, column (CST|HAJ)/);
    await expect(problems).toContainText('LH101');
    // The form stays for another try, and the server kept the old week.
    await expect(page.getByRole('button', { name: 'Upload File' })).toBeEnabled();
    await expect(page.getByText('File uploaded successfully')).toHaveCount(0);
    expect(await divisionWeek(request, headers)).toEqual(before);
  });

  test('the form shows the layouts first, and a broken CSV is reported once, on its real row', async ({
    page,
  }) => {
    await logIn(page, 'admin@rollbook.test');
    await openUploadForm(page);
    const formats = page.getByRole('region', { name: 'What the file should look like' });
    await expect(formats).toContainText('A division code is stream-semester-division, like BE-7-A');
    await expect(formats.getByRole('button', { name: /^Download / }).first()).toBeVisible();

    // The quote opened on line 4 is never closed.
    const broken = [
      'day,start,end,subject,teacher,division,batches,classroom,type',
      'monday,09:00,10:00,IS,CST,BE-7-A,,LH101,theory',
      'monday,10:00,11:00,CD,HAJ,BE-7-A,,LH101,theory',
      'monday,11:00,12:00,"IS,CST,BE-7-A,,LH101,theory',
      'tuesday,09:00,10:00,IS,CST,BE-7-A,,LH101,theory',
      '',
    ].join('\n');
    await chooseFile(page, 'broken.csv', Buffer.from(broken));
    await page.getByRole('button', { name: 'Upload File' }).click();
    const problems = page.getByRole('list', { name: 'Problems in the file' });
    await expect(problems.getByRole('listitem')).toHaveText([
      'row 4: A quote (") opened in this row is never closed',
    ]);
    // Said once: the summary above the list does not repeat it.
    await expect(page.getByText('opened in this row is never closed')).toHaveCount(1);
  });
});

/** Opens the profile dialog and asks for the calendar feed link; answers the URL shown. */
async function feedUrlFromProfile(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Profile' }).click();
  const section = page.getByRole('region', { name: 'Calendar feed' });
  await section.getByRole('button', { name: 'Show my calendar link' }).click();
  const field = section.getByRole('textbox', { name: 'Calendar feed link' });
  await expect(field).toHaveValue(/\/api\/calendar\/[\w-]+\.ics$/);
  return field.inputValue();
}

async function expectICalendar(request: APIRequestContext, url: string) {
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/calendar');
  const body = await res.text();
  expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true);
  expect(body.match(/\r\nBEGIN:VEVENT\r\n/g)?.length ?? 0).toBeGreaterThan(0);
  expect(body.match(/\r\nBEGIN:VEVENT\r\n/g)?.length).toBe(body.match(/\r\nEND:VEVENT\r\n/g)?.length);
  // Every line ends in CRLF: no bare line feed is left once the CRLFs are removed.
  expect(body.replace(/\r\n/g, '')).not.toContain('\n');
}

test.describe('calendar feed', () => {
  for (const email of ['teacher@rollbook.test', 'student@rollbook.test']) {
    test(`${email} gets a working iCalendar link from the profile`, async ({ page, request }) => {
      await logIn(page, email);
      const url = await feedUrlFromProfile(page);
      await expectICalendar(request, url);
    });
  }

  test('resetting the link stops the old one and the new one works', async ({ page, request }) => {
    await logIn(page, 'teacher@rollbook.test');
    const oldUrl = await feedUrlFromProfile(page);
    const section = page.getByRole('region', { name: 'Calendar feed' });
    await section.getByRole('button', { name: 'Reset link' }).click();
    const field = section.getByRole('textbox', { name: 'Calendar feed link' });
    await expect(field).not.toHaveValue(oldUrl);
    await expectICalendar(request, await field.inputValue());
    expect((await request.get(oldUrl)).status()).toBe(404);
  });
});
