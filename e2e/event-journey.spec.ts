import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error plain .mjs helper shared with the npm scripts
import { chromiumPath } from '../scripts/chromium-path.mjs';
import { chromiumArgs } from '../playwright.config';
import { toJakartaLocalInput } from '../src/domain/events/event-form';
import { expect, test, uniqueEmail } from './fixtures';
import { openEventList, qrFrame, snap, tagOf, writeY4m } from './organizer-tools-helpers';

/**
 * The whole event journey of issue 4, in one browser, through the screens people use: an organizer
 * creates an event, an admin accepts it, a runner registers and pays at the sandbox checkout, and
 * the organizer finds the runner, downloads the CSV, scans the runner's QR code with the camera
 * (Chromium's fake camera plays a video of it) and hands out the racepack, once.
 */
const video = path.join(os.tmpdir(), `derap-journey-camera-${process.pid}.y4m`);
// The fake camera needs its file when the browser starts; the runner's QR is written into it later,
// before the camera is switched on (Chromium opens the file when capture starts).
writeY4m(video, qrFrame('placeholder'), 640, 480);
test.use({
  launchOptions: {
    executablePath: chromiumPath() ?? undefined,
    args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  },
});

const DAY = 86_400_000;
const local = (days: number, hour: number) => toJakartaLocalInput(new Date(Date.now() + days * DAY)).slice(0, 11) + `${String(hour).padStart(2, '0')}:00`;

test('organizer creates, admin accepts, runner registers and pays, organizer exports and scans the racepack', async ({ page, loginAs, browser }, testInfo) => {
  test.setTimeout(120_000);
  const tag = tagOf();
  const name = `Derap Journey Run ${tag}`;
  const code = `djr-${tag}`;
  const organizerEmail = uniqueEmail('penyelenggara');
  const runnerEmail = `wayan.${tag}@gmail.com`;

  // 1. The organizer creates the event.
  await loginAs({ email: organizerEmail, name: 'Siti Penyelenggara', role: 'organizer' });
  await openEventList(page);
  await page.getByRole('button', { name: 'Buat Event' }).first().click();
  const form = page.getByRole('dialog', { name: 'Buat Event Baru' });
  const field = (label: string) => form.getByLabel(label, { exact: true });
  await field('Nama Event').fill(name);
  await field('Deskripsi').fill('Lari pagi 10K keliling Kota Tua.');
  await field('Kode Event').fill(code);
  await field('Lokasi').fill('Kota Tua, Jakarta');
  // Today 00:00 Jakarta: allowed (not before today) and already open.
  await field('Pendaftaran Dibuka').fill(local(0, 0));
  await field('Pendaftaran Ditutup').fill(local(20, 21));
  await field('Tanggal Event').fill(local(30, 5));
  await field('Nama Kategori').fill('10K');
  await field('Harga (Rp)').fill('175000');
  await field('Slot').fill('200');
  await form.getByRole('checkbox', { name: 'GoPay' }).check();
  await form.getByRole('checkbox', { name: 'QRIS' }).check();
  await form.getByRole('button', { name: 'Buat Event' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('event-row').filter({ hasText: name })).toContainText('Diajukan');

  // Not public until an admin accepts it.
  expect((await page.request.get(`/api/events/status?status=diterima`)).ok()).toBe(true);
  const hidden = await browser.newContext();
  expect((await hidden.request.get(`${testInfo.project.use.baseURL}/api/events/${code}`)).status()).toBe(404);

  // 2. The admin accepts it.
  await loginAs({ role: 'admin', name: 'Admin Uji' });
  await page.goto('/admin?tab=event');
  const adminRow = page.getByTestId('admin-event-row').filter({ hasText: name });
  await adminRow.getByRole('button', { name: `Terima ${name}` }).click();
  await page.getByRole('dialog', { name: 'Ubah status event' }).getByRole('button', { name: 'Ya, Terima' }).click();
  await expect(page.getByText(`Status "${name}" sekarang Diterima.`)).toBeVisible();

  // 3. A runner, not signed in, registers from the public list and pays at the checkout.
  const runner = await browser.newContext({ viewport: page.viewportSize()!, locale: 'id-ID', timezoneId: 'Asia/Jakarta', hasTouch: testInfo.project.name === 'phone' });
  await hidden.close();
  const r = await runner.newPage();
  await r.goto(`${testInfo.project.use.baseURL}/registration`);
  const card = r.getByRole('article').filter({ has: r.getByRole('heading', { name }) });
  await card.getByRole('link', { name: `Daftar Sekarang: ${name}` }).click();
  await expect(r.getByRole('heading', { level: 1, name })).toBeVisible();
  await r.getByLabel('Email').fill(runnerEmail);
  await r.getByLabel('Nomor Telepon').fill('+6281234500077');
  await r.getByLabel('Nama Lengkap').fill('I Wayan Sudarsana');
  await r.getByLabel('Nama BIB').fill('WAYAN');
  await r.getByLabel('Golongan Darah').selectOption('A+');
  await r.getByLabel('Ukuran Kaos').selectOption('L');
  await r.getByLabel('Jenis Kelamin').selectOption('Laki-laki');
  await r.getByLabel('Tanggal Lahir').fill('1988-06-02');
  await r.getByLabel('Jenis Identitas').selectOption('KTP');
  await r.getByLabel('Nomor Identitas').fill('5171020206880001');
  await r.getByLabel('Nama Kontak Darurat').fill('Ni Kadek Ayu');
  await r.getByLabel('Nomor Kontak Darurat').fill('081337700011');
  await r.getByRole('radio', { name: /10K/ }).check();
  await r.getByRole('checkbox', { name: /menyetujui seluruh Syarat & Ketentuan/ }).check();
  await r.getByRole('radio', { name: 'QRIS' }).check();
  await expect(r.getByText('Rp185.000').first()).toBeVisible();
  await r.getByRole('button', { name: 'Lanjutkan Pembayaran' }).click();
  await r.waitForURL(/\/api\/payments\/sandbox\//, { timeout: 10_000 });
  await r.getByRole('button', { name: 'Bayar', exact: true }).click();
  await r.waitForURL(/\/registration-success\?id=REG-/);
  await expect(r.getByRole('heading', { name: 'Pendaftaran Berhasil!' })).toBeVisible();
  const registrationId = (await r.getByTestId('registration-id').textContent())!.trim();
  await runner.close();

  // The confirmation mail carries the QR value; the admin outbox shows what was sent.
  const outbox = await page.request.get('/api/admin/mail-outbox');
  const mail = ((await outbox.json()).data as { to: string; text: string }[]).find((m) => m.to === runnerEmail);
  const qrToken = /kepada panitia: (\S+)/.exec(mail!.text)![1]!;
  expect(qrToken).not.toContain(registrationId);

  // 4. The organizer finds the runner and downloads the CSV.
  await loginAs({ email: organizerEmail, name: 'Siti Penyelenggara', role: 'organizer' });
  await openEventList(page);
  const row = page.getByTestId('event-row').filter({ hasText: name });
  await expect(row).toContainText('Diterima');
  await page.getByRole('button', { name: `Aksi untuk ${name}` }).click();
  await page.getByRole('menu', { name: `Aksi untuk ${name}` }).getByRole('menuitem', { name: 'Data Pelari' }).click();
  const data = page.getByRole('dialog', { name: `Data Pelari - ${name}` });
  await data.getByRole('searchbox').fill('wayan');
  // A table row on a desktop, a card on a phone.
  await expect(data.locator('[data-testid="runner-row"], [data-testid="runner-data-card"]').filter({ hasText: 'I Wayan Sudarsana' })).toContainText(registrationId);
  await data.getByRole('button', { name: 'Unduh CSV' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), data.getByRole('link', { name: /Pemisah koma \(,\)/ }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^Derap Journey Run ${tag}-\\d{2}-\\d{2}-\\d{4}\\.csv$`));
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain('I Wayan Sudarsana');
  expect(csv).toContain(registrationId);
  await snap(page, 'journey-runner-data');
  await page.keyboard.press('Escape');

  // 5. The racepack desk scans the runner's QR code with the camera and hands the racepack out, once.
  writeY4m(video, qrFrame(qrToken), 640, 480);
  await page.getByRole('button', { name: 'Scan QR' }).click();
  const scan = page.getByRole('dialog', { name: 'Scan QR Pelari' });
  await scan.getByRole('button', { name: 'Kamera' }).click();
  const cardOf = scan.getByTestId('runner-card');
  await expect(cardOf).toContainText('I Wayan Sudarsana', { timeout: 15_000 });
  await expect(cardOf).toContainText(registrationId);
  await snap(page, 'journey-scan');
  await cardOf.getByRole('button', { name: 'Racepack Diambil' }).click();
  await page.getByRole('dialog', { name: 'Serahkan racepack?' }).getByRole('button', { name: 'Ya, Serahkan' }).click();
  await expect(scan.getByText('Racepack berhasil diambil.')).toBeVisible();
  await expect(cardOf).toContainText('Racepack diambil');

  // Scanning the same code again (hand-held scanner this time) says it was already taken, and when.
  await scan.getByRole('button', { name: 'Alat Pemindai' }).click();
  const input = scan.getByLabel('Nilai QR code');
  await input.fill(qrToken);
  await input.press('Enter');
  await expect(scan.getByText('Racepack sudah diambil.')).toBeVisible();
  await expect(scan.getByText(/Racepack sudah diambil pada .+ pukul \d{2}\.\d{2} WIB\./)).toBeVisible();
  await expect(scan.getByRole('button', { name: 'Racepack Diambil' })).toHaveCount(0);
  await snap(page, 'journey-scan-again');
  const again = await page.request.patch(`/api/runner-registrations/${encodeURIComponent(qrToken)}/racepack`, { data: { racePackStatus: 'racepack_collected' } });
  expect(again.status()).toBe(409);
});
