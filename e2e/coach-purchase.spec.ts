import type { APIRequestContext } from '@playwright/test';
import { expect, signIn, test, verifyCoach } from './fixtures';
import { seriousViolations } from './axe';

/**
 * Buying a coach package (issue 14 items 1, 5, 6): a runner starts the payment, pays in the sandbox
 * checkout, and the coach has a live runner; the admin reviews a coach's verification and adds
 * free slots in /admin?tab=pelatih.
 */

const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A new coach with a package on sale (the development shortcut also gives them a profile). */
async function coachWithPackage(request: APIRequestContext, name: string) {
  const coach = await signIn(request, { role: 'coach', name });
  const res = await request.post('/api/dev/coaching/packages', { headers: coach.headers, data: { title: 'Paket 4 Minggu', weeks: 4, price: 600_000 } });
  expect(res.status(), await res.text()).toBe(201);
  const pkg = (await res.json()) as { _id: string; uniquelink: string };
  return { coach, pkg };
}

async function coachRow(request: APIRequestContext, adminHeaders: Record<string, string>, email: string) {
  const res = await request.get(`/api/admin/coaches?q=${encodeURIComponent(email)}`, { headers: adminHeaders });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: { slots: { used: number; free: number }; verification: string }[] }).data[0]!;
}

test('a runner buys a coach package in the sandbox checkout and becomes the coach’s runner', async ({ page, loginAs, request }, testInfo) => {
  const { coach, pkg } = await coachWithPackage(request, 'Pelatih Uji Beli');
  const admin = await signIn(request, { role: 'admin', name: 'Admin Uji' });
  const runner = await loginAs({ role: 'runner', name: 'Pelari Pembeli' });

  // Until an admin verifies the coach, nothing is sold.
  const unverified = await page.request.post('/api/coach/initiate-payment', { data: { user_id: runner.user._id, package_id: pkg._id } });
  expect(unverified.status()).toBe(409);
  expect((await unverified.json()).code).toBe('COACH_NOT_VERIFIED');
  await verifyCoach(request, coach.user._id);

  // A forged price is ignored: the server takes the package's.
  const started = await page.request.post('/api/coach/initiate-payment', { data: { user_id: runner.user._id, package_id: pkg._id, price: 1000 } });
  expect(started.status(), await started.text()).toBe(200);
  const { payment_url, amount } = (await started.json()) as { payment_url: string; amount: number };
  expect(amount).toBe(600_000);
  // Someone else's account is refused.
  const forOther = await page.request.post('/api/coach/initiate-payment', { data: { user_id: coach.user._id, package_id: pkg._id } });
  expect(forOther.status()).toBe(403);

  expect((await coachRow(request, admin.headers, coach.email)).slots.used).toBe(0);
  await page.goto(new URL(payment_url).pathname);
  await expect(page.getByText('Rp600.000')).toBeVisible();
  await expect(page.getByText(/Paket 4 Minggu/).first()).toBeVisible();
  await page.screenshot({ path: `/tmp/buy-checkout-${testInfo.project.name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Bayar', exact: true }).click();
  await page.waitForURL(/\/dashboard\?.*coaching=finished/);

  // The paid notification made the connection: the coach now has one live runner.
  await expect.poll(async () => (await coachRow(request, admin.headers, coach.email)).slots.used).toBe(1);
  // The checkout now says it is paid and offers no button.
  await page.goto(new URL(payment_url).pathname);
  await expect(page.getByText('Pembayaran berhasil')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bayar', exact: true })).toHaveCount(0);
});

test('the admin reviews a coach’s verification and adds free slots', async ({ page, loginAs, request }, testInfo) => {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const { coach } = await coachWithPackage(request, `Pelatih Verifikasi ${tag}`);
  const upload = await request.post('/api/coach/verification/documents', {
    headers: coach.headers,
    multipart: { file: { name: 'ktp.png', mimeType: 'image/png', buffer: TINY_PNG } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { key } = (await upload.json()) as { key: string };
  const asked = await request.post('/api/coach/verification', { headers: coach.headers, data: { documents: [key] } });
  expect(asked.status(), await asked.text()).toBe(200);

  await loginAs({ role: 'admin', name: 'Admin Uji' });
  await page.goto('/admin?tab=pelatih');
  await expect(page.getByRole('heading', { name: 'Pelatih', level: 2 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Cari nama atau email pelatih' }).fill(tag);
  const row = page.getByTestId('admin-coach-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(coach.email);
  await expect(row).toContainText('Menunggu verifikasi');
  await expect(row).toContainText('0 terisi · 0 kosong');
  await page.screenshot({ path: `/tmp/buy-admin-coaches-${testInfo.project.name}.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole('button', { name: /Tinjau verifikasi/ }).click();
  const review = page.getByRole('dialog', { name: 'Tinjau Verifikasi Pelatih' });
  const doc = review.getByRole('link', { name: 'Dokumen 1' });
  await expect(doc).toBeVisible();
  // The private document opens for the admin (same cookies as the page).
  const file = await page.request.get((await doc.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/png');
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  await page.screenshot({ path: `/tmp/buy-admin-review-${testInfo.project.name}.png` });
  expect(await seriousViolations(page)).toEqual([]);

  // Tolak needs a reason, then asks for confirmation; going back keeps the review open.
  await review.getByRole('button', { name: 'Tolak' }).click();
  await expect(review.getByText('Tuliskan alasan penolakan.')).toBeVisible();
  await review.getByLabel('Catatan (wajib jika ditolak)').fill('Foto KTP buram.');
  await review.getByRole('button', { name: 'Tolak' }).click();
  const confirm = page.getByRole('dialog', { name: 'Tolak verifikasi pelatih?' });
  await expect(confirm).toContainText('Foto KTP buram.');
  await confirm.getByRole('button', { name: 'Kembali' }).click();
  await review.getByRole('button', { name: 'Verifikasi', exact: true }).click();
  await expect(page.getByText('Pelatih terverifikasi.')).toBeVisible();
  await expect(row).toContainText('Terverifikasi');

  await row.getByRole('button', { name: /Tambah slot gratis/ }).click();
  const slots = page.getByRole('dialog', { name: 'Tambah Slot Gratis' });
  await slots.getByLabel('Jumlah slot').fill('25');
  await slots.getByRole('button', { name: 'Tambah Slot' }).click();
  await expect(slots.getByText('Jumlah slot 1–20.')).toBeVisible();
  await slots.getByLabel('Jumlah slot').fill('3');
  await slots.getByLabel('Durasi (minggu)').fill('8');
  await page.screenshot({ path: `/tmp/buy-admin-slots-${testInfo.project.name}.png` });
  await slots.getByRole('button', { name: 'Tambah Slot' }).click();
  await expect(page.getByText('3 slot gratis ditambahkan.')).toBeVisible();
  await expect(slots).toHaveCount(0);
  await expect(row).toContainText('0 terisi · 3 kosong');

  // The role change to coach is one click away, in 'Pengguna'.
  await page.getByRole('link', { name: 'tab Pengguna' }).click();
  await expect(page).toHaveURL(/tab=pengguna/);
});
