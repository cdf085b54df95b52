import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/**
 * Issue 12 item 4 (decision 018): the servers answer 'busy' (503 + Retry-After) twice; the runner
 * sees a calm notice with a countdown, the form stays filled, the page tries again by itself with a
 * fresh proof of work, and the registration completes. A reload before submitting keeps the form.
 */

async function createAcceptedEvent(request: APIRequestContext, name: string) {
  const { headers: organizer } = await signIn(request, { role: 'organizer', name: 'Panitia Uji' });
  const code = `ovl-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const day = 86_400_000;
  const created = await request.post('/api/events', {
    headers: organizer,
    data: {
      name,
      description: 'Lomba lari pagi yang sangat diminati.',
      code,
      location: 'GBK, Jakarta',
      eventDate: new Date(Date.now() + 40 * day).toISOString(),
      regOpen: new Date(Date.now() - 60_000).toISOString(),
      regClose: new Date(Date.now() + 20 * day).toISOString(),
      paymentType: 'platform',
      paymentOptions: ['gopay'],
      categories: [{ name: '10K', description: 'Rute kota', price: 185000, slots: 100 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { event } = (await created.json()) as { event: { _id: string; code: string } };
  const { headers: admin } = await signIn(request, { role: 'admin', name: 'Admin Uji' });
  const accepted = await request.patch(`/api/admin/events/${event._id}/status`, { headers: admin, data: { status: 'diterima' } });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  return event;
}

async function fillRunner(page: Page) {
  await page.getByLabel('Email').fill('ramai.sekali@gmail.com');
  await page.getByLabel('Nomor Telepon').fill('081234567890');
  await page.getByLabel('Nama Lengkap').fill('Wayan Ramai');
  await page.getByLabel('Nama BIB').fill('WAYAN');
  await page.getByLabel('Golongan Darah').selectOption('A+');
  await page.getByLabel('Ukuran Kaos').selectOption('M');
  await page.getByLabel('Jenis Kelamin').selectOption('Laki-laki');
  await page.getByLabel('Tanggal Lahir').fill('1990-07-21');
  await page.getByLabel('Jenis Identitas').selectOption('KTP');
  await page.getByLabel('Nomor Identitas').fill('5171000000000777');
  await page.getByLabel('Nama Kontak Darurat').fill('Ketut');
  await page.getByLabel('Nomor Kontak Darurat').fill('+6281298765432');
  await page.getByRole('radio', { name: /10K/ }).check();
  await page.getByRole('checkbox', { name: /menyetujui seluruh Syarat & Ketentuan/ }).check();
  await page.getByRole('radio', { name: 'GoPay' }).check();
}

async function expectFilled(page: Page) {
  await expect(page.getByLabel('Email')).toHaveValue('ramai.sekali@gmail.com');
  await expect(page.getByLabel('Nama Lengkap')).toHaveValue('Wayan Ramai');
  await expect(page.getByLabel('Tanggal Lahir')).toHaveValue('1990-07-21');
  await expect(page.getByLabel('Nomor Identitas')).toHaveValue('5171000000000777');
  await expect(page.getByLabel('Golongan Darah')).toHaveValue('A+');
  await expect(page.getByRole('radio', { name: /10K/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'GoPay' })).toBeChecked();
}

test('a busy server twice: the notice counts down, the form stays filled, the page retries by itself and the registration completes', async ({ page, request }, testInfo) => {
  const event = await createAcceptedEvent(request, `Rush Run ${testInfo.project.name} ${Date.now() % 100000}`);
  const sent: { altcha?: string }[] = [];
  // The automatic retry is held until the test has read the form beside the first notice: otherwise,
  // on a fast run, the retries succeed and the payment dialog hides the page while it is being read.
  let releaseRetry!: () => void;
  const retryHeld = new Promise<void>((resolve) => (releaseRetry = resolve));
  await page.route('**/api/runner-registrations', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    sent.push(route.request().postDataJSON() as { altcha?: string });
    if (sent.length === 2) await retryHeld;
    if (sent.length <= 2) {
      return route.fulfill({
        status: 503,
        // The first notice counts down 4–6 s, time to read it on a busy machine; the second one 1–1.5 s.
        headers: { 'retry-after': sent.length === 1 ? '4' : '1', 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Pendaftaran sedang ramai. Halaman akan mencoba lagi otomatis dalam beberapa detik.', code: 'REGISTRATION_BUSY' }),
      });
    }
    return route.continue();
  });

  await page.goto(`/register/${event.code}`);
  await fillRunner(page);
  // A reload (what runners do in a rush) keeps everything typed.
  await page.reload();
  await expectFilled(page);
  await expect(page.getByTestId('challenge-status')).toHaveText('Terverifikasi', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Lanjutkan Pembayaran' }).click();

  const notice = page.getByRole('status').filter({ hasText: 'Pendaftaran sedang ramai' });
  await expect(notice).toBeVisible();
  await expect(notice.getByText(/Mencoba lagi dalam \d detik…/)).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Coba sekarang' })).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Batal' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectFilled(page);
  await page.screenshot({ path: `/tmp/registration-overload-${testInfo.project.name}.png`, fullPage: false });
  releaseRetry();

  // Two automatic retries later (Retry-After plus jitter, and a fresh proof of work each) it goes through.
  const dialog = page.getByRole('dialog', { name: 'Menuju Halaman Pembayaran' });
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  expect(sent).toHaveLength(3);
  const proofs = sent.map((b) => b.altcha);
  if (proofs[0]) expect(new Set(proofs).size).toBe(3);
  await expect(notice).toHaveCount(0);
});
