import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { addDays, isoToPlanDate, type IsoDay } from '../src/domain/shared/wire-date';
import { fitFile, gpxFile, steadyRun } from '../src/server/test/fixtures/activity-files';
import { expect, signIn, test, uniqueEmail } from './fixtures';
import type { Run } from '../src/domain/training-plan/contract';
import { addRuns, expectNoHorizontalOverflow, jakartaWeek, openTodayRun, planRuns, runTitled } from './log-helpers';

/**
 * Activity files (issue 15 item 5): a runner fills Log Hasil Latihan from a GPX their watch wrote,
 * and imports a FIT file on the calendar, which opens the run of the file's day (or Buat Jadwal
 * when that day has none). The files are written by the test: GPX as text, FIT by the Garmin SDK.
 */
mkdirSync('/tmp/activity-files', { recursive: true });
const shot = (name: string) => `/tmp/activity-files/${name}-${test.info().project.name}.png`;
/** 06:00 WIB on a day: the file's start, whose Jakarta day decides the run. */
const morning = (iso: IsoDay) => new Date(`${iso}T06:00:00+07:00`);

async function openCalendar(page: Page) {
  await page.goto('/dashboard#calendar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kalender Latihan');
}

test('a runner uploads a GPX in Log Hasil Latihan: distance, time and HR fill in, and the run is logged', async ({ page }) => {
  await signIn(page.request, { prefix: 'file-gpx', name: 'Wayan Sari' });
  const { today } = jakartaWeek();
  await addRuns(page, [{ date: isoToPlanDate(today), title: 'Easy Run', program: '5k', paceRange: "4'50 - 5'10" }]);
  // 5 km in 25:00 with a 4-minute stop at a crossing (not moving time), HR 150/154 by turns.
  const points = steadyRun({ seconds: 1500, metersPerSecond: 10 / 3, hr: (i) => (i % 2 ? 150 : 154), stop: { at: 600, seconds: 240 } });
  const gpx = gpxFile(morning(today), [points], { name: 'Lari pagi' });

  await page.goto('/dashboard');
  const dialog = await openTodayRun(page, 'Easy Run');
  const area = dialog.getByTestId('activity-file-drop');
  await expect(dialog.getByRole('heading', { name: 'Unggah file aktivitas (.fit, .gpx, .tcx)' })).toBeVisible();
  await area.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('log-upload-area') });

  // Keyboard: the file input itself takes focus (visually hidden, ringed by its area).
  const input = dialog.getByLabel(/Pilih file aktivitas/);
  await input.focus();
  await expect(input).toBeFocused();

  const parsed = page.waitForResponse((res) => res.url().endsWith('/api/activities/parse'));
  await input.setInputFiles({ name: 'Lari_pagi.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(gpx) });
  expect((await parsed).status()).toBe(200);
  await expect(dialog.getByTestId('activity-file-result')).toHaveText('Terisi dari Lari_pagi.gpx: 5 km · 00:25:00 · 152 bpm.');
  await expect(dialog.getByLabel('Jarak Lari (km)')).toHaveValue('5');
  await expect(dialog.getByLabel('Waktu (hh:mm:ss)')).toHaveValue('00:25:00');
  await expect(dialog.getByLabel('Rata-rata HR (bpm)')).toHaveValue('152');
  await expect(dialog.getByLabel('Pace (otomatis)')).toHaveValue('05:00/km');
  await expect(dialog.getByTestId('score-distance')).toContainText('10/ 10');
  await expect(dialog.getByTestId('score-pace')).toContainText('10/ 10');
  await page.screenshot({ path: shot('log-upload-filled') });
  await dialog.getByLabel('Jarak Lari (km)').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('log-upload-fields') });
  await expectNoHorizontalOverflow(page);

  // A file that is not an activity: the server's message, and the fields keep what the GPX gave.
  await input.setInputFiles({ name: 'rusak.fit', mimeType: 'application/octet-stream', buffer: Buffer.from('bukan file FIT') });
  await expect(dialog.getByTestId('activity-file-result')).toHaveText('Format file tidak dikenali. Unggah file .fit, .gpx atau .tcx dari jam atau aplikasi lari Anda.');
  await expect(dialog.getByLabel('Jarak Lari (km)')).toHaveValue('5');
  await dialog.getByTestId('activity-file-result').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('log-upload-error') });

  const patch = page.waitForRequest((req) => req.method() === 'PATCH');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  expect((await patch).postDataJSON()).toEqual({ trainingdistance: 5, trainingtime: 1500, traininghr: 152 });
  await expect(dialog).toHaveCount(0);
  expect(runTitled(await planRuns(page), 'Easy Run')).toMatchObject({ trainingdistance: 5, trainingtime: 1500, traininghr: 152, trainingpace: 300 });
  await expect(page.getByRole('region', { name: 'Latihan Hari Ini' }).getByText('Selesai')).toBeVisible();
});

test('the calendar imports a FIT file: the run of its day opens filled, and a day without one gets Buat Jadwal', async ({ page }) => {
  await signIn(page.request, { prefix: 'file-fit', name: 'Made Wirawan' });
  const { today } = jakartaWeek();
  const yesterday = addDays(today, -1);
  const earlier = addDays(today, -3);
  await addRuns(page, [
    { date: isoToPlanDate(yesterday), title: 'Easy Run', program: '5k', paceRange: "6'00 - 6'30" },
    { date: isoToPlanDate(yesterday), title: 'Long Run', program: '10k', paceRange: "5'40 - 6'10" },
  ]);
  // 9.8 km: the closer of the two planned runs is the 10k Long Run.
  const longRun = fitFile(morning(yesterday), steadyRun({ seconds: 3500, metersPerSecond: 2.8, hr: () => 145 }), [
    { totalDistance: 9800, totalTimerTime: 3500, totalElapsedTime: 3700, avgHeartRate: 146 },
  ]);

  await openCalendar(page);
  const importButton = page.getByRole('button', { name: 'Impor File Aktivitas' });
  await importButton.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('calendar-import-button') });
  await expectNoHorizontalOverflow(page);

  const chooser = page.waitForEvent('filechooser');
  await importButton.click();
  await (await chooser).setFiles({ name: 'Long_Run.fit', mimeType: 'application/octet-stream', buffer: Buffer.from(longRun) });
  const dialog = page.getByRole('dialog', { name: 'Log Hasil Latihan' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('log-run-title')).toHaveText('Long Run');
  await expect(dialog.getByText('Hasil dari Long_Run.fit sudah diisi')).toBeVisible();
  await expect(dialog.getByLabel('Tanggal')).toHaveValue(yesterday);
  await expect(dialog.getByLabel('Jarak Lari (km)')).toHaveValue('9,8');
  await expect(dialog.getByLabel('Waktu (hh:mm:ss)')).toHaveValue('00:58:20');
  await expect(dialog.getByLabel('Rata-rata HR (bpm)')).toHaveValue('146');
  await page.screenshot({ path: shot('calendar-import-log') });
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toHaveCount(0);
  const runs = await planRuns(page);
  expect(runTitled(runs, 'Long Run')).toMatchObject({ trainingdistance: 9.8, trainingtime: 3500, traininghr: 146 });
  expect(runTitled(runs, 'Easy Run')).toMatchObject({ trainingdistance: null });

  // A day with no planned run: Buat Jadwal on that day, carrying the result.
  const recovery = fitFile(morning(earlier), steadyRun({ seconds: 1800, metersPerSecond: 2.5 }), [{ totalDistance: 4500, totalTimerTime: 1800 }]);
  const second = page.waitForEvent('filechooser');
  await importButton.click();
  await (await second).setFiles({ name: 'Recovery.fit', mimeType: 'application/octet-stream', buffer: Buffer.from(recovery) });
  const create = page.getByRole('dialog', { name: 'Buat Jadwal' });
  await expect(create).toBeVisible();
  await expect(create).toContainText(`Tidak ada latihan terjadwal pada ${isoToPlanDate(earlier)}.`);
  await expect(create.getByTestId('create-run-result')).toHaveText('4,5 km · 00:30:00');
  await expect(create.getByLabel('Tanggal')).toHaveValue(earlier);
  await create.getByLabel('Judul').fill('Recovery Run');
  // The file has no heart rate: a runner's result needs all three, so the dialog asks for it.
  await create.getByLabel('Rata-rata HR (bpm)').fill('138');
  await page.screenshot({ path: shot('calendar-import-create') });
  await create.getByRole('button', { name: 'Simpan Jadwal & Hasil' }).click();
  await expect(create).toHaveCount(0);
  expect(runTitled(await planRuns(page), 'Recovery Run')).toMatchObject({ date: isoToPlanDate(earlier), trainingdistance: 4.5, trainingtime: 1800, traininghr: 138, generatedby: 'user' });

  // A file the server cannot read is explained under the button (the toasts dismissed, to see it on a phone).
  const closeToast = page.getByRole('button', { name: 'Tutup pemberitahuan' });
  while ((await closeToast.count()) > 0) await closeToast.first().click();
  const third = page.waitForEvent('filechooser');
  await importButton.click();
  await (await third).setFiles({ name: 'kosong.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from('<gpx version="1.1"><metadata/></gpx>') });
  const refusal = page.getByRole('alert').filter({ hasText: 'File ini tidak berisi data aktivitas' });
  await expect(refusal).toBeVisible();
  await expect(importButton).toHaveAttribute('aria-describedby', (await refusal.getAttribute('id'))!);
  await refusal.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await page.screenshot({ path: shot('calendar-import-error') });
});

test("a coach imports a runner's FIT file in Ubah Jadwal: the same calendar, the coach's rules (HR may stay empty)", async ({ page, loginAs }) => {
  const runnerEmail = uniqueEmail('pelari-file');
  await signIn(page.context().request, { email: runnerEmail, name: 'Rani File' });
  await loginAs({ prefix: 'pelatih-file', role: 'coach', name: 'Budi Pelatih' });
  const connected = await page.request.post('/api/dev/coaching/connections', { data: { runnerEmail, weeks: 8 } });
  expect(connected.status(), await connected.text()).toBe(201);
  const yesterday = addDays(jakartaWeek().today, -1);

  await page.goto('/dashboard');
  if (test.info().project.name === 'phone') await page.getByRole('button', { name: 'Buka menu' }).click();
  await page.getByRole('navigation', { name: 'Menu dasbor' }).getByRole('button', { name: 'Ubah Jadwal' }).click();
  await page.getByRole('combobox', { name: 'Pilih pelari' }).selectOption({ label: `Rani File — ${runnerEmail}` });
  const importButton = page.getByRole('region', { name: 'Latihan mendatang' }).getByRole('button', { name: 'Impor File Aktivitas' });
  await importButton.scrollIntoViewIfNeeded();

  const file = fitFile(morning(yesterday), steadyRun({ seconds: 2400, metersPerSecond: 3 }), [{ totalDistance: 7200, totalTimerTime: 2400 }]);
  const chooser = page.waitForEvent('filechooser');
  await importButton.click();
  await (await chooser).setFiles({ name: 'Rani.fit', mimeType: 'application/octet-stream', buffer: Buffer.from(file) });
  const create = page.getByRole('dialog', { name: 'Buat Jadwal' });
  await expect(create.getByTestId('create-run-result')).toHaveText('7,2 km · 00:40:00');
  await expect(create.getByText('File ini tidak berisi HR; boleh dikosongkan.')).toBeVisible();
  await create.getByLabel('Judul').fill('Easy Run');
  await page.screenshot({ path: shot('coach-import-create') });
  const saved = page.waitForResponse((res) => res.request().method() === 'POST' && /\/api\/runner\/[^/]+\/training-plans$/.test(res.url()));
  await create.getByRole('button', { name: 'Simpan Jadwal & Hasil' }).click();
  expect((await saved).status()).toBe(201);
  await expect(create).toHaveCount(0);
  const runnerId = new URL((await saved).url()).pathname.split('/')[3]!;
  const plan = (await (await page.request.get(`/api/runner/${runnerId}/training-plans`)).json()) as { trainingPlans: { trainingPlan: Run[] }[] };
  expect(plan.trainingPlans[0]!.trainingPlan.find((r) => r.title === 'Easy Run')).toMatchObject({ date: isoToPlanDate(yesterday), trainingdistance: 7.2, trainingtime: 2400, traininghr: null, generatedby: 'coach' });
});
