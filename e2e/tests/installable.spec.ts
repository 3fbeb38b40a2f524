import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { logIn } from '../support/pages';
import { expectAccessible, expectNoSidewaysScroll } from '../support/accessibility';

// The service worker is blocked for every other test (playwright.config.ts); this one needs it.
test.use({ serviceWorkers: 'allow' });

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Waits until a service worker is active and controls the page; its script URL. */
async function controllingWorker(page: Page): Promise<string> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first install claims the open page; a reload is controlled from the start.
  await page.reload();
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

/** Every URL the app's caches hold. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const key of await caches.keys()) {
      const cache = await caches.open(key);
      urls.push(...(await cache.keys()).map((r) => r.url));
    }
    return urls;
  });
}

test.describe('installable app', () => {
  test('a valid manifest with icons, theme colour and a start URL that leads each role home', async ({
    page,
    request,
  }) => {
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await request.get(href!);
    expect(res.ok()).toBe(true);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: ManifestIcon[];
    };
    expect(manifest).toMatchObject({ name: 'Rollbook', short_name: 'Rollbook', display: 'standalone' });
    const themeMeta = await page.locator('meta[name="theme-color"]').getAttribute('content');
    expect(manifest.theme_color).toBe(themeMeta);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    // Installability needs a 192 and a 512 px PNG; each listed icon exists with its stated type.
    const sizes = manifest.icons.filter((i) => i.type === 'image/png').map((i) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const file = await request.get(icon.src);
      expect(file.ok(), icon.src).toBe(true);
      expect(file.headers()['content-type'], icon.src).toContain(icon.type);
    }
    // The start URL is inside the scope and sends each signed-in role to its own home.
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
    await logIn(page, 'teacher@rollbook.test');
    await page.goto(manifest.start_url);
    await expect(page).toHaveURL(/\/teacher-dashboard$/);
  });

  test('the service worker is active, caches the shell but never the API, and offline shows the offline page', async ({
    page,
    context,
  }) => {
    await logIn(page, 'student@rollbook.test');
    expect(await controllingWorker(page)).toMatch(/\/sw\.js$/);
    await expect(page.getByRole('button', { name: /^Alerts/ })).toBeVisible();

    const cached = await cachedUrls(page);
    expect(cached.some((u) => u.endsWith('/offline.html'))).toBe(true);
    expect(cached.some((u) => /\/assets\/index-[^/]+\.js$/.test(u))).toBe(true);
    expect(cached.filter((u) => new URL(u).pathname.startsWith('/api'))).toEqual([]);

    // --- offline (CDP network emulation): a page load shows the offline page, not the browser's error ---
    await context.setOffline(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/student-dashboard/attendance').catch(() => undefined);
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'offline page (phone)');
    await expectAccessible(page, 'offline page (phone)');
    // An API call is never answered from a cache: offline, it fails.
    const api = await page.evaluate(() =>
      fetch('/api/check_server_avaibility').then(
        () => 'answered',
        () => 'failed',
      ),
    );
    expect(api).toBe('failed');

    // --- back online, "Try again" loads the app ---
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Attendance' })).toBeVisible();
  });
});
