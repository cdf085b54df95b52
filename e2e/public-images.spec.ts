import { expect, test } from './fixtures';

/**
 * Issue 12 item 5: event photos reach phones as WebP in a width that fits where they are drawn
 * (`srcset` of the server's copies), never the full upload.
 */
const photoCopy = /\/api\/files\/[a-f0-9]{32}\.jpg\?w=(\d+)$/;

test('event photos on the public list and the event page arrive as WebP copies sized for the screen', async ({ page }) => {
  const webp: number[] = [];
  page.on('response', (response) => {
    const match = photoCopy.exec(response.url());
    if (match && response.headers()['content-type'] === 'image/webp') webp.push(Number(match[1]));
  });
  await page.goto('/registration');
  const card = page.getByRole('article').filter({ hasText: 'Jakarta Sunrise Run 2027' });
  const photo = card.locator('img').first();
  await expect(photo).toHaveAttribute('srcset', /\?w=480 480w, .*\?w=1600 1600w$/);
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const picked = await photo.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, drawn: img.getBoundingClientRect().width, dpr: window.devicePixelRatio }));
  const width = Number(photoCopy.exec(picked.src)?.[1]);
  // The smallest copy at least as wide as the drawn box (in device pixels), not the 1600 px upload.
  expect(width).toBeGreaterThanOrEqual(Math.min(picked.drawn * picked.dpr, 1600) - 1);
  expect(width).toBeLessThan(1600);
  await expect.poll(() => webp.length).toBeGreaterThan(0);

  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/register\/jakarta-sunrise-run-2027$/);
  const hero = page.locator('img[fetchpriority="high"]');
  await expect(hero).toHaveAttribute('srcset', /\?w=1600 1600w$/);
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => (img.complete ? img.currentSrc : ''))).toMatch(photoCopy);
  await page.screenshot({ path: test.info().outputPath('register-hero.png') });
});

test('/register/{code} opened directly: its event call and header photo start with the HTML and are each fetched once', async ({ page }) => {
  const eventCalls: string[] = [];
  const photos: string[] = [];
  const warnings: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/events/jakarta-sunrise-run-2027')) eventCalls.push(request.url());
    if (photoCopy.test(request.url())) photos.push(request.url());
  });
  // Chrome warns when a preload goes unused (a mismatch of credentials, srcset or sizes).
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  });
  const response = await page.goto('/register/jakarta-sunrise-run-2027');
  const html = (await response?.text()) ?? '';
  expect(html).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/events/jakarta-sunrise-run-2027" />');
  expect(html).toMatch(/<link rel="preload" as="image" href="[^"]+\.jpg" imagesrcset="[^"]+\?w=480 480w, [^"]+ 1600w" imagesizes="100vw" fetchpriority="high" \/>/);
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/register-page-[^"]+\.js" \/>/);
  expect(html).toContain('<meta property="og:title" content="Daftar Jakarta Sunrise Run 2027 | Derap" />');

  await expect(page.getByRole('heading', { level: 1, name: 'Jakarta Sunrise Run 2027' })).toBeVisible();
  const hero = page.locator('img[fetchpriority="high"]');
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => (img.complete ? img.currentSrc : ''))).toMatch(photoCopy);
  await page.waitForLoadState('networkidle');
  expect(eventCalls).toHaveLength(1);
  expect(photos).toHaveLength(1);
  expect(warnings).toEqual([]);
});

test('/register/{code}: the form’s code is asked for only after the header photo is painted, then the form is there', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { photoPaint?: number };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) if (entry.element?.tagName === 'IMG') w.photoPaint ??= entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  // A first visit makes the photo's WebP copy (a slow photo lets the form go first after 1 s, by design).
  await page.goto('/register/jakarta-sunrise-run-2027');
  await expect(page.getByRole('textbox', { name: /Email/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: /Email/ })).toBeVisible();
  const timing = await page.evaluate(() => ({
    photoPaint: (window as unknown as { photoPaint?: number }).photoPaint ?? null,
    formRequested: Math.min(...performance.getEntriesByType('resource').filter((r) => /\/assets\/registration-form-[^/]+\.js$/.test(r.name)).map((r) => r.startTime)),
  }));
  expect(timing.photoPaint).not.toBeNull();
  expect(timing.formRequested).toBeGreaterThanOrEqual(timing.photoPaint!);
});

test('/register/{code} on a phone: nothing on screen moves when the event arrives (the footer waits below the fold)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.addInitScript(() => {
    const w = window as unknown as { shifted: number };
    w.shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) w.shifted += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The event's answer held back, as on a slow phone network: the page first shows its loading state.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/events\/jogja-heritage-run-2027$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/register/jogja-heritage-run-2027', { waitUntil: 'commit' });
  await expect(page.getByRole('status', { name: 'Memuat event' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: /Jogja Heritage/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Lanjutkan Pembayaran' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBeLessThan(0.01);
});

for (const { path, call, heading } of [
  { path: '/registration', call: '/api/events/status?status=diterima', heading: /Temukan Event Larimu/ },
  { path: '/calendar', call: '/api/eventcalendar?page=1&limit=20', heading: /Kalender/ },
]) {
  test(`${path} opened directly: its first call starts with the HTML and is made once`, async ({ page }) => {
    const calls: string[] = [];
    const warnings: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(call)) calls.push(request.url());
    });
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(calls).toHaveLength(1);
    expect(warnings).toEqual([]);
  });
}
