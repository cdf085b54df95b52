import type { Page } from '@playwright/test';
import { WEEKDAY_NAMES } from '../src/domain/training-plan/month-grid';
import { addDays, isoToPlanDate, jakartaToday, weekdayIndex, weekDays, type IsoDay } from '../src/domain/shared/wire-date';
import type { PlanRun, Run, RunInput, TrainingPlan } from '../src/domain/training-plan/contract';
import { expect } from './fixtures';

/** Today in Jakarta, its Monday-to-Sunday week, and another day of the same week. */
export function jakartaWeek() {
  const today = jakartaToday();
  const other = weekdayIndex(today) === 6 ? addDays(today, -1) : addDays(today, 1);
  return { today, other, days: weekDays(today) };
}

export const planDate = (iso: IsoDay) => isoToPlanDate(iso);
export const dayName = (iso: IsoDay) => WEEKDAY_NAMES[weekdayIndex(iso)]!;

/** Adds runs through the API as the signed-in runner (the page's cookies). */
export async function addRuns(page: Page, runs: RunInput[]): Promise<TrainingPlan> {
  const res = await page.request.post('/api/training-plans', { data: { trainingPlan: runs } });
  expect(res.status()).toBe(201);
  return (await res.json()) as TrainingPlan;
}

/**
 * Adds runs made by the AI to the signed-in runner's plan through the development stand-in for the
 * AI endpoints (a runner's own POST can never make an AI run); `accessDays` sets their subscription
 * to end that many days from now (null: none, so every AI run is locked).
 */
export async function addAiRuns(page: Page, runs: RunInput[], accessDays: number | null): Promise<TrainingPlan> {
  const res = await page.request.post('/api/dev/training-plans/ai-runs', { data: { trainingPlan: runs, accessDays } });
  expect(res.status()).toBe(201);
  return (await res.json()) as TrainingPlan;
}

export async function planRuns(page: Page): Promise<PlanRun[]> {
  const res = await page.request.get('/api/training-plans');
  if (res.status() === 404) return [];
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { trainingPlans: TrainingPlan[] }).trainingPlans[0]?.trainingPlan ?? [];
}

/** The open (not locked) run with that title. */
export const runTitled = (runs: readonly PlanRun[], title: string): Run | undefined => runs.find((r): r is Run => !r.locked && r.title === title);

/** The weekly chart's text alternative: [planned, realised] km of one day, as shown. */
export async function chartRow(page: Page, iso: IsoDay): Promise<string[]> {
  const table = page.getByRole('region', { name: 'Progres Latihan Minggu Ini' }).getByRole('table');
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: dayName(iso), exact: true }) });
  return row.getByRole('cell').allTextContents();
}

/** Opens one of today's runs from the dashboard; returns the dialog. */
export async function openTodayRun(page: Page, title: string) {
  await page.getByRole('region', { name: 'Latihan Hari Ini' }).getByRole('button', { name: new RegExp(title) }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Hasil Latihan' });
  await expect(dialog).toBeVisible();
  return dialog;
}

export const PHONE_VIEWPORT = { width: 360, height: 740 };

/**
 * Nothing on the page is wider than the screen — at this width and, on a wider screen, at 360 px
 * too: the page is narrowed to a phone's width in place, checked, and widened back. So a journey
 * that runs only at 1280 px still proves every screen it passes fits a phone (decision 047); the
 * 360 px project keeps the tests whose steps differ by width.
 */
export async function expectNoHorizontalOverflow(page: Page) {
  const viewport = page.viewportSize()!;
  const fits = async (width: number) =>
    expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `the page is wider than ${width} px`, timeout: 5_000 })
      .toBeLessThanOrEqual(width);
  await fits(viewport.width);
  if (viewport.width <= PHONE_VIEWPORT.width) return;
  await page.setViewportSize(PHONE_VIEWPORT);
  try {
    // Two frames: media queries and resize listeners settle before the width is read.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await fits(PHONE_VIEWPORT.width);
  } finally {
    await page.setViewportSize(viewport);
  }
}

/** Kalender Latihan in its month grid: a narrow screen opens on the week list ('Minggu'). */
export async function showMonthGrid(page: Page) {
  const month = page.getByRole('group', { name: 'Tampilan kalender' }).getByRole('button', { name: 'Bulan' });
  await expect(month).toBeVisible();
  if ((await month.getAttribute('aria-pressed')) !== 'true') await month.click();
  await expect(page.getByTestId('month-grid')).toBeVisible();
}

/**
 * Space on a focused run picks it up with dnd-kit's keyboard sensor, which starts listening for the
 * arrow keys one task later (`setTimeout` in KeyboardSensor.attach): wait for that task, or an arrow
 * pressed at once (no person is that fast, a test is) is lost and the run stays where it was.
 */
export async function pickUpWithSpace(page: Page): Promise<void> {
  await page.keyboard.press('Space');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}
