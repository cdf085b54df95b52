import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAcceptedEvent } from './registration-helpers';
import { solvedChallenge } from './registration-challenge';
import { seriousViolations } from './axe';

/**
 * Issue 26 §5 (decision 033), walked in the browser: the organizer's email code (the form asks
 * for the 6 digits mailed to the runner before it registers), and 'Daftar Tunggu' (a runner joins
 * the list of a full category; a freed slot is mailed to them with a claim link that opens the
 * form pre-filled with the slot kept for them).
 */

type Mail = { to: string; subject: string; text: string };
async function mailsTo(request: APIRequestContext, admin: Record<string, string>, to: string): Promise<Mail[]> {
  const outbox = await request.get('/api/admin/mail-outbox', { headers: admin });
  expect(outbox.ok()).toBeTruthy();
  return ((await outbox.json()) as { data: Mail[] }).data.filter((m) => m.to === to);
}

/** Every runner field but the email (a claim link fixes it). */
async function fillRunnerBesidesEmail(page: Page, identityNo: string) {
  await page.getByLabel('Nomor Telepon').fill('081234567890');
  await page.getByLabel('Nama BIB').fill('AYU');
  await page.getByLabel('Golongan Darah').selectOption('B+');
  await page.getByLabel('Ukuran Kaos').selectOption('S');
  await page.getByLabel('Jenis Kelamin').selectOption('Perempuan');
  await page.getByLabel('Tanggal Lahir').fill('1995-03-14');
  await page.getByLabel('Jenis Identitas').selectOption('KTP');
  await page.getByLabel('Nomor Identitas').fill(identityNo);
  await page.getByLabel('Nama Kontak Darurat').fill('Made Wirawan');
  await page.getByLabel('Nomor Kontak Darurat').fill('+6281298765432');
}

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('an event with the email code: the slot is held only after the mailed 6 digits are typed', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const w = testInfo.project.name;
  const event = await createAcceptedEvent(request, `Kode Run ${w} ${stamp()}`, { emailCodeRequired: true });
  const email = `ayu.${stamp()}@gmail.com`;

  await page.goto(`/register/${event.code}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Nama Lengkap').fill('Putu Ayu Saraswati');
  await fillRunnerBesidesEmail(page, `5171${String(Date.now()).slice(-12)}`);
  await page.getByRole('radio', { name: /10K/ }).check();
  await page.getByRole('radio', { name: 'BNI Virtual Account' }).check();
  await page.getByRole('checkbox', { name: /menyetujui seluruh Syarat & Ketentuan/ }).check();

  // Without the code nothing is sent: the field says what is missing and takes the focus.
  await page.getByRole('button', { name: 'Lanjutkan Pembayaran' }).click();
  const codeField = page.getByLabel('Kode Verifikasi');
  await expect(codeField).toBeFocused();
  await expect(page.getByText('Masukkan kode verifikasi 6 digit yang kami kirim ke email Anda.')).toBeVisible();

  await page.getByRole('button', { name: 'Kirim kode' }).click();
  await expect(page.getByText(/Kode verifikasi 6 digit telah dikirim ke/)).toBeVisible();
  // The server's pace, shown on the button.
  await expect(page.getByRole('button', { name: /Kirim ulang kode \(\d+ dtk\)/ })).toBeDisabled();
  const [mail] = await mailsTo(request, event.admin, email);
  const code = /Kode verifikasi (\d{6})/.exec(mail!.subject)![1]!;

  // A wrong code is refused under the field, with the attempts left.
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Lanjutkan Pembayaran' }).click();
  await expect(page.getByText('Kode verifikasi salah. Sisa percobaan: 4.')).toBeVisible();
  await expect(codeField).toBeFocused();
  await codeField.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/hoard-b-email-code-${w}.png` });
  expect(await seriousViolations(page)).toEqual([]);

  await codeField.fill(code);
  await page.getByRole('button', { name: 'Lanjutkan Pembayaran' }).click();
  await expect(page.getByRole('dialog', { name: 'Menuju Halaman Pembayaran' })).toBeVisible({ timeout: 20_000 });
});

test("a full category's waiting list: a freed slot is mailed to the runner, whose claim link finishes the registration", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const w = testInfo.project.name;
  const event = await createAcceptedEvent(request, `Tunggu Run ${w} ${stamp()}`);
  // Someone holds the only 5K slot, unpaid.
  const holder = await request.post('/api/runner-registrations', {
    data: {
      eventId: event.eventId,
      categoryId: '5k',
      paymentMethod: 'gopay',
      runnerData: {
        fullName: 'Pemegang Slot',
        email: `pemegang.${stamp()}@gmail.com`,
        phone: '081200000000',
        bibName: 'SLOT',
        bloodType: 'O+',
        tshirtSize: 'M',
        sex: 'Laki-laki',
        dob: '01-01-1990',
        identityType: 'KTP',
        identityNo: `3171${String(Date.now()).slice(-12)}`,
        emergencyName: 'Ibu',
        emergencyContact: '081300000000',
      },
      ...(await solvedChallenge(request)),
    },
  });
  expect(holder.status(), await holder.text()).toBe(201);
  const held = ((await holder.json()) as { registration: { registrationId: string } }).registration.registrationId;

  const email = `ayu.${stamp()}@gmail.com`;
  await page.goto(`/register/${event.code}`);
  const list = page.getByTestId('waiting-list');
  await expect(list.getByRole('heading', { name: 'Daftar Tunggu' })).toBeVisible();
  await expect(list.getByText('Kategori 5K sudah penuh.')).toBeVisible();
  await list.getByRole('button', { name: 'Masuk Daftar Tunggu' }).click();
  await expect(list.getByLabel('Nama Lengkap')).toBeFocused();
  await list.getByRole('button', { name: 'Kirim ke Daftar Tunggu' }).click();
  await expect(list.getByText('Nama lengkap wajib diisi')).toBeVisible();
  await list.getByLabel('Nama Lengkap').fill('Putu Ayu Saraswati');
  await list.getByLabel('Email').fill(email);
  await list.getByRole('button', { name: 'Kirim ke Daftar Tunggu' }).click();
  await expect(list.getByText(/Anda masuk Daftar Tunggu kategori 5K di urutan ke-1\./)).toBeVisible();
  await list.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/hoard-b-waiting-joined-${w}.png` });
  expect(await seriousViolations(page)).toEqual([]);

  // The organizer cancels the unpaid holder: the slot is kept for the waiting runner and mailed.
  const canceled = await request.post(`/api/runner-registrations/${held}/cancel`, { headers: event.admin, data: { reason: 'Data ganda', refund: false } });
  expect(canceled.status(), await canceled.text()).toBe(200);
  let offer: Mail | undefined;
  await expect
    .poll(async () => (offer = (await mailsTo(request, event.admin, email)).find((m) => m.subject.startsWith('Slot tersedia untuk Anda'))), { timeout: 30_000 })
    .toBeTruthy();
  const link = new URL(/(http\S+\?klaim=\S+)/.exec(offer!.text)![1]!);

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Slot kategori 5K disimpan untuk Anda')).toBeVisible();
  await expect(page.getByTestId('offer-countdown')).toHaveText(/^(30:00|29:\d{2})$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Nama Lengkap')).toHaveValue('Putu Ayu Saraswati');
  await expect(page.getByRole('radio', { name: /5K/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /10K/ })).toBeDisabled();
  await expect(page.getByText('Disimpan untuk Anda', { exact: true })).toBeVisible();
  // Nobody else sees an open 5K meanwhile: the waiting list card is not offered on a claim.
  await expect(page.getByTestId('waiting-list')).toHaveCount(0);
  await page.screenshot({ path: `/tmp/hoard-b-claim-${w}.png` });

  await fillRunnerBesidesEmail(page, `5171${String(Date.now()).slice(-12)}`);
  await page.getByRole('radio', { name: 'GoPay' }).check();
  await page.getByRole('checkbox', { name: /menyetujui seluruh Syarat & Ketentuan/ }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Lanjutkan Pembayaran' }).click();
  const dialog = page.getByRole('dialog', { name: 'Menuju Halaman Pembayaran' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: `/tmp/hoard-b-claimed-${w}.png` });
});
