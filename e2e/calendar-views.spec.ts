import type { Page } from '@playwright/test';
import { addDays, isoToPlanDate, jakartaToday, planDateToIso, startOfWeek } from '../src/domain/shared/wire-date';
import { messages } from '../src/domain/training-plan/training-plan';
import type { Run } from '../src/domain/training-plan/contract';
import { datedRuns } from '../src/web/features/training-plan/calendar/calendar-model';
import { formatKm, programWeeks, weekRangeLabel } from '../src/web/features/training-plan/calendar/program-weeks';
import { summariseWeek } from '../src/web/features/training-plan/widgets/use-week-runs';
import { expect, test } from './fixtures';
import { addRuns, expectNoHorizontalOverflow, planRuns, showMonthGrid } from './log-helpers';
import { seriousViolations } from './axe';

/**
 * A calendar you can read (issue 11 item 8), at 1280 and 360 px: readable names in the month grid,
 * done ticks that never vanish, the week list ('Minggu') with its planned vs done km, the plan's
 * phases and weekly volume ('Ringkasan program'), and no result on a run dated in the future.
 * The demo runner Rina (an 8-week AI plan, four weeks behind today with logged results) is only read.
 */
const RINA = 'rina.wulandari@derap.id';
const today = jakartaToday();
const VIEW_KEY = 'derap.calendar.view';

async function openCalendar(page: Page) {
  await page.goto('/dashboard#calendar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kalender Latihan');
  await expect(page.getByRole('group', { name: 'Tampilan kalender' })).toBeVisible();
}

const modeButton = (page: Page, name: 'Bulan' | 'Minggu') => page.getByRole('group', { name: 'Tampilan kalender' }).getByRole('button', { name });

async function showWeek(page: Page) {
  await modeButton(page, 'Minggu').click();
  await expect(page.getByTestId('week-agenda')).toBeVisible();
}

test('a phone opens on the week list and a wide screen on the month; the choice is remembered', { tag: '@layout' }, async ({ page, loginAs }, info) => {
  await loginAs({ email: RINA });
  await openCalendar(page);
  const phone = info.project.name === 'phone';
  await expect(modeButton(page, phone ? 'Minggu' : 'Bulan')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId(phone ? 'week-agenda' : 'month-grid')).toBeVisible();

  await modeButton(page, phone ? 'Bulan' : 'Minggu').click();
  await expect(page.getByTestId(phone ? 'month-grid' : 'week-agenda')).toBeVisible();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), VIEW_KEY)).toBe(phone ? 'month' : 'week');
  await page.reload();
  await expect(modeButton(page, phone ? 'Bulan' : 'Minggu')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId(phone ? 'month-grid' : 'week-agenda')).toBeVisible();
});

test('the month grid shows whole run names on a wide screen, coloured bars on a phone, and done ticks at both', { tag: '@layout' }, async ({ page, loginAs }, info) => {
  await loginAs({ email: RINA });
  await openCalendar(page);
  await showMonthGrid(page);
  const grid = page.getByTestId('month-grid');
  const chips = grid.locator('[data-testid="run-chip"]:not([data-locked])');
  await expect(chips.first()).toBeVisible();
  await expectNoHorizontalOverflow(page);

  if (info.project.name === 'desktop') {
    // Every title is shown whole (wrapped on up to two lines), never cut to 'Spe…'.
    const titles = grid.getByTestId('run-title');
    expect(await titles.count()).toBeGreaterThan(10);
    const clipped = await titles.evaluateAll((els) =>
      els.filter((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
    );
    expect(clipped).toEqual([]);
    await expect(grid.getByTestId('run-title').filter({ hasText: /^Endurance Long Run$/ }).first()).toBeVisible();
  } else {
    // A coloured bar per run; the names are left to the day panel and the week list.
    await expect(chips.first().getByTestId('run-bar')).toBeVisible();
    // (kept for screen readers and find-by-text, one pixel wide)
    expect(await grid.getByTestId('run-title').first().evaluate((el) => el.parentElement!.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
  }

  // Every logged run in the grid shows its tick (the demo plan has logged runs this month or last).
  let done = grid.locator('[data-testid="run-chip"][aria-label$=", selesai"]');
  if ((await done.count()) === 0) {
    await page.getByRole('button', { name: 'Bulan sebelumnya' }).click();
    done = grid.locator('[data-testid="run-chip"][aria-label$=", selesai"]');
  }
  const count = await done.count();
  expect(count).toBeGreaterThan(0);
  // Ticks drawn at a size one can see (the compact bar's, or the roomy chip's), one per chip.
  const shownTicks = (chip: ReturnType<typeof grid.locator>) =>
    chip.evaluate((el) => [...el.querySelectorAll('[data-testid="run-done"]')].filter((t) => t.getBoundingClientRect().width >= 10).length);
  for (let i = 0; i < count; i++) expect(await shownTicks(done.nth(i)), `chip ${i}`).toBe(1);
  // A run not yet logged has no tick.
  const open = grid.locator('[data-testid="run-chip"]:not([data-locked]):not([aria-label$=", selesai"])');
  expect(await shownTicks(open.first())).toBe(0);

  // Tapping a day lists its runs in full, with their done state.
  const day = (await done.first().evaluate((el) => el.closest('[data-day]')!.getAttribute('data-day')))!;
  await grid.locator(`[data-day="${day}"]`).getByRole('button', { name: /, \d+ latihan$/ }).click();
  const panel = page.getByTestId('day-panel');
  await expect(panel.getByText('Selesai').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the week list shows Monday to Sunday with each run, and the week planned vs done km', { tag: '@layout' }, async ({ page, loginAs }) => {
  await loginAs({ email: RINA });
  const runs = await planRuns(page);
  await openCalendar(page);
  await showWeek(page);
  const agenda = page.getByTestId('week-agenda');
  const monday = startOfWeek(today);
  await expect(agenda.getByRole('heading', { level: 2 })).toHaveText(weekRangeLabel(monday));
  await expect(agenda.locator('ol > li[data-day]')).toHaveCount(7);
  await expect(agenda.locator('li[aria-current="date"]')).toHaveAttribute('data-day', today);

  const totals = (start: string) => {
    const week = summariseWeek(runs, start);
    return `Rencana ${formatKm(week.plannedKm)} km · Selesai ${formatKm(week.actualKm)} km`;
  };
  await expect(agenda.getByTestId('week-totals')).toContainText(totals(monday));

  // Last week: every session logged but one, each with its result and a tick.
  await agenda.getByRole('button', { name: 'Minggu sebelumnya' }).click();
  const lastMonday = addDays(monday, -7);
  await expect(agenda.getByRole('heading', { level: 2 })).toHaveText(weekRangeLabel(lastMonday));
  await expect(agenda.getByTestId('week-totals')).toContainText(totals(lastMonday));
  const logged = runs.filter((r): r is Run => !r.locked && r.trainingdistance !== null && planDateToIso(r.date)! >= lastMonday && planDateToIso(r.date)! < monday);
  expect(logged.length).toBeGreaterThan(0);
  await expect(agenda.getByTestId('week-run-result')).toHaveCount(logged.length);
  await expect(agenda.getByTestId('week-run-result').first()).toContainText(/Selesai .+ km · .+\/km/);
  // Each run shows its title, program, pace and type; a click opens its log.
  const first = logged[0]!;
  const card = agenda.locator(`[data-testid="week-run"][data-run-id="${first._id}"]`);
  await expect(card).toContainText(first.title);
  await expect(card).toContainText(`Pace ${first.paceRange} /km`);
  await card.click();
  await expect(page.getByRole('dialog', { name: 'Log Hasil Latihan' }).getByTestId('log-run-title')).toHaveText(first.title);
  await page.keyboard.press('Escape');

  await agenda.getByRole('button', { name: 'Hari ini' }).click();
  await expect(agenda.getByRole('heading', { level: 2 })).toHaveText(weekRangeLabel(monday));
  await expectNoHorizontalOverflow(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test("'Ringkasan program' shows planned and done km per week by phase, with a table for screen readers", { tag: '@layout' }, async ({ page, loginAs }) => {
  await loginAs({ email: RINA });
  const runs = await planRuns(page);
  const weeks = programWeeks(datedRuns(runs), today);
  await openCalendar(page);
  const chart = page.getByRole('region', { name: 'Ringkasan program' });
  await expect(chart).toBeVisible();
  const rows = chart.getByRole('table').getByRole('row');
  // A header row, then one per week of the plan.
  await expect(rows).toHaveCount(weeks.length + 1);
  // The demo plan is the engine's 8-week half-marathon plan: it opens in Base and ends in Taper.
  const phases = weeks.map((w) => w.phase);
  expect(phases[0]).toBe('Base');
  expect(phases.at(-1)).toBe('Taper');
  expect(phases).toContain('Build');
  for (const [i, week] of weeks.entries()) {
    await expect(rows.nth(i + 1).getByRole('cell')).toHaveText([/\d+ \w+ – \d+ \w+/, week.phase!, formatKm(week.plannedKm), formatKm(week.doneKm), String(week.lockedCount)]);
  }
  await expect(rows.filter({ hasText: '(minggu ini)' })).toHaveCount(1);
  // The bars and phase bands are drawn; the page never scrolls sideways.
  await expect(chart.locator('[data-week]')).toHaveCount(weeks.length);
  await expect(chart.getByText('Taper', { exact: true }).first()).toBeVisible();
  await expectNoHorizontalOverflow(page);

  // A bar opens its week in the week list.
  await chart.locator(`[data-week="${weeks[0]!.start}"]`).click();
  await expect(page.getByTestId('week-agenda').getByRole('heading', { level: 2 })).toHaveText(weekRangeLabel(weeks[0]!.start));
});

test('a run dated in the future cannot be logged: fields disabled with the reason, and the server refuses it', async ({ page, loginAs }) => {
  await loginAs({ prefix: 'cal-future' });
  const tomorrow = addDays(today, 1);
  const plan = await addRuns(page, [
    { date: isoToPlanDate(tomorrow), title: 'Tempo Run', program: '8k', paceRange: "4'30 - 4'45" },
    { date: isoToPlanDate(today), title: 'Easy Run', program: '5k' },
  ]);
  await openCalendar(page);
  await showWeek(page);
  const agenda = page.getByTestId('week-agenda');
  if ((await agenda.locator(`li[data-day="${tomorrow}"]`).count()) === 0) await agenda.getByRole('button', { name: 'Minggu berikutnya' }).click();

  await agenda.getByRole('button', { name: /Tempo Run/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Hasil Latihan' });
  await expect(dialog.getByText(messages.resultInFuture)).toBeVisible();
  for (const label of ['Jarak Lari (km)', 'Waktu (hh:mm:ss)', 'Rata-rata HR (bpm)']) await expect(dialog.getByLabel(label)).toBeDisabled();
  await expect(dialog.getByLabel('Tanggal')).toBeEnabled();
  await page.keyboard.press('Escape');

  // Today's run can be logged.
  if ((await agenda.locator(`li[data-day="${today}"]`).count()) === 0) await agenda.getByRole('button', { name: 'Hari ini' }).click();
  await agenda.getByRole('button', { name: /Easy Run/ }).click();
  await expect(dialog.getByLabel('Jarak Lari (km)')).toBeEnabled();
  await expect(dialog.getByText(messages.resultInFuture)).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The server says the same to any client.
  const future = plan.trainingPlan.find((r): r is Run => !r.locked && r.title === 'Tempo Run')!;
  const res = await page.request.patch(`/api/training-plans/${plan._id}/item/${future._id}`, {
    data: { trainingdistance: 8, trainingtime: 2200, traininghr: 160 },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).message).toBe(messages.resultInFuture);
});
