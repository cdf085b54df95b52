import { expect, test } from './fixtures';
import { isoFromParts, jakartaToday, planDateToIso } from '../src/domain/shared/wire-date';
import { HEAVY_CONFLICT_TITLE } from '../src/domain/training-plan/run-types';
import { addAiRuns, addRuns, jakartaWeek, openTodayRun, pickUpWithSpace, planDate, showMonthGrid } from './log-helpers';
import { seriousViolations } from './axe';

/** axe-core over every screen of the foundation: no serious or critical WCAG A/AA violations. */
const screens: { path: string; role?: 'runner' | 'admin' }[] = [
  { path: '/' },
  { path: '/coaching' },
  { path: '/login' },
  { path: '/mobile-login' },
  { path: '/mobile-auth-success' },
  // The app's hand-off: the 'Buka Aplikasi' step, and an old link without a PKCE challenge.
  { path: '/mobile-login?from_app=true&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&state=a11y', role: 'runner' },
  { path: '/mobile-login?from_app=true' },
  { path: '/dashboard', role: 'runner' },
  { path: '/admin', role: 'admin' },
];

test('the dashboard widgets with runs and the Log Hasil Latihan dialog have no serious accessibility violations', async ({ page, loginAs }) => {
  await loginAs({ prefix: 'a11y-log' });
  const { today, other } = jakartaWeek();
  await addRuns(page, [
    { date: planDate(today), title: 'Tempo Run', program: '8k', paceRange: "4'30 - 4'45", trainingdistance: 8, trainingtime: 2280, traininghr: 160 },
    { date: planDate(other), title: 'Long Run', program: '15k' },
  ]);
  await addAiRuns(page, [{ date: planDate(today), title: 'Easy Run', program: '5k' }], 30);
  await page.goto('/dashboard');
  await expect(page.getByTestId('week-total')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);

  const dialog = await openTodayRun(page, 'Easy Run');
  // With the all-or-none alert and a field error on screen (an AI run offers no 'Hapus').
  await dialog.getByLabel('Jarak Lari (km)').fill('abc');
  await expect(dialog.getByRole('button', { name: 'Hapus' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the Ekspor ke Google Calendar dialog and its confirmation have no serious accessibility violations', async ({ page, loginAs }) => {
  await loginAs({ prefix: 'a11y-export' });
  await page.goto('/dashboard#calendar');
  await page.getByRole('button', { name: 'Ekspor ke Google Calendar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ekspor ke Google Calendar' });
  await dialog.getByRole('button', { name: 'Buat tautan kalender' }).click();
  await expect(dialog.getByLabel('Tautan kalender pribadi')).toHaveValue(/\.ics$/);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cabut tautan' }).click();
  await expect(page.getByRole('dialog', { name: 'Cabut tautan kalender?' })).toBeVisible();
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  expect(await seriousViolations(page)).toEqual([]);
});

test('Kalender Latihan, its day panel and its dialogs have no serious accessibility violations', { tag: '@layout' }, async ({ page, loginAs }) => {
  await loginAs({ prefix: 'a11y-calendar', name: 'Rina Lestari' });
  const today = jakartaToday();
  const day = (d: number) => planDate(isoFromParts(Number(today.slice(0, 4)), Number(today.slice(5, 7)), d));
  await addRuns(page, [
    { date: day(10), title: 'Interval', program: '6x800m', paceRange: "4'00 - 4'10" },
    { date: day(20), title: 'Tempo Run', program: '8k', paceRange: "4'30 - 4'45" },
    // Logged when the 20th has come (a result cannot be logged on a day still to come).
    { date: day(20), title: 'Recovery Run', program: '3k', ...(planDateToIso(day(20))! <= today ? { trainingdistance: 3, trainingtime: 1200, traininghr: 130 } : {}) },
    { date: planDate(today), title: 'Easy Run', program: '5k' },
  ]);
  await page.goto('/dashboard#calendar');
  await showMonthGrid(page);
  const settle = () => page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  expect(await seriousViolations(page)).toEqual([]);

  await page.locator(`[data-day="${planDateToIso(day(20))}"]`).getByRole('button', { name: /, 2 latihan$/ }).click();
  await expect(page.getByTestId('day-panel')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Tambah Jadwal', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'Buat Jadwal' });
  await create.getByRole('button', { name: 'Simpan Jadwal' }).click();
  await expect(create.getByText('Tanggal tidak boleh kosong.')).toBeVisible();
  await settle();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByTestId('plan-profile-card').click();
  await expect(page.getByRole('dialog', { name: 'Manajemen Paket Langganan' })).toBeVisible();
  await settle();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  // The heavy-run confirmation, reached from the keyboard: Tempo Run from the 20th up a week and left to the 11th.
  const cell = (d: number) => page.locator(`[data-day="${planDateToIso(day(d))}"]`);
  // Focused as Tab would, on screen, and mid-screen: a chip picked up off screen would be measured
  // where it was, and one at the edge would scroll the page under the keys.
  const tempo = cell(20).getByRole('button', { name: /^Tempo Run/ });
  await tempo.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await tempo.focus();
  await pickUpWithSpace(page);
  await expect(cell(20)).toHaveClass(/ring-brand-600/);
  await page.keyboard.press('ArrowUp');
  await expect(cell(13)).toHaveClass(/ring-brand-600/);
  // One key at a time, each seen on screen before the next.
  await page.keyboard.press('ArrowLeft');
  await expect(cell(12)).toHaveClass(/ring-brand-600/);
  await page.keyboard.press('ArrowLeft');
  await expect(cell(11)).toHaveClass(/ring-brand-600/);
  await page.keyboard.press('Space');
  await expect(page.getByRole('dialog', { name: HEAVY_CONFLICT_TITLE })).toBeVisible();
  await settle();
  expect(await seriousViolations(page)).toEqual([]);
});

test('Kalender Latihan with locked AI runs has no serious accessibility violations', { tag: '@layout' }, async ({ page, loginAs }) => {
  // The demo runner Budi: a trial ending in 10 days and a 6-week AI plan, so later runs are locked.
  await loginAs({ email: 'budi.santoso@derap.id' });
  await page.goto('/dashboard#calendar');
  await showMonthGrid(page);
  await page.getByRole('button', { name: 'Bulan berikutnya' }).click();
  await expect(page.locator('[data-locked="true"]').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const screen of screens) {
  test(`${screen.path} has no serious accessibility violations`, { tag: '@layout' }, async ({ page, loginAs }) => {
    if (screen.role) await loginAs({ prefix: `a11y-${screen.role}`, role: screen.role });
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });
}
