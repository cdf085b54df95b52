import type { Page } from '@playwright/test';
import { addDays } from '../src/domain/shared/wire-date';
import { expect, signIn, test } from './fixtures';
import { addAiRuns, addRuns, expectNoHorizontalOverflow, jakartaWeek, openTodayRun, planDate, planRuns, runTitled } from './log-helpers';

const shot = (name: string) => `/tmp/log/${name}-${test.info().project.name}.png`;
const ALL_OR_NONE = 'Jika mengisi salah satu dari Jarak Lari, Waktu, atau Rata-rata HR, maka semua harus diisi.';

async function runnerWithTodayRuns(page: Page, prefix: string, runs: { title: string; program?: string; paceRange?: string; generatedby?: 'user' | 'ai' }[]) {
  await signIn(page.request, { prefix, name: 'Putu Ayu' });
  const { today } = jakartaWeek();
  const dated = runs.map(({ generatedby, ...r }) => ({ generatedby, run: { date: planDate(today), ...r } }));
  // The AI's runs come from the AI (a subscribed runner, so they are open); the rest are the runner's own.
  const ai = dated.filter((r) => r.generatedby === 'ai').map((r) => r.run);
  if (ai.length) await addAiRuns(page, ai, 30);
  return addRuns(
    page,
    dated.filter((r) => r.generatedby !== 'ai').map((r) => r.run),
  );
}

test('logging a result shows the read-only plan, live pace and the four scores, and saves it', async ({ page }) => {
  await runnerWithTodayRuns(page, 'log', [{ title: 'Tempo Run', program: '8k', paceRange: "4'30 - 4'45" }]);
  await page.goto('/dashboard');
  const dialog = await openTodayRun(page, 'Tempo Run');

  await expect(dialog.getByTestId('log-run-title')).toHaveText('Tempo Run');
  await expect(dialog).toContainText('(8k)');
  await expect(dialog).toContainText("4'30 - 4'45 /km");
  await expect(dialog.getByLabel('Tanggal')).toHaveValue(jakartaWeek().today);
  const pace = dialog.getByLabel('Pace (otomatis)');
  await expect(pace).toHaveValue('--:--/km');
  await expect(pace).toHaveAttribute('readonly', '');
  for (const score of ['distance', 'pace', 'heartRate', 'total']) await expect(dialog.getByTestId(`score-${score}`)).toContainText('-');

  // Decimal comma, then mm:ss and plain seconds for time.
  await dialog.getByLabel('Jarak Lari (km)').fill('10,0');
  await dialog.getByLabel('Waktu (hh:mm:ss)').fill('3000');
  await expect(pace).toHaveValue('05:00/km');
  await dialog.getByLabel('Waktu (hh:mm:ss)').fill('50:00');
  await expect(pace).toHaveValue('05:00/km');
  await dialog.getByLabel('Rata-rata HR (bpm)').fill('150');

  // 10 of 8 km → 6; 5:00 against 4'30-4'45 → 8,9; HR 150 inside tempo's zone → 10; total (6 + 8,9 + 10) / 3 → 8,3.
  await expect(dialog.getByTestId('score-distance')).toContainText('6/ 10');
  await expect(dialog.getByTestId('score-pace')).toContainText('8,9/ 10');
  await expect(dialog.getByTestId('score-heartRate')).toContainText('10/ 10');
  await expect(dialog.getByTestId('score-total')).toContainText('8,3/ 10');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: shot('log-dialog-filled') });
  await dialog.getByTestId('score-total').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('log-dialog-scores') });
  await expectNoHorizontalOverflow(page);

  const patch = page.waitForRequest((req) => req.method() === 'PATCH');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  expect((await patch).postDataJSON()).toEqual({ trainingdistance: 10, trainingtime: 3000, traininghr: 150 });
  await expect(dialog).toHaveCount(0);
  const [saved] = await planRuns(page);
  expect(saved).toMatchObject({ trainingdistance: 10, trainingtime: 3000, traininghr: 150, trainingpace: 300 });

  // Reopened, it shows what was saved.
  const again = await openTodayRun(page, 'Tempo Run');
  await expect(again.getByLabel('Jarak Lari (km)')).toHaveValue('10');
  await expect(again.getByLabel('Waktu (hh:mm:ss)')).toHaveValue('00:50:00');
  await expect(again.getByLabel('Rata-rata HR (bpm)')).toHaveValue('150');
  await again.getByRole('button', { name: 'Batal' }).click();
  await expect(again).toHaveCount(0);
});

test('a partial result shows the all-or-none alert and disables Simpan; invalid values are refused', async ({ page }) => {
  await runnerWithTodayRuns(page, 'sebagian', [{ title: 'Easy Run', program: '5k' }]);
  await page.goto('/dashboard');
  const dialog = await openTodayRun(page, 'Easy Run');
  const simpan = dialog.getByRole('button', { name: 'Simpan' });
  await expect(simpan).toBeEnabled();

  await dialog.getByLabel('Jarak Lari (km)').fill('5');
  await expect(dialog.getByRole('alert')).toHaveText(ALL_OR_NONE);
  await expect(simpan).toBeDisabled();
  await dialog.getByLabel('Waktu (hh:mm:ss)').fill('30:00');
  await expect(simpan).toBeDisabled();
  await dialog.getByRole('alert').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('log-dialog-partial') });

  await dialog.getByLabel('Rata-rata HR (bpm)').fill('20');
  await expect(dialog.getByText(ALL_OR_NONE)).toHaveCount(0);
  await expect(dialog.getByRole('alert')).toHaveText('Data latihan tidak valid.');
  await expect(dialog.getByText('Rata-rata HR minimal 30 bpm.')).toBeVisible();
  await expect(dialog.getByLabel('Rata-rata HR (bpm)')).toHaveAttribute('aria-invalid', 'true');
  await expect(simpan).toBeDisabled();

  await dialog.getByLabel('Rata-rata HR (bpm)').fill('140');
  await dialog.getByLabel('Waktu (hh:mm:ss)').fill('30:75');
  await expect(dialog.getByText('Waktu harus berformat hh:mm:ss, mm:ss atau detik.')).toBeVisible();
  await expect(simpan).toBeDisabled();

  // Emptying everything again is allowed (no result logged).
  for (const label of ['Jarak Lari (km)', 'Waktu (hh:mm:ss)', 'Rata-rata HR (bpm)']) await dialog.getByLabel(label).fill('');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(simpan).toBeEnabled();

  // The server holds the same rule.
  const plan = (await planRuns(page))[0]!;
  const { _id: planId } = ((await (await page.request.get('/api/training-plans')).json()) as { trainingPlans: { _id: string }[] }).trainingPlans[0]!;
  const res = await page.request.patch(`/api/training-plans/${planId}/item/${plan._id}`, { data: { trainingdistance: 5 } });
  expect(res.status()).toBe(400);
  expect((await res.json()).message).toBe(ALL_OR_NONE);
});

test("an AI-made run cannot be deleted: the dialog offers no 'Hapus', the server refuses, and the run stays", async ({ page }) => {
  await runnerWithTodayRuns(page, 'hapus-ai', [{ title: 'Recovery Run', program: '4k', generatedby: 'ai' }]);
  await page.goto('/dashboard');
  const dialog = await openTodayRun(page, 'Recovery Run');
  await expect(dialog).toContainText('Dari AI Coach');
  await expect(dialog.getByRole('button', { name: 'Simpan' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Hapus' })).toHaveCount(0);
  await page.screenshot({ path: shot('log-dialog-ai-no-delete') });
  await dialog.getByRole('button', { name: 'Batal' }).click();

  const [run] = await planRuns(page);
  const res = await page.request.delete(`/api/training-plans/${run!._id}`);
  expect(res.status()).toBe(403);
  expect((await res.json()).message).toBe('Hanya bisa menghapus aktivitas yang Anda buat sendiri');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Latihan Hari Ini' }).getByRole('button', { name: /Recovery Run/ })).toBeVisible();
  expect(await planRuns(page)).toHaveLength(1);
});

test('a runner’s own run is deleted after confirming', async ({ page }) => {
  await runnerWithTodayRuns(page, 'hapus', [
    { title: 'Easy Run', program: '5k' },
    { title: 'Strides', program: '1k' },
  ]);
  await page.goto('/dashboard');
  const todayCard = page.getByRole('region', { name: 'Latihan Hari Ini' });
  let dialog = await openTodayRun(page, 'Easy Run');

  // Cancelling the confirmation keeps the run.
  await dialog.getByRole('button', { name: 'Hapus' }).click();
  let confirm = page.getByRole('dialog', { name: 'Hapus aktivitas ini?' });
  await expect(confirm).toContainText('"Easy Run" akan dihapus');
  await page.screenshot({ path: shot('log-dialog-confirm-delete') });
  await confirm.getByRole('button', { name: 'Batal' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(dialog).toBeVisible();
  expect(await planRuns(page)).toHaveLength(2);

  await dialog.getByRole('button', { name: 'Hapus' }).click();
  confirm = page.getByRole('dialog', { name: 'Hapus aktivitas ini?' });
  await confirm.getByRole('button', { name: 'Ya, hapus' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Aktivitas dihapus.')).toBeVisible();
  await expect(todayCard.getByRole('button', { name: /Easy Run/ })).toHaveCount(0);
  await expect(todayCard.getByRole('button', { name: /Strides/ })).toBeVisible();
  expect((await planRuns(page)).map((r) => (r.locked ? 'Kunci' : r.title))).toEqual(['Strides']);

  // A server failure is reported in the dialog, prefixed as the spec says.
  dialog = await openTodayRun(page, 'Strides');
  await page.route('**/api/training-plans/*', (route) =>
    route.request().method() === 'DELETE' ? route.fulfill({ status: 500, json: { message: 'Server sedang sibuk.' } }) : route.continue(),
  );
  await dialog.getByRole('button', { name: 'Hapus' }).click();
  await page.getByRole('dialog', { name: 'Hapus aktivitas ini?' }).getByRole('button', { name: 'Ya, hapus' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Gagal menghapus aktivitas: Server sedang sibuk.');
});

test('a save failure shows the server’s message, or the default one', async ({ page }) => {
  await runnerWithTodayRuns(page, 'simpan-gagal', [{ title: 'Easy Run', program: '5k' }]);
  await page.goto('/dashboard');
  const dialog = await openTodayRun(page, 'Easy Run');
  await dialog.getByLabel('Jarak Lari (km)').fill('5');
  await dialog.getByLabel('Waktu (hh:mm:ss)').fill('30:00');
  await dialog.getByLabel('Rata-rata HR (bpm)').fill('140');

  await page.route('**/api/training-plans/*/item/*', (route) => route.fulfill({ status: 403, json: { message: 'Program ini dibatasi' } }));
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Program ini dibatasi');

  await page.unroute('**/api/training-plans/*/item/*');
  await page.route('**/api/training-plans/*/item/*', (route) => route.abort());
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Gagal menyimpan hasil latihan');
  await expect(dialog).toBeVisible();
});

test('changing the date moves the run, asking first when two heavy runs would be back to back', async ({ page }) => {
  const { today } = jakartaWeek();
  const plus = (n: number) => addDays(today, n);
  await runnerWithTodayRuns(page, 'pindah', [{ title: 'Tempo Run', program: '8k' }]);
  await addRuns(page, [{ date: planDate(plus(3)), title: 'Interval 6x800', program: '6k' }]);
  await page.goto('/dashboard');

  let dialog = await openTodayRun(page, 'Tempo Run');
  await dialog.getByLabel('Tanggal').fill(plus(2));
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  const confirm = page.getByRole('dialog', { name: 'Anda akan menempatkan 2 aktivitas berat secara berurutan' });
  await expect(confirm).toContainText('Apakah anda yakin ingin melanjutkan?');
  await page.screenshot({ path: shot('log-dialog-heavy-confirm') });
  await confirm.getByRole('button', { name: 'Batalkan' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(dialog).toBeVisible();
  expect(runTitled(await planRuns(page), 'Tempo Run')!.date).toBe(planDate(today));

  await dialog.getByRole('button', { name: 'Simpan' }).click();
  const patch = page.waitForRequest((req) => req.method() === 'PATCH');
  await page.getByRole('dialog', { name: 'Anda akan menempatkan 2 aktivitas berat secara berurutan' }).getByRole('button', { name: 'Yakin' }).click();
  expect((await patch).postDataJSON()).toEqual({ date: planDate(plus(2)) });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(runTitled(await planRuns(page), 'Tempo Run')!.date).toBe(planDate(plus(2)));
  await expect(page.getByRole('region', { name: 'Latihan Hari Ini' })).toContainText('Tidak ada latihan untuk hari ini.');

  // A move with no heavy neighbour is saved straight away.
  await addRuns(page, [{ date: planDate(today), title: 'Easy Run', program: '5k' }]);
  await page.reload();
  dialog = await openTodayRun(page, 'Easy Run');
  await dialog.getByLabel('Tanggal').fill(plus(1));
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(runTitled(await planRuns(page), 'Easy Run')!.date).toBe(planDate(plus(1)));
});

const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=', 'base64');

test('the screenshot area takes a PNG/JPG up to 10 MB by click, keyboard or drop, and offers the AI analysis', async ({ page }) => {
  await runnerWithTodayRuns(page, 'gambar', [{ title: 'Easy Run', program: '5k' }]);
  await page.goto('/dashboard');
  const dialog = await openTodayRun(page, 'Easy Run');
  const input = dialog.getByLabel(/Pilih screenshot/);

  await input.setInputFiles({ name: 'jadwal.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(dialog.getByRole('alert')).toHaveText('Harap pilih file gambar yang valid');
  await input.setInputFiles({ name: 'besar.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  await expect(dialog.getByRole('alert')).toHaveText('Ukuran file terlalu besar. Maksimal 10MB');

  // Keyboard: the file input itself takes focus and opens the picker.
  await input.focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'strava-lari-pagi.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(dialog.getByTestId('screenshot-name')).toHaveText('strava-lari-pagi.png');
  await expect(dialog.getByRole('img', { name: 'Pratinjau screenshot latihan' })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByTestId('screenshot-drop').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('log-dialog-screenshot') });

  const ai = dialog.getByRole('button', { name: 'Analisis dengan AI' });
  // Reading it is e2e/ai-coach.spec.ts's journey; here the button is offered once an image is chosen.
  await expect(ai).toBeEnabled();
  await expect(dialog).not.toContainText('Segera hadir');

  await dialog.getByRole('button', { name: 'Hapus gambar' }).click();
  await expect(dialog.getByTestId('screenshot-name')).toHaveCount(0);

  // Drag and drop.
  const transfer = await page.evaluateHandle((bytes) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(bytes)], 'garmin.jpg', { type: 'image/jpeg' }));
    return dt;
  }, [...PNG_1PX]);
  await dialog.getByTestId('screenshot-drop').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(dialog.getByTestId('screenshot-name')).toHaveText('garmin.jpg');
});

test('the dialog fits the screen and scrolls inside, with the buttons always in reach', { tag: '@layout' }, async ({ page }) => {
  await runnerWithTodayRuns(page, 'muat', [{ title: 'Race Day: Jakarta Half Marathon dengan judul yang sangat panjang sekali', program: 'HM', paceRange: "5'40 - 5'50" }]);
  await page.goto('/dashboard');
  const dialog = await openTodayRun(page, 'Race Day');
  const box = (await dialog.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  for (const name of ['Batal', 'Simpan', 'Hapus']) await expect(dialog.getByRole('button', { name, exact: true })).toBeInViewport();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: shot('log-dialog-long-title') });
  // Escape closes it.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});
