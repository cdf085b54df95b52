import { expect, test } from './fixtures';

/**
 * The web session in a real browser: when the short-lived access cookie is gone, the API client
 * refreshes through the httpOnly refresh cookie and the page carries on; once the session is
 * revoked, the next screen sends the person to /login.
 */
test('an expired access cookie is refreshed silently and the refresh cookie rotates', async ({ page, loginAs, context }) => {
  await loginAs({ prefix: 'segar', name: 'Yohanes Siregar' });
  const before = (await context.cookies()).find((c) => c.name === 'derap_rt')!.value;
  await context.clearCookies({ name: 'derap_at' });

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Yohanes');
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'derap_at')).toBeDefined();
  const after = cookies.find((c) => c.name === 'derap_rt')!;
  expect(after.value).not.toBe(before);
  expect(after.httpOnly).toBe(true);
});

test('a revoked session sends the dashboard to /login', async ({ page, loginAs, context }) => {
  await loginAs({ prefix: 'dicabut' });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // log out from "another tab": the session is revoked server-side, the cookies are cleared
  const res = await page.request.post('/api/auth/logout', { data: {} });
  expect(res.ok()).toBeTruthy();
  expect((await context.cookies()).find((c) => c.name === 'derap_at')).toBeUndefined();
  await page.goto('/dashboard');
  await page.waitForURL(/\/login$/);
});
