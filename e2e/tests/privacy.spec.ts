import { expectAccessible, expectNoSidewaysScroll } from '../support/accessibility';
import { expect, test } from '../support/fixtures';
import { logIn } from '../support/pages';

test.use({ viewport: { width: 390, height: 844 } });

test('the student’s attendance page says what marking keeps and for how long, before location is allowed', async ({
  page,
}) => {
  await logIn(page, 'student@rollbook.test');
  await page.goto('/student-dashboard');
  const notice = page.getByRole('region', { name: 'What is kept, and for how long' });
  await expect(notice).toBeVisible();
  // The demo keeps the default retention of 30 days.
  await expect(notice).toContainText('kept for at most 30 days after you mark attendance, then deleted');
  await expect(notice).toContainText('your distance from the classroom are kept as your attendance record');
  await expectNoSidewaysScroll(page, '/student-dashboard on a phone');
  await expectAccessible(page, '/student-dashboard with its privacy notice');
});
