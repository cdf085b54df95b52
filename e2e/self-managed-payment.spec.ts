import type { APIRequestContext } from '@playwright/test';
import QRCode from 'qrcode';
import { expect, signIn, test, uniqueEmail } from './fixtures';
import { openEventList, snap, tagOf } from './organizer-tools-helpers';
import { solvedChallenge } from './registration-challenge';
import { seriousViolations } from './axe';

/**
 * Self-managed payments (issue 8 item 9), the organizer's side: two runners send proofs of
 * transfer; in Daftar Kegiatan the event says they wait; in Data Pelari the organizer looks at
 * each proof, verifies one (confirmation mail with the QR, revenue) and rejects the other with a
 * reason, which the runner reads on the payment page before sending a new proof. Desktop and phone.
 */

const DAY = 86_400_000;

async function registerWithProof(anonymous: APIRequestContext, code: string, runner: { fullName: string; email: string }, proof: Buffer) {
  const res = await anonymous.post('/api/runner-registrations', {
    data: {
      ...(await solvedChallenge(anonymous)),
      eventId: code,
      categoryId: '10k',
      runnerData: {
        fullName: runner.fullName,
        email: runner.email,
        phone: '+6281200001111',
        bibName: runner.fullName.split(' ')[0]!.slice(0, 10),
        bloodType: 'O+',
        tshirtSize: 'M',
        sex: 'Perempuan',
        dob: '17-08-1992',
        identityType: 'KTP',
        // One pending registration per identity number: each runner their own.
        identityNo: `3174${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`,
        emergencyName: 'Made Wirawan',
        emergencyContact: '+6281399990000',
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { registration, paymentKey } = (await res.json()) as { registration: { registrationId: string }; paymentKey: string };
  // The id alone may not send a proof (issue 26 §5): the runner's own link carries the key.
  const byId = await anonymous.patch(`/api/runner-registrations/${registration.registrationId}/payment-status-paid`, {
    multipart: { file: { name: 'bukti.png', mimeType: 'image/png', buffer: proof } },
  });
  expect(byId.status()).toBe(403);
  const paid = await anonymous.patch(`/api/runner-registrations/${registration.registrationId}/payment-status-paid?key=${encodeURIComponent(paymentKey)}`, {
    multipart: { file: { name: 'bukti.png', mimeType: 'image/png', buffer: proof } },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return registration.registrationId;
}

test('the organizer verifies one proof of transfer and rejects another, which cancels it and frees its slot', async ({ page, loginAs, playwright, baseURL }, testInfo) => {
  // One whole journey (two runners, two decisions, the runner's page) on a shared 2-core machine.
  test.setTimeout(120_000);
  const tag = tagOf();
  const name = `Jogja Bank Transfer Run ${tag}`;
  const code = `jbt-${tag}`;
  const organizerEmail = uniqueEmail('penyelenggara');
  await loginAs({ email: organizerEmail, role: 'organizer', name: 'Siti Penyelenggara' });
  const created = await page.request.post('/api/events', {
    data: {
      name,
      description: 'Bayar dengan transfer bank ke panitia.',
      code,
      location: 'Alun-Alun Utara, Yogyakarta',
      regOpen: new Date(Date.now() - 60_000).toISOString(),
      regClose: new Date(Date.now() + 20 * DAY).toISOString(),
      eventDate: new Date(Date.now() + 40 * DAY).toISOString(),
      paymentType: 'self_managed',
      paymentOptions: [],
      paymentInstruction: { qrImage: `${baseURL}/event-default.svg`, instructions: 'Transfer ke BCA 1234567890 a.n. Panitia.' },
      categories: [{ name: '10K', price: 200_000, slots: 50 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()).event as { _id: string };
  const admin = await playwright.request.newContext({ baseURL });
  const anonymous = await playwright.request.newContext({ baseURL });
  await signIn(admin, 'admin');
  expect((await admin.patch(`/api/admin/events/${event._id}/status`, { data: { status: 'diterima' } })).ok()).toBeTruthy();

  const proofWayan = await QRCode.toBuffer('Transfer Rp210.000 dari Wayan', { type: 'png', width: 360 });
  const proofMega = await QRCode.toBuffer('Transfer Rp150.000 dari Mega', { type: 'png', width: 360 });
  const wayanEmail = uniqueEmail('wayan');
  const megaEmail = uniqueEmail('mega');
  const wayan = await registerWithProof(anonymous, code, { fullName: 'Wayan Sudarsana', email: wayanEmail }, proofWayan);
  const mega = await registerWithProof(anonymous, code, { fullName: 'Mega Puspitasari', email: megaEmail }, proofMega);

  // Daftar Kegiatan: no revenue yet, and the event says two proofs wait.
  await openEventList(page);
  const row = page.getByTestId('event-row').filter({ hasText: name });
  await expect(row).toContainText('Rp0');
  const pill = row.getByRole('button', { name: `2 menunggu verifikasi pembayaran di ${name}` });
  await pill.scrollIntoViewIfNeeded();
  await snap(page, 'selfpay-event-list');
  await pill.click();

  const data = page.getByRole('dialog', { name: `Data Pelari - ${name}` });
  const panel = data.getByTestId('awaiting-verification');
  await expect(panel.getByRole('heading', { name: '2 bukti transfer menunggu verifikasi' })).toBeVisible();
  await expect(data.locator('[data-testid="runner-row"], [data-testid="runner-data-card"]').filter({ hasText: 'Wayan Sudarsana' })).toContainText('Menunggu verifikasi');
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'selfpay-runner-data');

  // Wayan's proof: shown (fetched with the session), then verified after a confirmation.
  await panel.getByRole('button', { name: 'Periksa bukti transfer Wayan Sudarsana' }).click();
  const check = page.getByRole('dialog', { name: 'Verifikasi Pembayaran' });
  const image = check.getByRole('img', { name: 'Bukti transfer dari Wayan Sudarsana' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(360);
  await expect(check).toContainText('Rp210.000');
  await expect(check).toContainText(wayan);
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'selfpay-check');
  await check.getByRole('button', { name: 'Verifikasi' }).click();
  const confirmVerify = page.getByRole('dialog', { name: 'Verifikasi pembayaran?' });
  await expect(confirmVerify).toContainText(wayanEmail);
  await snap(page, 'selfpay-verify-confirm');
  await confirmVerify.getByRole('button', { name: 'Ya, Verifikasi' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pembayaran terverifikasi.' })).toBeVisible();
  await expect(check).toBeHidden();
  await expect(data.locator('[data-testid="runner-row"], [data-testid="runner-data-card"]').filter({ hasText: 'Wayan Sudarsana' })).toContainText('Terkonfirmasi');
  await expect(panel.getByRole('heading', { name: '1 bukti transfer menunggu verifikasi' })).toBeVisible();

  // Mega's proof: Tolak needs a reason.
  await panel.getByRole('button', { name: 'Periksa bukti transfer Mega Puspitasari' }).click();
  await expect(check.getByRole('img', { name: 'Bukti transfer dari Mega Puspitasari' })).toBeVisible();
  await check.getByRole('button', { name: 'Tolak' }).click();
  const confirmReject = page.getByRole('dialog', { name: 'Tolak bukti transfer?' });
  await confirmReject.getByRole('button', { name: 'Ya, Tolak' }).click();
  await expect(confirmReject.getByText('Alasan penolakan wajib diisi.')).toBeVisible();
  const reason = 'Nominal transfer Rp150.000, kurang Rp60.000. Mohon transfer kekurangannya.';
  await confirmReject.getByLabel('Alasan penolakan').fill(reason);
  await expect(confirmReject).toContainText(megaEmail);
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'selfpay-reject-confirm');
  await confirmReject.getByRole('button', { name: 'Ya, Tolak' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Bukti transfer ditolak dan pendaftaran dibatalkan' })).toBeVisible();
  await expect(panel).toHaveCount(0);
  await expect(data.locator('[data-testid="runner-row"], [data-testid="runner-data-card"]').filter({ hasText: 'Mega Puspitasari' })).toContainText('Dibatalkan');
  await data.getByRole('button', { name: 'Tutup' }).last().click();

  // Only the verified one counts as revenue.
  await expect(row).toContainText('Rp200.000'); // the organizer's net: Rp210.000 paid less the Rp10.000 admin fee
  await expect(row.getByRole('button', { name: /menunggu verifikasi/ })).toHaveCount(0);

  // The mails: Wayan's confirmation with the racepack QR, Mega's rejection with the reason and the link.
  const outbox = (await (await admin.get('/api/admin/mail-outbox')).json()).data as { to: string; subject: string; text: string; attachments: { contentType: string }[] }[];
  const confirmation = outbox.find((m) => m.to === wayanEmail)!;
  expect(confirmation.subject).toContain('Pendaftaran Berhasil');
  expect(confirmation.attachments[0]!.contentType).toBe('image/png');
  const rejection = outbox.find((m) => m.to === megaEmail)!;
  expect(rejection.subject).toContain('Bukti Pembayaran Ditolak');
  expect(rejection.text).toContain(reason);
  // The rejection canceled the registration: the mail links to the form, to register again.
  expect(rejection.text).toContain(`/register/${code}`);

  // Mega's payment page: rejected, with the reason, and the way to register again.
  await page.goto(`/registration-payment/${mega}`);
  await expect(page.getByRole('heading', { name: 'Bukti Transfer Ditolak' })).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Daftar Ulang' })).toHaveAttribute('href', `/register/${code}`);
  await expect(page.getByRole('button', { name: 'Saya Sudah Membayar & Konfirmasi Pendaftaran' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `/tmp/organizer-tools-shots/selfpay-rejected-page-${page.viewportSize()!.width}.png`, fullPage: true });
  testInfo.annotations.push({ type: 'registrations', description: `${wayan} ${mega}` });

  // Wayan's page says verified.
  await page.goto(`/registration-payment/${wayan}`);
  await expect(page.getByRole('heading', { name: 'Pembayaran Terverifikasi' })).toBeVisible();
  await Promise.all([admin.dispose(), anonymous.dispose()]);
});

