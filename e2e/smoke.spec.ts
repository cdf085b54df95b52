import { expect, test } from './fixtures';

test('the server serves the web app and the API', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.ok()).toBeTruthy();
  await page.goto('/');
  await expect(page.locator('#root')).not.toBeEmpty();
});
