import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectAccessible, expectNoSidewaysScroll } from '../support/accessibility';
import { expect, test } from '../support/fixtures';
import { logIn } from '../support/pages';
import { chooseWorkbook, type Sheets } from '../support/workbook';

const PAGE = '/admin/institution-setup';
const SHEETS = ['Branches', 'Streams', 'Semesters', 'Classrooms', 'Subjects', 'Teachers', 'Students'];

/**
 * A small workbook for the demo institution: a new branch with its stream and semester, a room, a
 * subject, a teacher and two students, every cell text (codes keep their leading zeros).
 */
function mechanicalBranch(): Sheets {
  return {
    Branches: [
      ['branch_code', 'branch_name'],
      ['19', 'Mechanical Engineering'],
    ],
    Streams: [
      ['branch_code', 'stream_code', 'title'],
      ['19', '19', 'BE'],
    ],
    Semesters: [
      ['branch_code', 'stream_code', 'semester', 'academic_year', 'start_date', 'end_date'],
      ['19', '19', '3', '2027-28', '2027-07-01', '2027-11-30'],
    ],
    Classrooms: [
      ['name', 'kind', 'latitude', 'longitude', 'radius_m', 'capacity', 'branch_codes'],
      ['ME-WS1', 'lab', '23.0340', '72.5463', '80', '30', '19'],
    ],
    Subjects: [
      ['subject_code', 'academic_year', 'subject_name', 'short_name', 'stream_code', 'semester', 'category'],
      ['3131906', '2027-28', 'Engineering Thermodynamics', 'ETD', '19', '3', 'Professional Core Course'],
    ].map((row, index) => [...row, ...(index === 0 ? ['l', 't', 'p', 'credit'] : ['3', '1', '0', '4'])]),
    Teachers: [
      ['email', 'name', 'teacher_code', 'branch_codes', 'max_weekly_hours'],
      ['meera.iyer@college.example', 'Meera S. Iyer', 'MSI', '19', '18'],
    ],
    Students: [
      ['enrollment', 'name', 'email', 'branch_code', 'stream_code', 'semester', 'academic_year'],
      ['270280119001', 'Arjun Rao', 'arjun@students.college.example', '19', '19', '3', '2027-28'],
      ['270280119002', 'Nisha Verma', 'nisha@students.college.example', '19', '19', '3', '2027-28'],
    ],
  };
}

/** Signs in as the demo's registrar, its institution admin (the set-up is theirs alone). */
async function logInAsInstitutionAdmin(page: Page) {
  await logIn(page, 'registrar@rollbook.test');
}

/** The cells of one row of a table, found by its first cell. */
function rowOf(page: Page, table: string, first: string) {
  return page.getByRole('table', { name: table }).getByRole('row', { name: new RegExp(`^${first}\\b`) });
}

test('an institution admin downloads the template, checks a workbook, applies it and sees the result', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logInAsInstitutionAdmin(page);
  await page.getByRole('link', { name: 'Institution Setup' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByRole('heading', { name: 'Institution Setup', level: 1 })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the template' }).click();
  const template = await downloading;
  expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
  const read = new ExcelJS.Workbook();
  await read.xlsx.readFile(await template.path());
  expect(read.worksheets.map((sheet) => sheet.name).filter((name) => SHEETS.includes(name))).toEqual(SHEETS);

  await chooseWorkbook(page, 'mechanical.xlsx', mechanicalBranch());
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await page.getByRole('button', { name: 'Check', exact: true }).click();

  const preview = 'What the workbook would change, per sheet';
  await expect(page.getByRole('table', { name: preview })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/No problems found in mechanical\.xlsx/)).toBeVisible();
  await expect(rowOf(page, preview, 'Branches').getByRole('cell')).toHaveText(['1', '0', '0']);
  await expect(rowOf(page, preview, 'Students').getByRole('cell')).toHaveText(['2', '0', '0']);
  await expect(rowOf(page, preview, 'Total').getByRole('cell')).toHaveText(['8', '0', '0']);

  await page.getByRole('button', { name: 'Apply' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply the workbook?' });
  await expect(dialog).toContainText('This creates 8 records and updates 0 records in your institution');
  await dialog.getByRole('button', { name: 'Apply the workbook' }).click();

  await expect(page.getByText(/The workbook is applied/)).toBeVisible({ timeout: 30_000 });
  const result = 'What the workbook changed, per sheet';
  await expect(rowOf(page, result, 'Total').getByRole('cell')).toHaveText(['8', '0', '0']);
  await expect(page.getByText(/3 new people were created/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await expect(
    page
      .getByRole('table', { name: 'Recent checks and imports' })
      .getByRole('row', { name: /Import Applied/ }),
  ).toBeVisible();

  // The same workbook again changes nothing: everything is unchanged and there is nothing to apply.
  await chooseWorkbook(page, 'mechanical.xlsx', mechanicalBranch());
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByText(/Everything in it is already in Rollbook/)).toBeVisible({ timeout: 30_000 });
  await expect(rowOf(page, preview, 'Total').getByRole('cell')).toHaveText(['0', '0', '8']);
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });

  test('the page with a preview and its problems is accessible and never scrolls sideways', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await logInAsInstitutionAdmin(page);
    await page.goto(PAGE);
    await expect(page.getByRole('heading', { name: 'Institution Setup', level: 1 })).toBeVisible();
    await expectAccessible(page, 'institution setup');
    await expectNoSidewaysScroll(page, 'institution setup');

    const broken = mechanicalBranch();
    broken.Classrooms![1]![2] = '123.5';
    broken.Students![2]![3] = '99';
    await chooseWorkbook(page, 'broken.xlsx', broken);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    const problems = page.getByRole('table', { name: 'Problems in the workbook' });
    await expect(problems).toBeVisible({ timeout: 30_000 });
    await expect(problems.getByRole('row', { name: /^Classrooms\s*Row 2, latitude/ })).toBeVisible();
    await expect(problems.getByRole('row', { name: /^Students\s*Row 3, branch_code/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await expect(page.getByRole('status').filter({ hasText: 'Loading....' })).toHaveCount(0);
    // Both tables fit the phone: neither needs its own sideways scrolling to be read.
    for (const table of ['Problems in the workbook', 'What the workbook would change, per sheet']) {
      const overflow = await page
        .getByRole('region', { name: table })
        .evaluate((region) => region.scrollWidth - region.clientWidth);
      expect(overflow, `${table} scrolls sideways`).toBeLessThanOrEqual(0);
    }

    await expectAccessible(page, 'institution setup with problems');
    await expectNoSidewaysScroll(page, 'institution setup with problems');
  });

  test('a branch admin is told the set-up is for institution admins', async ({ page }) => {
    await logIn(page, 'admin.it@rollbook.test');
    await page.goto(PAGE);
    await expect(
      page.getByRole('heading', { name: 'Only institution admins set up the institution' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check', exact: true })).toHaveCount(0);
    await expectAccessible(page, 'institution setup for a branch admin');
    await expectNoSidewaysScroll(page, 'institution setup for a branch admin');
  });
});
