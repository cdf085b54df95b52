import type { APIRequestContext, Page } from '@playwright/test';
import { fakeStrava } from '../playwright.config';
import { fromJakartaWallClock } from '../src/domain/shared/jakarta-time';
import { addDays, startOfWeek, type IsoDay } from '../src/domain/shared/wire-date';
import { stravaMessages } from '../src/domain/strava/strava';
import type { StravaActivityView, StravaStatus } from '../src/domain/strava/contract';
import type { Run } from '../src/domain/training-plan/contract';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { addAiRuns, expectNoHorizontalOverflow, jakartaWeek, planDate, planRuns } from './log-helpers';

/**
 * The Strava journey (issue 15) against the fake Strava (scripts/fake-strava.ts, started by
 * playwright.config.ts): a premium runner connects on the fake's consent page, a run they made
 * today arrives by webhook and fills today's planned run with its scores, a run on a day without a
 * plan waits under 'Lari dari Strava' until it is kept, and the runner disconnects.
 */

/** Drives the fake Strava's control endpoints (`/_fake/*`). */
async function fake<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${fakeStrava.url}/_fake/${path}`, { method, data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as T;
}

/** A run at the fake at 06:00 Jakarta time on `day`, delivered to Derap's webhook as Strava would. */
async function stravaRun(page: Page, athleteId: string, day: IsoDay, run: { name: string; meters: number; seconds: number; hr: number }) {
  const start = fromJakartaWallClock(`${day}T06:00`).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const activity = await fake<{ id: number }>(page.request, 'POST', 'activities', {
    athleteId: Number(athleteId),
    name: run.name,
    distance: run.meters,
    moving_time: run.seconds,
    elapsed_time: run.seconds,
    average_heartrate: run.hr,
    start_date: start,
    start_date_local: start,
  });
  const callbackUrl = new URL('/api/strava/webhook', page.url()).href;
  const delivered = await fake<{ status: number }>(page.request, 'POST', 'webhook', { callbackUrl, object_id: activity.id });
  expect(delivered.status).toBe(200);
}

async function status(page: Page): Promise<StravaStatus> {
  const res = await page.request.get('/api/strava/status');
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as StravaStatus;
}

/** Brings `day` into view: the phone's week list, or the desktop's month grid. */
async function showDay(page: Page, day: IsoDay, today: IsoDay) {
  const phone = page.viewportSize()!.width < 640;
  if (phone && startOfWeek(day) !== startOfWeek(today)) await page.getByRole('button', { name: 'Minggu sebelumnya' }).click();
  if (!phone && day.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Bulan sebelumnya' }).click();
}

async function openSettings(page: Page) {
  await page.goto('/dashboard?view=pengaturan');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pengaturan Profil');
  return page.getByRole('region', { name: 'Strava' });
}

test('a premium runner connects Strava, a run arrives by webhook and is logged with its scores, an unplanned run is kept, then disconnects', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(120_000);
  await loginAs({ prefix: 'strava' });
  const { today } = jakartaWeek();
  const yesterday = addDays(today, -1);
  // Premium (a trial of 30 days, so automatic sync is on) with today's run planned by the AI coach.
  await addAiRuns(page, [{ date: planDate(today), title: 'Easy Run', program: '(7k)', paceRange: "5'30 - 6'00" }], 30);

  // Pengaturan: connect on the fake's consent page.
  let card = await openSettings(page);
  await expect(card.getByText('Belum terhubung')).toBeVisible();
  await card.getByRole('button', { name: 'Hubungkan Strava' }).click();
  await expect(page.getByRole('heading', { name: 'Strava (fake)' })).toBeVisible();
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('strava-return')).toContainText(stravaMessages.connected);

  card = await openSettings(page);
  await expect(card.getByText('Terhubung', { exact: true })).toBeVisible();
  const { athleteId, autoSync } = await status(page);
  expect(athleteId).toBeTruthy();
  expect(autoSync).toBe(true);
  await expect(card.getByTestId('strava-athlete')).toHaveText(athleteId!);
  await expect(card.getByTestId('strava-auto-sync-note')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoHorizontalOverflow(page);

  // Today's run at Strava, delivered by webhook: it fills today's planned run (poll the durable job).
  await stravaRun(page, athleteId!, today, { name: 'Lari Pagi Derap', meters: 7020, seconds: 2520, hr: 148 });
  await expect(async () => {
    const run = (await planRuns(page)).find((r): r is Run => !r.locked && r.title === 'Easy Run');
    expect(run?.source).toBe('strava');
  }).toPass({ timeout: 30_000 });

  await page.goto('/dashboard#calendar');
  const logged = page.getByRole('button', { name: /Easy Run.*(selesai, hasil dari Strava|Strava)/ }).first();
  await expect(logged).toBeVisible();
  await expect(logged.getByTestId('strava-label')).toHaveCount(1);
  await logged.click();
  const dialog = page.getByRole('dialog', { name: 'Log Hasil Latihan' });
  await expect(dialog.getByLabel('Jarak Lari (km)')).toHaveValue('7,02');
  await expect(dialog.getByLabel('Waktu (hh:mm:ss)')).toHaveValue('00:42:00');
  await expect(dialog.getByLabel('Rata-rata HR (bpm)')).toHaveValue('148');
  await expect(dialog.getByLabel('Pace (otomatis)')).toHaveValue('05:59/km');
  for (const score of ['distance', 'pace', 'heartRate', 'total']) await expect(dialog.getByTestId(`score-${score}`)).not.toContainText('-');
  await expect(dialog.getByTestId('strava-result-note')).toBeVisible();
  // Simpan keeps it: the runner's own log now (their coach would see it), no longer Strava's.
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(async () => {
    const run = (await planRuns(page)).find((r): r is Run => !r.locked && r.title === 'Easy Run');
    expect(run?.source).toBe('manual');
  }).toPass({ timeout: 10_000 });

  // A run on a day without a plan waits under 'Lari dari Strava' beside the calendar.
  await stravaRun(page, athleteId!, yesterday, { name: 'Lari Sore Tanpa Jadwal', meters: 5000, seconds: 1650, hr: 152 });
  await expect(async () => {
    const res = await page.request.get('/api/strava/activities?status=unplanned');
    expect(((await res.json()) as { data: StravaActivityView[] }).data.map((a) => a.name)).toEqual(['Lari Sore Tanpa Jadwal']);
  }).toPass({ timeout: 30_000 });
  await page.reload();
  const panel = page.getByRole('region', { name: 'Lari dari Strava' });
  await expect(panel.getByTestId('strava-unplanned-run')).toHaveCount(1);
  await expect(panel).toContainText('5 km');
  await expect(panel).toContainText('00:27:30');
  await expect(panel).toContainText('152 bpm');
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoHorizontalOverflow(page);
  await panel.getByRole('button', { name: /^Simpan ke Log: Lari Sore Tanpa Jadwal/ }).click();
  await expect(page.getByText(stravaMessages.activityKept)).toBeVisible();
  await expect(panel).toHaveCount(0);
  // On the calendar, logged (kept: the runner's own, so no Strava label).
  await showDay(page, yesterday, today);
  const kept = page.getByRole('button', { name: /Lari Sore Tanpa Jadwal/ }).first();
  await expect(kept).toBeVisible();
  await expect(kept.getByTestId('strava-label')).toHaveCount(0);

  // Disconnect, confirmed: the fake's tokens are revoked and the card offers to connect again.
  card = await openSettings(page);
  await card.getByRole('button', { name: 'Putuskan Strava' }).click();
  const confirm = page.getByRole('dialog', { name: 'Putuskan Strava?' });
  await expect(confirm).toContainText('token akses Strava');
  await confirm.getByRole('button', { name: 'Ya, Putuskan' }).click();
  await expect(page.getByText(stravaMessages.disconnected)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Hubungkan Strava' })).toBeEnabled();
  expect((await fake<{ deauthorized: boolean }>(page.request, 'GET', `tokens/${athleteId}`)).deauthorized).toBe(true);
  // What the runner kept stays in their log.
  expect((await planRuns(page)).some((r) => !r.locked && r.title === 'Lari Sore Tanpa Jadwal' && r.trainingdistance === 5)).toBe(true);
});
