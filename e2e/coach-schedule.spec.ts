import type { Locator, Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { addDays, isoToPlanDate, jakartaToday, startOfWeek } from '../src/domain/shared/wire-date';
import type { PlanList, Run } from '../src/domain/training-plan/contract';
import { expect, signIn, test, uniqueEmail } from './fixtures';
import { expectNoHorizontalOverflow } from './log-helpers';
import { pdfBomb } from '../src/server/test/fixtures/pdf-bomb';

/**
 * Ubah Jadwal (issue 14 item 2; runner-and-coach §2, §4, §5) at 1280 and 360 px: a coach picks a
 * connected runner, adds a run, uploads a PDF schedule, previews and saves it; the runner sees those
 * runs on their own calendar. The connection comes from the development shortcut (dev-login only).
 */
const isPhone = () => test.info().project.name === 'phone';
const today = jakartaToday();
const day = (offset: number) => addDays(today, offset);

async function schedulePdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => page.drawText(line, { x: 40, y: 800 - i * 22, size: 11, font }));
  return Buffer.from(await pdf.save());
}

async function openUbahJadwal(page: Page) {
  await page.goto('/dashboard');
  if (isPhone()) await page.getByRole('button', { name: 'Buka menu' }).click();
  await page.getByRole('navigation', { name: 'Menu dasbor' }).getByRole('button', { name: 'Ubah Jadwal' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ubah Jadwal');
}

test('a coach plans a connected runner: picks them, adds a run, uploads a PDF schedule, and the runner sees it', async ({ page, loginAs, browser }) => {
  const shot = (name: string) => page.screenshot({ path: `/tmp/sched-${name}-${test.info().project.name}.png`, fullPage: true });
  const runnerEmail = uniqueEmail('pelari-jadwal');
  const runner = await signIn(page.context().request, { email: runnerEmail, name: 'Rani Jadwal' });
  // The runner's sign-in used the page's cookies: the coach signs in after it, over them.
  await loginAs({ prefix: 'pelatih-jadwal', role: 'coach', name: 'Budi Pelatih' });

  // Before any runner is connected.
  await openUbahJadwal(page);
  await expect(page.getByText('Belum ada pelari yang terhubung')).toBeVisible();

  const connected = await page.request.post('/api/dev/coaching/connections', { data: { runnerEmail, weeks: 8 } });
  expect(connected.status(), await connected.text()).toBe(201);
  await page.reload();
  await openUbahJadwal(page);

  const select = page.getByRole('combobox', { name: 'Pilih pelari' });
  await expect(select.locator('option').first()).toHaveText('-- Pilih Pelari --');
  await expect(page.getByText('Pilih pelari untuk melihat jadwal latihannya.')).toBeVisible();
  await select.selectOption({ label: `Rani Jadwal — ${runnerEmail}` });
  const info = page.getByTestId('connection-info');
  await expect(info).toContainText('Slot gratis');
  await expect(info).toContainText('Aktif');
  await expect(info).toContainText('Berlaku hingga');
  // The coach's calendar of the runner: no runner profile card, no export of the coach's own feed.
  const upcoming = page.getByRole('region', { name: 'Latihan mendatang' });
  await expect(upcoming.getByText('Tidak ada latihan mendatang.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ekspor ke Google Calendar' })).toHaveCount(0);
  await shot('selected');

  // Buat Jadwal: a coach's run.
  await upcoming.getByRole('button', { name: 'Tambah Jadwal' }).click();
  const create = page.getByRole('dialog', { name: 'Buat Jadwal' });
  await expect(create).toContainText('Tambahkan latihan ke kalender pelari.');
  await create.getByLabel('Tanggal').fill(day(1));
  await create.getByLabel('Judul').fill('Easy Run');
  await create.getByLabel('Program').fill('5k');
  await create.getByRole('button', { name: 'Simpan Jadwal' }).click();
  await expect(create).toBeHidden();
  await expect(upcoming.getByRole('listitem').filter({ hasText: 'Easy Run' })).toContainText('(5k)');

  // Unggah Jadwal: a PDF, a preview, then saved (the runner has a plan now: it is replaced).
  await page.getByRole('button', { name: 'Unggah Jadwal' }).click();
  const upload = page.getByRole('dialog', { name: 'Unggah Jadwal' });
  const fileInput = upload.getByLabel('File jadwal');
  await fileInput.setInputFiles({ name: 'catatan.txt', mimeType: 'text/plain', buffer: Buffer.from('bukan jadwal') });
  await expect(upload.getByText('Format file harus PNG, JPG, atau PDF')).toBeVisible();
  await expect(upload.getByRole('button', { name: 'Baca Jadwal' })).toBeDisabled();

  const pdf = await schedulePdf([
    'Jadwal Latihan Rani',
    'Tanggal   Latihan   Program   Pace',
    `${isoToPlanDate(day(2))}   Tempo Run   (8k)   5'00 - 5'15`,
    `${isoToPlanDate(day(4)).replace(/-/g, '/')}   Recovery Run   30 menit   6:30-7:00`,
    `${isoToPlanDate(day(6))}   Long Run   (16k)`,
  ]);
  await fileInput.setInputFiles({ name: 'jadwal.pdf', mimeType: 'application/pdf', buffer: pdf });
  await upload.getByRole('button', { name: 'Baca Jadwal' }).click();
  const preview = upload.getByTestId('schedule-preview');
  await expect(preview.getByRole('listitem')).toHaveCount(3);
  await expect(preview.getByRole('listitem').nth(0)).toContainText('Tempo Run');
  await expect(preview.getByRole('listitem').nth(0)).toContainText("(8k) · 5'00 - 5'15 /km");
  await expect(preview.getByRole('listitem').nth(1)).toContainText("(30 menit) · 6'30 - 7'00 /km");
  await shot('preview');
  await upload.getByRole('button', { name: 'Simpan Jadwal' }).click();
  await expect(upload).toBeHidden();
  await expect(page.getByTestId('toast').filter({ hasText: '3 latihan disimpan ke jadwal Rani Jadwal.' })).toBeVisible();
  for (const title of ['Tempo Run', 'Recovery Run', 'Long Run']) await expect(upcoming.getByRole('listitem').filter({ hasText: title })).toBeVisible();
  // Replacing: the coach's earlier run is gone.
  await expect(upcoming.getByRole('listitem').filter({ hasText: 'Easy Run' })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await shot('saved');

  // The runner's own calendar, in another browser.
  const runnerSession = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: page.viewportSize()!, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  const runnerPage = await runnerSession.newPage();
  await signIn(runnerPage.request, { email: runnerEmail });
  await runnerPage.goto('/dashboard#calendar');
  const runnerUpcoming = runnerPage.getByRole('region', { name: 'Latihan mendatang' });
  for (const title of ['Tempo Run', 'Recovery Run', 'Long Run']) await expect(runnerUpcoming.getByRole('listitem').filter({ hasText: title })).toBeVisible();
  const plan = (await (await runnerPage.request.get('/api/training-plans')).json()) as PlanList;
  expect((plan.trainingPlans[0]!.trainingPlan as Run[]).map((r) => [r.title, r.generatedby])).toEqual([
    ['Tempo Run', 'coach'],
    ['Recovery Run', 'coach'],
    ['Long Run', 'coach'],
  ]);
  expect(runner.user._id).toBeTruthy();
  await runnerSession.close();
});

const tick = (control: Locator) => control.locator('xpath=..').click();

test('a coach builds an AI programme for a runner without a subscription, saved as the coach\'s runs', async ({ page, loginAs }) => {
  test.setTimeout(90_000);
  const runnerEmail = uniqueEmail('pelari-ai-pelatih');
  const runner = await signIn(page.context().request, { email: runnerEmail, name: 'Tono AI' });
  await loginAs({ prefix: 'pelatih-ai', role: 'coach', name: 'Citra Pelatih' });
  expect((await page.request.post('/api/dev/coaching/connections', { data: { runnerEmail } })).status()).toBe(201);
  await openUbahJadwal(page);
  await page.getByRole('combobox', { name: 'Pilih pelari' }).selectOption({ label: `Tono AI — ${runnerEmail}` });

  const card = page.getByTestId('ai-coach-card');
  await expect(card).toContainText('AI Coach untuk pelari');
  await card.getByRole('button', { name: 'Buat Program dengan AI' }).click();
  const form = page.getByRole('dialog', { name: 'Buat Program Latihan dengan AI' });
  await expect(form).toBeVisible();
  const raceDay = addDays(startOfWeek(today), 5 * 7 + 6);
  await form.getByLabel('Umur').fill('29');
  await form.getByRole('radio', { name: 'Laki-laki' }).check();
  await form.getByLabel('Pengalaman lari').selectOption('1-3 Tahun');
  await form.getByLabel('Kemampuan lari').selectOption('Menengah');
  await form.getByLabel('Jarak 1').selectOption('10K');
  await form.getByLabel('Waktu 1').fill('00:55:00');
  await form.getByLabel('Jarak mingguan (km)').fill('20');
  await form.getByLabel('Lari terjauh (km)').fill('10');
  await form.getByRole('radio', { name: /Race Selanjutnya/ }).check();
  await form.getByLabel('Tanggal race').fill(raceDay);
  await form.getByLabel('Kategori target race').selectOption('10K');
  await form.getByLabel('Target waktu').fill('00:52:00');
  for (const d of ['Selasa', 'Kamis', 'Minggu']) await tick(form.getByRole('checkbox', { name: d }));
  await tick(form.getByRole('group', { name: /Hari long run/ }).getByRole('radio', { name: 'Minggu' }));
  await form.getByRole('radio', { name: 'Tidak' }).check();
  const created = page.waitForResponse((res) => res.url().endsWith(`/api/coach/runner/${runner.user._id}/ai/createplan`));
  await form.getByRole('button', { name: 'Buat Program' }).click();
  expect((await created).status()).toBe(200);
  const preview = page.getByRole('dialog', { name: 'Hasil Program AI' });
  await expect(preview).toBeVisible();
  await page.screenshot({ path: `/tmp/sched-ai-preview-${test.info().project.name}.png` });
  const saved = page.waitForResponse((res) => /\/api\/coach\/runner\/[^/]+\/ai\/drafts\/[^/]+\/save$/.test(res.url()));
  await preview.getByRole('button', { name: 'Simpan' }).click();
  expect((await saved).status()).toBe(200);
  await expect(preview).toHaveCount(0);

  // The runner, who has no subscription, gets the whole programme as their coach's runs (nothing locked).
  const runs = (((await (await page.request.get('/api/training-plans', { headers: runner.headers })).json()) as PlanList).trainingPlans[0]!.trainingPlan);
  expect(runs.length).toBeGreaterThan(5);
  expect(runs.every((r) => r.generatedby === 'coach' && r.locked === false)).toBe(true);
  await expect(page.getByRole('region', { name: 'Latihan mendatang' }).getByRole('listitem').first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test('a schedule PDF beyond the reader\'s limits is refused with its reason in the dialog (issue 26 §6)', async ({ page, loginAs }) => {
  const runnerEmail = uniqueEmail('pelari-bom');
  await signIn(page.context().request, { email: runnerEmail, name: 'Rina Bom' });
  await loginAs({ prefix: 'pelatih-bom', role: 'coach' });
  expect((await page.request.post('/api/dev/coaching/connections', { data: { runnerEmail } })).status()).toBe(201);
  await openUbahJadwal(page);
  await page.getByRole('combobox', { name: 'Pilih pelari' }).selectOption({ label: `Rina Bom — ${runnerEmail}` });
  await page.getByRole('button', { name: 'Unggah Jadwal' }).click();
  const upload = page.getByRole('dialog', { name: 'Unggah Jadwal' });
  // 31 pages: over the page limit, so the worker answers at once (the time limit is 10 s).
  await upload.getByLabel('File jadwal').setInputFiles({ name: 'jadwal.pdf', mimeType: 'application/pdf', buffer: pdfBomb({ pages: 31, ops: 1 }) });
  const answered = page.waitForResponse((res) => res.url().endsWith('/training-plans/schedule/parse'));
  await upload.getByRole('button', { name: 'Baca Jadwal' }).click();
  expect((await answered).status()).toBe(422);
  await expect(upload.getByText('File jadwal terlalu besar atau rumit untuk dibaca (maksimal 30 halaman). Unggah jadwal yang lebih ringkas.')).toBeVisible();
  await expect(upload.getByTestId('schedule-preview')).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `/tmp/workers-schedule-422-${test.info().project.name}.png` });
});
