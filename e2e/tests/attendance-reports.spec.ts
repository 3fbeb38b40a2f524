import { expect, test } from '../support/fixtures';
import { logIn } from '../support/pages';
import { expectAccessible, expectNoSidewaysScroll, settle } from '../support/accessibility';

const PHONE = { width: 390, height: 844 };

test.describe('attendance record pages at phone width', () => {
  test("the teacher's analytics: detention list, percentages and trend, accessible without sideways scroll", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await logIn(page, 'teacher@rollbook.test');
    await expect(page).toHaveURL(/\/teacher-dashboard/);
    await page.goto('/teacher-dashboard/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Lecture Analytics' })).toBeVisible();
    const filters = page.getByRole('search', { name: 'Filter the report' });
    // The teacher's own subjects fill the picker.
    await expect(filters.getByLabel('Subject').locator('option')).not.toHaveCount(1);
    await settle(page, page.getByText(/^Students below 75 %/).first());
    await expectNoSidewaysScroll(page, 'analytics, detention list (phone)');
    await expectAccessible(page, 'analytics, detention list (phone)');

    await page.getByRole('tab', { name: 'Percentages' }).click();
    await settle(page, page.getByRole('tabpanel'));
    await expectNoSidewaysScroll(page, 'analytics, percentages (phone)');
    await expectAccessible(page, 'analytics, percentages (phone)');

    await page.getByRole('tab', { name: 'Trend by week' }).click();
    await settle(page, page.getByRole('img', { name: /^Attendance by week/ }));
    await expectNoSidewaysScroll(page, 'analytics, trend (phone)');
    await expectAccessible(page, 'analytics, trend (phone)');

    // A reversed range is explained, not sent.
    await filters.getByLabel('From').fill('2026-12-10');
    await filters.getByLabel('To').fill('2026-12-01');
    await expect(filters.getByRole('alert')).toHaveText('The start date must not be after the end date');
  });

  test("the student's own record: subjects with a chart and what they need, the marks list", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await logIn(page, 'student@rollbook.test');
    await expect(page).toHaveURL(/\/student-dashboard/);
    await page.goto('/student-dashboard/attendance');
    await expect(page.getByRole('heading', { level: 1, name: 'My Attendance' })).toBeVisible();
    await expect(page.getByText(/^The required attendance is 75 % in each subject\./)).toBeVisible();
    await settle(page, page.getByRole('heading', { name: 'Your marks' }));
    await expectNoSidewaysScroll(page, 'my attendance (phone)');
    await expectAccessible(page, 'my attendance (phone)');
  });

  test("the admin's branch reports are accessible on a phone", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await logIn(page, 'admin@rollbook.test');
    await page.goto('/admin/attendance-reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Attendance Reports' })).toBeVisible();
    await settle(page, page.getByText(/^Students below 75 %/).first());
    await expectNoSidewaysScroll(page, 'attendance reports (phone)');
    await expectAccessible(page, 'attendance reports (phone)');
  });
});
