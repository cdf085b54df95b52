import type { Locator, Page } from '@playwright/test';
import { monthLabel, shiftMonth } from '../src/domain/training-plan/month-grid';
import { addDays, isoFromParts, isoToPlanDate, jakartaToday, planDateToIso, type IsoDay } from '../src/domain/shared/wire-date';
import { longDayLabel, shortDayLabel } from '../src/web/features/training-plan/calendar/calendar-model';
import { formatJakartaDate } from '../src/domain/shared/jakarta-time';
import { HEAVY_CONFLICT_QUESTION, HEAVY_CONFLICT_TITLE } from '../src/domain/training-plan/run-types';
import { expect, test } from './fixtures';
import { addAiRuns, addRuns, expectNoHorizontalOverflow, pickUpWithSpace, planRuns, runTitled } from './log-helpers';

/**
 * Kalender Latihan (spec §2 Training calendar, §4 Moving a run, §5 Create schedule): desktop
 * (1280) and phone (360). Runs are placed on days 10-26 of the current Jakarta month, so every
 * day used (and its neighbours) lies inside the displayed month whatever today is.
 */
const today = jakartaToday();
const year = Number(today.slice(0, 4));
const month = Number(today.slice(5, 7));
const dayOfMonth = (day: number): IsoDay => isoFromParts(year, month, day);

async function openCalendar(page: Page) {
  await page.goto('/dashboard#calendar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kalender Latihan');
  await expect(page.getByTestId('month-grid')).toBeVisible();
}

// This spec is about the month grid: it opens on it at every width (a phone's default week list,
// and the switch between the two, are calendar-views.spec.ts).
test.beforeEach(({ page }) => page.addInitScript(() => window.localStorage.setItem('derap.calendar.view', 'month')));

const cell = (page: Page, iso: IsoDay) => page.locator(`[data-day="${iso}"]`);
const chip = (page: Page, iso: IsoDay, title: string) => cell(page, iso).getByTestId('run-chip').filter({ hasText: title });

/** Puts an element mid-screen, away from the edges where dnd-kit scrolls the page during a drag. */
const centre = (target: Locator) => target.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));

/**
 * Focuses a chip as Tab would, on screen, and mid-screen (locator.focus() does not scroll; a chip
 * picked up off screen is measured where it was, one at the edge scrolls the page under the keys).
 */
async function focusChip(target: Locator) {
  await centre(target);
  await target.focus();
}

/** A mouse drag through dnd-kit's pointer sensor: press, pass the 6 px threshold, glide, release. */
async function dragTo(page: Page, source: Locator, target: Locator) {
  await centre(target);
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 8, start.y + 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  // Let dnd-kit settle on the cell under the pointer before the drop.
  await expect(target).toHaveClass(/ring-brand-600/);
  await page.mouse.up();
}

/** Every PATCH the page sends (to prove a cancelled move sends nothing). */
function recordPatches(page: Page) {
  const patches: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'PATCH') patches.push(req.url());
  });
  return patches;
}

test('Buat Jadwal refuses an empty date, then adds the run to the grid and the upcoming list', { tag: '@layout' }, async ({ page, loginAs }) => {
  await loginAs({ prefix: 'cal-create' });
  await openCalendar(page);
  const upcoming = page.getByRole('region', { name: 'Latihan mendatang' });
  await expect(upcoming.getByText('Tidak ada latihan mendatang.')).toBeVisible();
  const posts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/training-plans')) posts.push(req.url());
  });

  await upcoming.getByRole('button', { name: 'Tambah Jadwal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buat Jadwal' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('datalist option[value="Race Day"]')).toHaveCount(1);
  await dialog.getByLabel('Judul').fill('Tempo Run');
  await dialog.getByRole('button', { name: 'Simpan Jadwal' }).click();
  await expect(dialog.getByText('Tanggal tidak boleh kosong.')).toBeVisible();
  await expect(dialog.getByLabel('Tanggal')).toHaveAttribute('aria-invalid', 'true');
  expect(posts).toEqual([]);

  // A day a few days ahead (maybe next month: the grid follows the new run).
  const day = addDays(today, 3);
  await dialog.getByLabel('Tanggal').fill(day);
  await dialog.getByLabel('Program').fill('10k');
  await dialog.getByLabel('Rentang Pace').fill("5'30 - 6'00");
  await dialog.getByRole('button', { name: 'Simpan Jadwal' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast').filter({ hasText: `Jadwal Tempo Run ditambahkan pada ${shortDayLabel(day)}.` })).toBeVisible();

  await expect(page.locator('#calendar-month-label')).toHaveText(monthLabel(Number(day.slice(0, 4)), Number(day.slice(5, 7))));
  await expect(chip(page, day, 'Tempo Run')).toBeVisible();
  const row = upcoming.getByRole('listitem').filter({ hasText: 'Tempo Run' });
  await expect(row).toContainText(shortDayLabel(day));
  await expect(row).toContainText('(10k)');
  await expect(row).toContainText("5'30 - 6'00");

  const [saved] = await planRuns(page);
  expect(saved).toMatchObject({ date: isoToPlanDate(day), title: 'Tempo Run', program: '(10k)', paceRange: "5'30 - 6'00", generatedby: 'user' });
  await expectNoHorizontalOverflow(page);
});

test('a server refusal is shown in Buat Jadwal', async ({ page, loginAs }) => {
  await loginAs({ prefix: 'cal-create-fail' });
  await page.route('**/api/training-plans', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 400, json: { message: 'Maksimal 3000 aktivitas dalam satu program latihan.' } })
      : route.fallback(),
  );
  await openCalendar(page);
  await page.getByRole('button', { name: 'Tambah Jadwal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buat Jadwal' });
  await dialog.getByLabel('Tanggal').fill(today);
  await dialog.getByLabel('Judul').fill('Easy Run');
  await dialog.getByRole('button', { name: 'Simpan Jadwal' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Maksimal 3000 aktivitas dalam satu program latihan.');

  // Without a server message (the network failed) the spec's own text is shown.
  await page.unroute('**/api/training-plans');
  await page.route('**/api/training-plans', (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
  await dialog.getByRole('button', { name: 'Simpan Jadwal' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Gagal membuat jadwal. Silakan coba lagi.');
});

test('dragging a Tempo run next to an Interval asks first: Batalkan leaves it, Yakin moves it for good', { tag: '@layout' }, async ({ page, loginAs }) => {
  await loginAs({ prefix: 'cal-heavy' });
  const interval = dayOfMonth(10);
  const from = dayOfMonth(20);
  const target = dayOfMonth(11);
  await addRuns(page, [
    { date: isoToPlanDate(interval), title: 'Interval', program: '6x800m' },
    { date: isoToPlanDate(from), title: 'Tempo Run', program: '8k' },
  ]);
  await openCalendar(page);
  const patches = recordPatches(page);

  await dragTo(page, chip(page, from, 'Tempo Run'), cell(page, target));
  const confirm = page.getByRole('dialog', { name: HEAVY_CONFLICT_TITLE });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(HEAVY_CONFLICT_QUESTION);
  await confirm.getByRole('button', { name: 'Batalkan' }).click();
  await expect(confirm).toBeHidden();
  await expect(chip(page, from, 'Tempo Run')).toBeVisible();
  await expect(chip(page, target, 'Tempo Run')).toHaveCount(0);
  expect(patches).toEqual([]);
  expect(runTitled(await planRuns(page), 'Tempo Run')!.date).toBe(isoToPlanDate(from));

  await dragTo(page, chip(page, from, 'Tempo Run'), cell(page, target));
  const saved = page.waitForResponse((res) => res.request().method() === 'PATCH' && res.ok());
  await confirm.getByRole('button', { name: 'Yakin' }).click();
  await saved;
  await expect(chip(page, target, 'Tempo Run')).toBeVisible();
  await expect(chip(page, from, 'Tempo Run')).toHaveCount(0);

  await page.reload();
  await expect(chip(page, target, 'Tempo Run')).toBeVisible();
  expect(runTitled(await planRuns(page), 'Tempo Run')!.date).toBe(isoToPlanDate(target));
  await expectNoHorizontalOverflow(page);
});

test('a light run moves at once, and never onto a day outside the displayed month', async ({ page, loginAs }) => {
  await loginAs({ prefix: 'cal-easy' });
  const from = dayOfMonth(24);
  const target = dayOfMonth(26);
  await addRuns(page, [
    { date: isoToPlanDate(dayOfMonth(25)), title: 'Long Run', program: '15k' },
    { date: isoToPlanDate(from), title: 'Easy Run', program: '5k' },
  ]);
  await openCalendar(page);

  const saved = page.waitForResponse((res) => res.request().method() === 'PATCH' && res.ok());
  await dragTo(page, chip(page, from, 'Easy Run'), cell(page, target));
  await saved;
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(chip(page, target, 'Easy Run')).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: `Easy Run dipindahkan ke ${shortDayLabel(target)}.` })).toBeVisible();
  expect(runTitled(await planRuns(page), 'Easy Run')!.date).toBe(isoToPlanDate(target));

  // The grid's last cell always belongs to the next month: it takes no drop.
  const patches = recordPatches(page);
  const outside = page.locator('[data-in-month="false"]').last();
  await centre(outside);
  const box = (await chip(page, target, 'Easy Run').boundingBox())!;
  const to = (await outside.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 20, box.y + 20, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await expect(outside).not.toHaveClass(/ring-brand-600/);
  await page.mouse.up();
  await expect(chip(page, target, 'Easy Run')).toBeVisible();
  expect(patches).toEqual([]);
});

test('a failed move is reported and the run goes back', async ({ page, loginAs }) => {
  await loginAs({ prefix: 'cal-move-fail' });
  const from = dayOfMonth(14);
  const target = dayOfMonth(16);
  await addRuns(page, [{ date: isoToPlanDate(from), title: 'Easy Run', program: '5k' }]);
  await page.route('**/api/training-plans/*/item/*', (route) => route.fulfill({ status: 403, json: { message: 'Program ini dibatasi' } }));
  await openCalendar(page);
  await dragTo(page, chip(page, from, 'Easy Run'), cell(page, target));
  await expect(page.getByRole('alert').filter({ hasText: 'Gagal memindahkan aktivitas: Program ini dibatasi' })).toBeVisible();
  await expect(chip(page, from, 'Easy Run')).toBeVisible();
  await expect(chip(page, target, 'Easy Run')).toHaveCount(0);
});

test('keyboard: Enter opens a run\'s log; Space picks it up, arrows choose the day, Space drops it', async ({ page, loginAs }) => {
  await loginAs({ prefix: 'cal-keys' });
  const from = dayOfMonth(12);
  await addRuns(page, [{ date: isoToPlanDate(from), title: 'Easy Run', program: '5k' }]);
  await openCalendar(page);

  await focusChip(chip(page, from, 'Easy Run'));
  await page.keyboard.press('Enter');
  const log = page.getByRole('dialog', { name: 'Log Hasil Latihan' });
  await expect(log).toBeVisible();
  await expect(log.getByTestId('log-run-title')).toHaveText('Easy Run');
  await page.keyboard.press('Escape');
  await expect(log).toBeHidden();

  const target = dayOfMonth(20);
  const saved = page.waitForResponse((res) => res.request().method() === 'PATCH' && res.ok());
  await focusChip(chip(page, from, 'Easy Run'));
  await pickUpWithSpace(page);
  await expect(cell(page, from)).toHaveClass(/ring-brand-600/);
  // One key at a time, each seen on screen before the next (the sensor moves from where the last key left it).
  await page.keyboard.press('ArrowDown');
  await expect(cell(page, addDays(from, 7))).toHaveClass(/ring-brand-600/);
  await page.keyboard.press('ArrowRight');
  await expect(cell(page, target)).toHaveClass(/ring-brand-600/);
  await page.keyboard.press('Space');
  await saved;
  await expect(chip(page, target, 'Easy Run')).toBeVisible();
  await expect(chip(page, target, 'Easy Run')).toBeFocused();
  await expect(log).toBeHidden();
  expect(runTitled(await planRuns(page), 'Easy Run')!.date).toBe(isoToPlanDate(target));

  // Escape puts a picked-up run back.
  await focusChip(chip(page, target, 'Easy Run'));
  await pickUpWithSpace(page);
  await expect(cell(page, target)).toHaveClass(/ring-brand-600/);
  await page.keyboard.press('ArrowLeft');
  await expect(cell(page, addDays(target, -1))).toHaveClass(/ring-brand-600/);
  await page.keyboard.press('Escape');
  await expect(cell(page, addDays(target, -1))).not.toHaveClass(/ring-brand-600/);
  await expect(chip(page, target, 'Easy Run')).toBeVisible();
});

test('a long press drags a run with touch', { tag: '@phone-only' }, async ({ page, loginAs }) => {
  await loginAs({ prefix: 'cal-touch' });
  const from = dayOfMonth(17);
  const target = dayOfMonth(19);
  await addRuns(page, [{ date: isoToPlanDate(from), title: 'Easy Run', program: '5k' }]);
  await openCalendar(page);
  await centre(cell(page, target));
  const a = (await chip(page, from, 'Easy Run').boundingBox())!;
  const b = (await cell(page, target).boundingBox())!;
  const start = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  const end = { x: b.x + b.width / 2, y: b.y + b.height / 2 };

  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [{ x: point.x, y: point.y }] : [] });
  const saved = page.waitForResponse((res) => res.request().method() === 'PATCH' && res.ok());
  await touch('touchStart', start);
  await page.waitForTimeout(400); // longer than the 200 ms long press
  for (let i = 1; i <= 10; i++) {
    await touch('touchMove', { x: start.x + ((end.x - start.x) * i) / 10, y: start.y + ((end.y - start.y) * i) / 10 });
  }
  await expect(cell(page, target)).toHaveClass(/ring-brand-600/);
  await touch('touchEnd');
  await saved;
  await expect(chip(page, target, 'Easy Run')).toBeVisible();
  expect(runTitled(await planRuns(page), 'Easy Run')!.date).toBe(isoToPlanDate(target));
});

test('AI runs after the subscription end are locked: blurred, labelled Kunci, not draggable, counted apart; a tap explains the lock and Perpanjang opens the plans', { tag: '@layout' }, async ({ page, loginAs }, info) => {
  // The demo runner Budi is on a trial that ends in 10 days, with a 6-week AI plan (read only here).
  await loginAs({ email: 'budi.santoso@derap.id' });
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { current_period_end: string } };
  const runs = await planRuns(page);
  await openCalendar(page);
  const card = page.getByTestId('plan-profile-card');
  await expect(card).toContainText('Percobaan');
  await expect(card).toContainText(formatJakartaDate(me.user.current_period_end));

  // 'Latihan mendatang' and 'Ringkasan program' count the locked runs apart.
  const upcomingRunsShown = runs.filter((r) => planDateToIso(r.date)! >= today);
  const lockedAhead = upcomingRunsShown.filter((r) => r.locked).length;
  expect(lockedAhead).toBeGreaterThan(0);
  await expect(page.getByTestId('upcoming-count')).toHaveText(`${upcomingRunsShown.length - lockedAhead} latihan · ${lockedAhead} terkunci`);
  const lockedAll = runs.filter((r) => r.locked).length;
  await expect(page.getByTestId('program-run-count')).toHaveText(`${runs.length - lockedAll} latihan · ${lockedAll} terkunci`);

  const locked = page.locator('[data-testid="run-chip"][data-locked="true"]');
  for (let i = 0; i < 2 && (await locked.count()) === 0; i++) await page.getByRole('button', { name: 'Bulan berikutnya' }).click();
  const first = locked.first();
  await expect(first).toContainText('Kunci');
  // The server sends a locked run without its title: none of the plan's titles is on the chip.
  await expect(first).not.toContainText(/Run|Interval|Speed|Race/);
  const lockedDay = (await first.locator('xpath=ancestor::li[1]').getAttribute('data-day'))!;
  expect(lockedDay > jakartaToday(new Date(me.user.current_period_end))).toBe(true);

  // Not draggable: a drag from it moves nothing.
  const patches = recordPatches(page);
  const target = cell(page, addDays(lockedDay, lockedDay.endsWith('-01') ? 1 : -1));
  await centre(target);
  const a = (await first.boundingBox())!;
  const b = (await target.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 10 });
  await expect(target).not.toHaveClass(/ring-brand-600/);
  await page.mouse.up();
  expect(patches).toEqual([]);
  await expect(page.getByRole('dialog', { name: 'Log Hasil Latihan' })).toHaveCount(0);
  // A drag that went nowhere may end as a click on the chip: its explanation, nothing else.
  await page.keyboard.press('Escape');

  // Tapped, it explains itself: the trial's end, and 'Perpanjang'.
  await first.click();
  const explanation = page.getByRole('dialog', { name: 'Latihan Terkunci' });
  await expect(explanation).toContainText(`${longDayLabel(lockedDay)} jatuh setelah uji coba gratismu berakhir (${formatJakartaDate(me.user.current_period_end)})`);
  await expectNoHorizontalOverflow(page);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  await page.screenshot({ path: info.outputPath('locked-explained.png') });
  await explanation.getByRole('button', { name: 'Perpanjang' }).click();
  await expect(page.getByRole('dialog', { name: 'Manajemen Paket Langganan' }).getByTestId('current-plan')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The upcoming list and the day panel mark them too, and explain them the same way.
  const lockedRow = page.getByTestId('upcoming-list').locator('[data-locked="true"]').first();
  await expect(lockedRow).toContainText('Kunci');
  await expect(lockedRow).not.toContainText(/Run|Interval|Speed|Race/);
  await cell(page, lockedDay).getByRole('button', { name: new RegExp(`^${longDayLabel(lockedDay)}`) }).click();
  const panelRow = page.getByTestId('day-panel').locator('[data-locked="true"]');
  await expect(panelRow).toContainText('Kunci');
  await panelRow.first().click();
  await expect(explanation).toBeVisible();
  await page.keyboard.press('Escape');
  await expectNoHorizontalOverflow(page);
  await lockedRow.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('locked.png'), fullPage: true });
});

test('months go back and forth, and today is highlighted', { tag: '@layout' }, async ({ page, loginAs }) => {
  await loginAs({ prefix: 'cal-months' });
  const next = shiftMonth(year, month, 1);
  const nextDay = isoFromParts(next.year, next.month, 15);
  await addRuns(page, [{ date: isoToPlanDate(nextDay), title: 'Long Run', program: '20k' }]);
  await openCalendar(page);

  const label = page.locator('#calendar-month-label');
  await expect(label).toHaveText(monthLabel(year, month));
  const current = page.locator('[aria-current="date"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText(String(Number(today.slice(8, 10))));
  await expect(cell(page, today)).toHaveAttribute('data-in-month', 'true');
  await expect(cell(page, today).locator('[aria-current="date"]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Hari ini' })).toBeDisabled();
  const dayNames = page.getByTestId('month-grid').locator('xpath=preceding-sibling::div[1]');
  await expect(dayNames).toHaveText('SenSelRabKamJumSabMin');
  await expect(page.getByTestId('month-grid').locator('li')).toHaveCount(42);

  await page.getByRole('button', { name: 'Bulan berikutnya' }).click();
  await expect(label).toHaveText(monthLabel(next.year, next.month));
  await expect(chip(page, nextDay, 'Long Run')).toBeVisible();
  // Only today's own cell is ever marked (it may show as a leading day of the next month).
  await expect(current).toHaveCount(await cell(page, today).count());

  await page.getByRole('button', { name: 'Bulan sebelumnya' }).click();
  await page.getByRole('button', { name: 'Bulan sebelumnya' }).click();
  const prev = shiftMonth(year, month, -1);
  await expect(label).toHaveText(monthLabel(prev.year, prev.month));
  await page.getByRole('button', { name: 'Hari ini' }).click();
  await expect(label).toHaveText(monthLabel(year, month));
  await expect(current).toHaveCount(1);
  await expectNoHorizontalOverflow(page);
});

test('the profile card shows the plan status and opens Manajemen Paket Langganan', async ({ page, loginAs }) => {
  await loginAs({ prefix: 'cal-profile', name: 'Rina Lestari' });
  await openCalendar(page);
  const card = page.getByTestId('plan-profile-card');
  await expect(card).toContainText('Rina Lestari');
  await expect(card).toContainText('Tidak ada');
  await expect(card).toContainText('Berlaku hingga: -');
  await card.click();
  const dialog = page.getByRole('dialog', { name: 'Manajemen Paket Langganan' });
  await expect(dialog).toBeVisible();
  // Without a plan it opens on the purchase view (the whole flow: e2e/subscriptions.spec.ts).
  await expect(dialog.getByRole('region', { name: 'Uji Coba Gratis' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Tutup' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeFocused();
});

test('runs open their log from the grid and the list; a picked day lists its runs', async ({ page, loginAs }) => {
  await loginAs({ prefix: 'cal-open' });
  const day = addDays(today, 1);
  await addRuns(page, [
    { date: isoToPlanDate(day), title: 'Recovery Run', program: '4k', paceRange: "6'30 - 7'00" },
    { date: isoToPlanDate(day), title: 'Steady Run', program: '8k' },
    { date: isoToPlanDate(addDays(today, -3)), title: 'Long Run', program: '16k' },
  ]);
  await openCalendar(page);
  // Sorted from today on; a past run is not upcoming.
  const upcoming = page.getByTestId('upcoming-list');
  await expect(upcoming.getByRole('listitem')).toHaveCount(2);
  await expect(upcoming.getByRole('listitem').first()).toContainText('Recovery Run');
  await expect(upcoming).not.toContainText('Long Run');

  await upcoming.getByRole('button', { name: /Steady Run/ }).click();
  const log = page.getByRole('dialog', { name: 'Log Hasil Latihan' });
  await expect(log.getByTestId('log-run-title')).toHaveText('Steady Run');
  await page.keyboard.press('Escape');

  if (day.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Bulan berikutnya' }).click();
  await chip(page, day, 'Recovery Run').click();
  await expect(log.getByTestId('log-run-title')).toHaveText('Recovery Run');
  await page.keyboard.press('Escape');

  await cell(page, day).getByRole('button', { name: `${longDayLabel(day)}, 2 latihan` }).click();
  const panel = page.getByTestId('day-panel');
  await expect(panel.getByRole('heading')).toHaveText(longDayLabel(day));
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  await panel.getByRole('button', { name: 'Tambah jadwal di tanggal ini' }).click();
  await expect(page.getByRole('dialog', { name: 'Buat Jadwal' }).getByLabel('Tanggal')).toHaveValue(day);
});

test('a plan that fails to load says so and can be retried', async ({ page, loginAs }) => {
  await loginAs({ prefix: 'cal-error' });
  let failing = true;
  await page.route('**/api/training-plans', (route) =>
    failing && route.request().method() === 'GET' ? route.fulfill({ status: 500, json: { message: 'Kesalahan server.' } }) : route.fallback(),
  );
  await page.goto('/dashboard#calendar');
  const grid = page.getByRole('region', { name: monthLabel(year, month) });
  await expect(grid.getByRole('alert')).toHaveText('Gagal memuat jadwal latihan Anda. Periksa koneksi internet Anda.');
  failing = false;
  await grid.getByRole('button', { name: 'Coba lagi' }).click();
  await expect(page.getByTestId('month-grid')).toBeVisible();
  await expect(page.getByText('Tidak ada latihan mendatang.')).toBeVisible();
});

test('the view, a picked day and every dialog fit the screen at 360 and 1280 px', { tag: '@layout' }, async ({ page, loginAs }, info) => {
  await loginAs({ prefix: 'cal-shot', name: 'Rina Lestari' });
  await addRuns(page, [
    { date: isoToPlanDate(dayOfMonth(10)), title: 'Interval', program: '6x800m', paceRange: "4'00 - 4'10" },
    { date: isoToPlanDate(dayOfMonth(20)), title: 'Tempo Run', program: '8k', paceRange: "4'30 - 4'45" },
    { date: isoToPlanDate(dayOfMonth(24)), title: 'Easy Run', program: '5k', paceRange: "6'00 - 6'30" },
    { date: isoToPlanDate(dayOfMonth(24)), title: 'Recovery Run', program: '3k' },
    { date: isoToPlanDate(dayOfMonth(24)), title: 'Endurance Run', program: '12k' },
    { date: isoToPlanDate(dayOfMonth(24)), title: 'Fartlek', program: '6k' },
    { date: isoToPlanDate(today), title: 'Long Run', program: '15k', paceRange: "6'00 - 6'30" },
    { date: isoToPlanDate(addDays(today, 2)), title: 'Race Day', program: 'HM' },
  ]);
  // AI runs: one inside a subscription that ends in four days, one after it (locked, shown as its stub).
  await addAiRuns(
    page,
    [
      { date: isoToPlanDate(addDays(today, -1)), title: 'Steady Run', program: '10k', trainingdistance: 10, trainingtime: 3000, traininghr: 150 },
      { date: isoToPlanDate(addDays(today, 6)), title: 'Tempo Rahasia', program: '12k', paceRange: "4'30 - 4'45" },
    ],
    4,
  );
  await openCalendar(page);
  await expectNoHorizontalOverflow(page);
  // Each state must fit the screen; its picture is kept with the test output for review.
  const shot = async (name: string, fullPage = false) => {
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage });
  };
  await shot('view', true);
  await expect(page.getByTestId('upcoming-list').locator('[data-locked="true"]')).toContainText('Kunci');
  await expect(page.locator('main')).not.toContainText('Tempo Rahasia');
  await cell(page, dayOfMonth(24)).getByRole('button', { name: /lainnya/ }).click();
  await expect(page.getByTestId('day-panel').getByRole('listitem').filter({ hasText: 'Fartlek' })).toBeVisible();
  await shot('day', true);
  await page.getByRole('button', { name: 'Tambah Jadwal', exact: true }).click();
  await page.getByRole('dialog', { name: 'Buat Jadwal' }).getByRole('button', { name: 'Simpan Jadwal' }).click();
  await expect(page.getByText('Tanggal tidak boleh kosong.')).toBeVisible();
  await shot('create');
  await page.keyboard.press('Escape');
  await page.getByTestId('plan-profile-card').click();
  // This runner's AI access runs four more days: the status view, once the subscription is read.
  await expect(page.getByRole('dialog', { name: 'Manajemen Paket Langganan' }).getByTestId('current-plan')).toBeVisible();
  await shot('subscription');
  await page.keyboard.press('Escape');
  await dragTo(page, chip(page, dayOfMonth(20), 'Tempo Run'), cell(page, dayOfMonth(11)));
  await expect(page.getByRole('dialog', { name: HEAVY_CONFLICT_TITLE })).toBeVisible();
  await shot('confirm');
  await page.getByRole('button', { name: 'Batalkan' }).click();
});
