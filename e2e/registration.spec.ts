import QRCode from 'qrcode';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAcceptedEvent, fillRunner } from './registration-helpers';
import { solvedChallenge } from './registration-challenge';
import { seriousViolations } from './axe';

/**
 * A runner registers for an accepted platform event: public list → form (validation, full
 * category) → 5-second countdown → sandbox checkout "Bayar" → /registration-success, and the
 * confirmation with its QR code is in the mail outbox. The event is created through the API as an
 * organizer and accepted by an admin, like in real life.
 */

/** Collects Content-Security-Policy violations (the server sends its policy on every page). */
async function withAppCsp(page: Page) {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

test('a runner registers, pays at the checkout and gets the confirmation mail', async ({ page, request }, testInfo) => {
  const cspViolations = await withAppCsp(page);
  const name = `Jakarta Pagi Run ${testInfo.project.name} ${Date.now() % 100000}`;
  const event = await createAcceptedEvent(request, name);
  // Someone already took the only 5K slot.
  const taken = await request.post('/api/runner-registrations', {
    data: {
      ...(await solvedChallenge(request)),
      eventId: event.code,
      categoryId: '5k',
      paymentMethod: 'gopay',
      runnerData: {
        fullName: 'Pelari Cepat',
        email: 'cepat@gmail.com',
        phone: '081200000000',
        bibName: 'CEPAT',
        bloodType: 'O+',
        tshirtSize: 'M',
        sex: 'Laki-laki',
        dob: '01-01-1990',
        identityType: 'KTP',
        identityNo: '3174000000009999',
        emergencyName: 'Keluarga',
        emergencyContact: '081200000001',
      },
    },
  });
  expect(taken.status()).toBe(201);

  await page.goto('/registration');
  await expect(page.getByRole('heading', { name: 'Temukan Event Larimu DISINI' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Daftar Lomba Tersedia' })).toBeVisible();
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Monas, Jakarta Pusat')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/registration-list-${testInfo.project.name}.png`, fullPage: false });
  await card.getByRole('link', { name: `Daftar Sekarang: ${name}` }).click();

  await expect(page).toHaveURL(new RegExp(`/register/${event.code}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Lanjutkan Pembayaran' });
  // Never disabled: a submit says what is missing (registration-finish.spec.ts walks the summary).
  await expect(submit).toBeEnabled();

  // the email is checked on blur, with the spec's messages
  const email = page.getByLabel('Email');
  await email.fill('putu@gmial.com');
  await email.blur();
  await expect(page.getByText('Domain mungkin salah eja, maksud Anda putu@gmail.com?')).toBeVisible();
  await email.fill('putu@gmailcom');
  await email.blur();
  await expect(page.getByText('Domain mungkin salah eja, maksud Anda putu@gmail.com?')).toBeVisible();
  await email.fill('putu.saraswati@gmail');
  await email.blur();
  await expect(page.getByText('Domain harus memiliki ekstensi (misalnya .com, .org)')).toBeVisible();
  await email.fill('');
  await email.blur();
  await expect(page.getByText('Email wajib diisi')).toBeVisible();

  await fillRunner(page, 'putu.saraswati@gmail.com');
  await expect(page.getByText('Email wajib diisi')).toHaveCount(0);

  // category, payment method and terms are still to choose: the summary names them, the category gets the focus
  await submit.click();
  const summary = page.getByTestId('error-summary');
  await expect(summary).toContainText('Ada 3 isian yang perlu diperbaiki');
  await expect(summary.getByRole('link')).toHaveText(['Kategori Lomba', 'Metode Pembayaran', 'Syarat & Ketentuan']);
  await expect(page.getByRole('radio', { name: /10K/ })).toBeFocused();

  // the full category cannot be chosen
  const fiveK = page.getByRole('radio', { name: /5K/ });
  await expect(fiveK).toBeDisabled();
  await expect(page.locator('label').filter({ has: fiveK }).getByText('Slot Habis')).toBeVisible();
  await page.getByRole('radio', { name: /10K/ }).check();
  await expect(page.getByText('Rp195.000')).toBeVisible();
  await page.getByRole('checkbox', { name: /menyetujui seluruh Syarat & Ketentuan/ }).check();
  await expect(summary.getByRole('link')).toHaveText(['Metode Pembayaran']);
  await expect(page.getByText('Anda harus memilih metode pembayaran terlebih dahulu.', { exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'BNI Virtual Account' }).check();
  await expect(summary).toHaveCount(0);
  // The proof of work was solved in a Web Worker while the form was filled in, under the app's CSP.
  await expect(page.getByTestId('challenge-status')).toHaveText('Terverifikasi', { timeout: 20_000 });
  await page.getByTestId('challenge-status').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/registration-verified-${testInfo.project.name}.png` });
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `/tmp/registration-form-${testInfo.project.name}.png`, fullPage: true });

  await submit.click();
  const dialog = page.getByRole('dialog', { name: 'Menuju Halaman Pembayaran' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Rp195.000')).toBeVisible();
  const countdown = dialog.getByTestId('countdown');
  await expect(countdown).toHaveText(/^[3-5]$/);
  // How long the slot is held while the runner pays (REGISTRATION_HOLD_MINUTES, 15 by default).
  await expect(dialog.getByRole('timer')).toHaveText(/^1[45]:\d{2}$/);
  await page.screenshot({ path: `/tmp/registration-countdown-${testInfo.project.name}.png` });
  // it really counts down, then leaves for the checkout on its own
  await expect(countdown).toHaveText(/^[0-2]$/, { timeout: 5_000 });
  await page.waitForURL(/\/api\/payments\/sandbox\//, { timeout: 8_000 });
  await expect(page.getByText('Rp195.000')).toBeVisible();
  await page.getByRole('button', { name: 'Bayar', exact: true }).click();

  await page.waitForURL(/\/registration-success\?id=REG-/);
  await expect(page.getByRole('heading', { name: 'Pendaftaran Berhasil!' })).toBeVisible();
  await expect(page.getByText(/periksa folder spam/)).toBeVisible();
  const registrationId = (await page.getByTestId('registration-id').textContent())!;
  expect(registrationId).toMatch(/^REG-[A-Z2-7]{10}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `/tmp/registration-success-${testInfo.project.name}.png`, fullPage: true });

  const outbox = await request.get('/api/admin/mail-outbox', { headers: event.admin });
  expect(outbox.ok()).toBeTruthy();
  const { data } = (await outbox.json()) as { data: { to: string; subject: string; text: string; attachments: { contentType: string }[] }[] };
  const mail = data.find((m) => m.subject.includes(registrationId));
  expect(mail).toBeTruthy();
  expect(mail!.to).toBe('putu.saraswati@gmail.com');
  expect(mail!.text).toContain(name);
  expect(mail!.text).toContain('Rp195.000');
  expect(mail!.text).toContain('PUTU');
  expect(mail!.attachments[0]!.contentType).toBe('image/png');
  // Under the server's own Content-Security-Policy: scripts, fonts, the solver's worker and its
  // requests are all allowed.
  expect(cspViolations).toEqual([]);
});

test('registering twice resumes the first registration, and a denied payment is paid again on the same one', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const name = `Medan Sunday Run ${testInfo.project.name} ${Date.now() % 100000}`;
  const event = await createAcceptedEvent(request, name, { categories: [{ name: '10K', description: 'Rute kota', price: 185000, slots: 100 }] });
  const email = `sari.${testInfo.project.name}.${Date.now() % 100000}@gmail.com`;
  const register = async () => {
    await page.goto(`/register/${event.code}`);
    await fillRunner(page, email);
    await page.getByRole('radio', { name: /10K/ }).check();
    await page.getByRole('radio', { name: 'GoPay' }).check();
    await page.getByRole('checkbox', { name: /menyetujui seluruh Syarat & Ketentuan/ }).check();
    await page.getByRole('button', { name: 'Lanjutkan Pembayaran' }).click();
    return page.getByRole('dialog', { name: 'Menuju Halaman Pembayaran' });
  };

  // First attempt: the runner cancels the redirect; the page keeps the way back, with the time left.
  const first = await register();
  const firstId = (await first.getByText(/^ID pendaftaran REG-/).textContent())!.replace('ID pendaftaran ', '').trim();
  await first.getByRole('button', { name: 'Batal' }).click();
  const held = page.getByRole('status').filter({ hasText: `Pendaftaran ${firstId} menunggu pembayaran.` });
  await expect(held.getByRole('link', { name: 'Coba bayar lagi' })).toBeVisible();
  await expect(held.getByRole('timer')).toHaveText(/^1[45]:\d{2}$/);
  await held.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/registration-held-${testInfo.project.name}.png`, fullPage: false });

  // Later (the page reloaded; this tab still knows the held registration) the runner sends the form again: same registration, no new slot.
  const second = await register();
  await expect(second.getByText(`ID pendaftaran ${firstId}`)).toBeVisible();
  await expect(second.getByText('Anda sudah terdaftar dan pendaftaran itu belum dibayar.')).toBeVisible();
  await expect(second.getByRole('timer')).toHaveText(/^1[45]:\d{2}$/);
  // The dialog leaves for the checkout by itself after 5 seconds; on a loaded machine that can come
  // in the middle of the accessibility check (the same dialog is checked in the first test), so a
  // check cut short by that navigation is not a failure.
  const violations = await seriousViolations(page).catch(async (error: unknown) => {
    if (!/context was destroyed|navigat/i.test(String(error))) throw error;
    await page.waitForURL(/\/api\/payments\/sandbox\//);
    return [];
  });
  expect(violations).toEqual([]);

  // The payment is denied: the success page says so and offers to pay again on the same registration.
  await page.waitForURL(/\/api\/payments\/sandbox\//);
  await page.getByRole('button', { name: 'Gagalkan pembayaran' }).click();
  await page.waitForURL(/\/registration-success\?id=REG-.*transaction_status=deny/);
  await expect(page.getByRole('heading', { name: 'Pembayaran Belum Berhasil' })).toBeVisible();
  await expect(page.getByText(/slot Anda masih kami simpan/)).toBeVisible();
  await expect(page.getByTestId('registration-id')).toHaveText(firstId);
  await expect(page.getByRole('timer')).toHaveText(/^1[45]:\d{2}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `/tmp/registration-failed-${testInfo.project.name}.png`, fullPage: true });
  await page.getByRole('link', { name: 'Coba Bayar Lagi' }).click();
  await page.waitForURL(/\/api\/payments\/sandbox\//);
  await expect(page.getByText('Pembayaran sebelumnya gagal. Anda dapat mencoba lagi.')).toBeVisible();
  await page.getByRole('button', { name: 'Bayar', exact: true }).click();
  await page.waitForURL(/\/registration-success\?id=REG-/);
  await expect(page.getByRole('heading', { name: 'Pendaftaran Berhasil!' })).toBeVisible();
  await expect(page.getByTestId('registration-id')).toHaveText(firstId);

  // One slot taken, paid; nothing held.
  const admin = event.admin;
  const list = await request.get('/api/admin/events', { headers: admin });
  const row = ((await list.json()) as { events: { _id: string; participants: number; pendingPayment: number; categories: { sold: number }[] }[] }).events.find((e) => e._id === event._id)!;
  expect(row).toMatchObject({ participants: 1, pendingPayment: 0, categories: [{ sold: 1 }] });
});

test('the registration page explains unknown events and links back to the list', async ({ page }) => {
  await page.goto('/register/tidak-ada-event-ini');
  await expect(page.getByRole('alert').getByText('Event dengan kode tersebut tidak ditemukan.')).toBeVisible();
  await page.getByRole('link', { name: 'Kembali ke daftar event' }).click();
  await expect(page).toHaveURL(/\/registration$/);
});

test('self-managed payment: the organizer QR and instructions, then the runner sends the proof of transfer', async ({ page, request, baseURL }, testInfo) => {
  const name = `Bandung Trail ${testInfo.project.name} ${Date.now() % 100000}`;
  const event = await createAcceptedEvent(request, name, {
    paymentType: 'self_managed',
    paymentOptions: [],
    paymentInstruction: { qrImage: `${baseURL}/event-default.svg`, instructions: 'Scan QRIS di atas, lalu simpan bukti transfer.' },
    categories: [{ name: 'Trail 21K', price: 250000, slots: 50 }],
  });
  await page.goto(`/register/${event.code}`);
  await fillRunner(page, 'ayu.trail@yahoo.co.id');
  await page.getByRole('radio', { name: /Trail 21K/ }).check();
  await page.getByRole('checkbox', { name: /menyetujui seluruh Syarat & Ketentuan/ }).check();
  await expect(page.getByRole('radio', { name: 'BNI Virtual Account' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Lanjutkan Pembayaran' }).click();

  const dialog = page.getByRole('dialog', { name: 'Selesaikan Pembayaran' });
  await expect(dialog.getByText('Rp260.000')).toBeVisible();
  await expect(dialog.getByText('Scan QRIS di atas, lalu simpan bukti transfer.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Perbesar kode QR pembayaran' }).click();
  await expect(page.getByRole('dialog', { name: 'Kode QR Pembayaran' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `/tmp/registration-self-managed-${testInfo.project.name}.png` });
  // Closing the dialog before confirming keeps the registration reachable (its slot is held).
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  const waiting = page.getByRole('status').filter({ hasText: /Pendaftaran REG-\w+ menunggu konfirmasi pembayaran\./ });
  await expect(waiting).toBeVisible();
  await waiting.getByRole('button', { name: 'konfirmasi pembayaran' }).click();
  await expect(dialog).toBeVisible();
  // 'Saya Sudah Membayar' needs the proof of transfer.
  const confirm = dialog.getByRole('button', { name: 'Saya Sudah Membayar & Konfirmasi Pendaftaran' });
  await confirm.click();
  await expect(dialog.getByText('Unggah bukti transfer (foto atau tangkapan layar) sebelum menekan Saya Sudah Membayar.')).toBeVisible();
  await expect(dialog.getByLabel('Bukti transfer', { exact: true })).toBeFocused();
  // A document is refused in the browser already (the server checks the content again).
  await dialog.getByLabel('Bukti transfer', { exact: true }).setInputFiles({ name: 'bukti.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') });
  await expect(dialog.getByText('Bukti transfer harus berupa gambar (PNG, JPG, WEBP).')).toBeVisible();
  const proof = await QRCode.toBuffer('Transfer BCA Rp260.000 berhasil', { type: 'png', width: 240 });
  await dialog.getByLabel('Bukti transfer', { exact: true }).setInputFiles({ name: 'bukti-transfer.png', mimeType: 'image/png', buffer: proof });
  await expect(dialog.getByTestId('proof-file-name')).toHaveText('bukti-transfer.png');
  await expect(dialog.getByRole('img', { name: 'Pratinjau bukti transfer' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `/tmp/registration-self-managed-proof-${testInfo.project.name}.png` });
  await confirm.click();

  // Not a success with a QR code: the payment waits for the organizer.
  // The runner lands on their own link: it carries the key that lets them replace the proof (issue 26 §5).
  await page.waitForURL(/\/registration-payment\/REG-\w+\?key=[\w-]{22}$/);
  await expect(page.getByRole('heading', { name: 'Menunggu Verifikasi Panitia' })).toBeVisible();
  await expect(page.getByText(/Bukti transfer Anda sudah kami terima pada \d{1,2} \S+ \d{4} pukul \d{2}\.\d{2} WIB/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pendaftaran Berhasil!' })).toHaveCount(0);
  const registrationId = (await page.getByTestId('registration-id').textContent())!;
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `/tmp/registration-awaiting-${testInfo.project.name}.png`, fullPage: true });

  // While it waits, the proof may be replaced.
  await page.getByRole('button', { name: 'Ganti bukti transfer' }).click();
  await page.getByLabel('Bukti transfer', { exact: true }).setInputFiles({ name: 'bukti-ulang.png', mimeType: 'image/png', buffer: proof });
  await page.getByRole('button', { name: 'Kirim Bukti Baru' }).click();
  await expect(page.getByRole('button', { name: 'Ganti bukti transfer' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Menunggu Verifikasi Panitia' })).toBeVisible();

  // No confirmation mail (and so no racepack QR) before the organizer verifies.
  const outbox = await request.get('/api/admin/mail-outbox', { headers: event.admin });
  const { data } = (await outbox.json()) as { data: { subject: string }[] };
  expect(data.some((m) => m.subject.includes(registrationId))).toBe(false);
});

test('before registration opens the page says when it will', async ({ page, request }, testInfo) => {
  const day = 86_400_000;
  const name = `Surabaya Night Run ${testInfo.project.name} ${Date.now() % 100000}`;
  const event = await createAcceptedEvent(request, name, {
    regOpen: new Date(Date.now() + 3 * day).toISOString(),
    regClose: new Date(Date.now() + 20 * day).toISOString(),
  });
  await page.goto('/registration');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByText('Akan Datang')).toBeVisible();
  await page.goto(`/register/${event.code}`);
  await expect(page.getByText(/^Pendaftaran akan dibuka pada \d{1,2} \S+ \d{4} pada pukul \d{2}\.\d{2} WIB$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Lanjutkan Pembayaran' })).toHaveCount(0);
  await page.screenshot({ path: `/tmp/registration-not-open-${testInfo.project.name}.png` });
});
