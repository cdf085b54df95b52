// Visual review: screenshots of every screen at 360 px and 1280 px, cut into viewport-high
// slices so they stay legible. Needs a running server:
//   npm start &   then   node --import tsx scripts/screenshots.ts [http://localhost:3000] [/tmp/shots]
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
// @ts-expect-error plain .mjs helper shared with the npm scripts
import { chromiumPath } from './chromium-path.mjs';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = process.argv[3] ?? '/tmp/derap-shots';
mkdirSync(out, { recursive: true });

type Step = { name: string; path: string; as?: string; before?: (page: Page) => Promise<void> };
const steps: Step[] = [
  { name: 'home', path: '/' },
  { name: 'coaching', path: '/coaching' },
  { name: 'login', path: '/login' },
  { name: 'mobile-login', path: '/mobile-login?from_app=true&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&state=demo' },
  { name: 'dashboard-runner', path: '/dashboard', as: 'rina.wulandari@derap.id' },
  { name: 'settings-runner', path: '/dashboard', as: 'rina.wulandari@derap.id', before: (p) => p.getByRole('button', { name: 'Pengaturan' }).first().click({ force: true }) },
  { name: 'calendar-runner', path: '/dashboard#calendar', as: 'rina.wulandari@derap.id' },
  { name: 'calendar-locked', path: '/dashboard#calendar', as: 'budi.santoso@derap.id' },
  { name: 'admin', path: '/admin', as: 'dewi.lestari@derap.id' },
];

const browser = await chromium.launch({
  executablePath: chromiumPath() ?? undefined,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
for (const width of [360, 1280]) {
  for (const step of steps) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
    const page = await context.newPage();
    if (step.as) await page.request.post(`${base}/api/auth/dev-login`, { data: { email: step.as } });
    await page.goto(base + step.path);
    await page.waitForLoadState('networkidle');
    if (step.before) await step.before(page).catch(() => undefined);
    await page.waitForTimeout(400);
    const { scrollWidth, scrollHeight } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      scrollHeight: document.documentElement.scrollHeight,
    }));
    if (scrollWidth > width) console.warn(`! ${step.name} @${width}: horizontal overflow (${scrollWidth}px)`);
    for (let y = 0, i = 0; y < scrollHeight && i < 12; y += 800, i++) {
      await page.screenshot({ path: `${out}/${step.name}-${width}-${i}.png`, fullPage: true, clip: { x: 0, y, width, height: Math.min(800, scrollHeight - y) } });
    }
    await context.close();
  }
}
await browser.close();
console.log(`screenshots in ${out}`);
