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
