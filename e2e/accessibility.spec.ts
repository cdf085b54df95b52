import AxeBuilder from '@axe-core/playwright';
import { expect, signInViaApi, test, uniqueEmail } from './fixtures';

/** axe-core over every screen of the foundation: no serious or critical WCAG A/AA violations. */
const screens: { path: string; role?: 'runner' | 'admin' }[] = [
  { path: '/' },
  { path: '/coaching' },
  { path: '/login' },
  { path: '/mobile-login' },
  { path: '/mobile-auth-success' },
  { path: '/dashboard', role: 'runner' },
  { path: '/admin', role: 'admin' },
];

for (const screen of screens) {
  test(`${screen.path} has no serious accessibility violations`, async ({ page }) => {
    if (screen.role) await signInViaApi(page, { email: uniqueEmail(`a11y-${screen.role}`), role: screen.role });
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
    expect(serious).toEqual([]);
  });
}
