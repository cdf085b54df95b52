import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, signIn, test, uniqueEmail, verifyCoach } from './fixtures';

/**
 * Profil Pelatih and the public coach page (issue 14 items 4–5): a coach builds the profile with
 * its live preview and manages packages; a visitor opens /coaching/{link}, shares it, and is taken
 * through sign-in to the purchase confirmation and the countdown. POST /api/coach/initiate-payment
 * is another helper's route: here the browser's call is answered by a stand-in, so the flow is
 * tested up to the redirect, not the sandbox checkout.
 */

const isPhone = () => test.info().project.name === 'phone';
/** A screenshot to look at (/tmp); dialogs are taken in the viewport once their opening animation is over. */
const shot = async (page: Page, name: string, fullPage = true) => {
  if (!fullPage) await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/profile-${test.info().project.name}-${name}.png`, fullPage });
};
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const uniqueLink = () => `pelatih-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;

async function openProfilPelatih(page: Page) {
  await page.goto('/dashboard');
  if (isPhone()) await page.getByRole('button', { name: 'Buka menu' }).click();
  await page.getByRole('navigation', { name: 'Menu dasbor' }).getByRole('button', { name: 'Profil Pelatih' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profil Pelatih' })).toBeVisible();
}

/** A coach with a profile and packages, made through the API (not the test's browser session); verified unless told. */
async function coachWithProfile(request: APIRequestContext, packageshown: 'show' | 'hide' | 'contact' = 'show', verified = true) {
  const coach = await signIn(request, { email: uniqueEmail('pelatih'), role: 'coach', name: 'Budi Santoso' });
  const link = uniqueLink();
  const profile = await request.post('/api/coach/profile', {
    headers: coach.headers,
    data: {
      shownName: 'Budi Santoso',
      headline: 'Pelatih 10K dan half marathon',
      bio: 'Melatih pelari pemula di Bandung sejak 2015.',
      certifications: ['World Athletics Level 1', 'Pertolongan Pertama'],
      location: 'Bandung',
      availability: true,
      uniquelink: link,
      packageshown,
    },
  });
  expect(profile.status(), await profile.text()).toBe(201);
  const pkg = await request.post('/api/coach/package', { headers: coach.headers, data: { title: 'Program 10K', description: 'Empat minggu menuju 10K pertama.', durationWeeks: 4, price: 400000 } });
  expect(pkg.status()).toBe(201);
  const packageId = ((await pkg.json()) as { package: { _id: string } }).package._id;
  if (verified) await verifyCoach(request, coach.user._id);
  return { coach, link, packageId };
}

test('a new coach creates the profile with a live preview, then adds, toggles and deletes packages', async ({ page, loginAs, request }) => {
  const other = await coachWithProfile(request);
  await loginAs({ role: 'coach', prefix: 'pelatih', name: 'Citra Dewi' });
  await openProfilPelatih(page);
  const form = page.getByRole('form', { name: 'Profil pelatih' });
  const preview = page.getByTestId('profile-preview');
  const create = form.getByRole('button', { name: 'Buat Profil' });
  await expect(form).toContainText('Anda belum memiliki profile!');
  await expect(create).toBeDisabled();

  // The preview follows every keystroke.
  await form.getByLabel('Nama tampilan').fill('Citra Dewi');
  await expect(preview.getByRole('heading', { name: 'Citra Dewi' })).toBeVisible();
  await form.getByLabel('Headline').fill('Pelatih trail bersertifikat');
  await expect(preview).toContainText('Pelatih trail bersertifikat');
  await form.getByLabel('Bio').fill('Sepuluh tahun berlari di gunung.');
  await expect(form).toContainText('32/500');
  await form.getByLabel('Sertifikasi').fill('ITRA Coach,  Pertolongan Pertama , ');
  await expect(preview.getByRole('listitem').filter({ hasText: 'ITRA Coach' })).toBeVisible();
  await expect(preview.getByRole('listitem').filter({ hasText: 'Pertolongan Pertama' })).toBeVisible();
  await form.getByLabel('Lokasi').fill('Malang');
  await expect(preview).toContainText('Malang');
  await form.getByRole('switch', { name: 'Ketersediaan' }).click();
  await expect(preview).toContainText('Tidak Tersedia');
  await form.getByRole('switch', { name: 'Ketersediaan' }).click();
  await expect(preview).toContainText('Tersedia');

  // The link: suggested from the name, validated, previewed as a full address.
  const linkInput = form.getByLabel('Link unik');
  await expect(linkInput).toHaveValue('citra-dewi');
  await linkInput.fill('X');
  await expect(form).toContainText('Link unik 3–40 karakter: huruf kecil, angka dan tanda hubung.');
  const link = uniqueLink();
  await linkInput.fill(link);
  await expect(form.getByTestId('unique-link-preview')).toHaveText(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/coaching/${link}$`));

  // The photo goes through our upload API and shows in the preview at once.
  await form.locator('input[type="file"]').first().setInputFiles({ name: 'citra.png', mimeType: 'image/png', buffer: PNG });
  await expect(preview.getByRole('img', { name: 'Foto Citra Dewi' })).toHaveAttribute('src', /\/api\/files\/[a-f0-9]{32}\.png$/);

  await form.getByLabel('Tampilan paket').selectOption('hide');
  await expect(preview.getByRole('button', { name: 'Lihat paket' })).toBeVisible();
  await form.getByLabel('Tampilan paket').selectOption('show');
  await shot(page, 'form');
  expect(await seriousViolations(page)).toEqual([]);

  // Another coach's link is refused by the server, shown on the field.
  await linkInput.fill(other.link.toUpperCase());
  await create.click();
  await expect(form).toContainText('Link unik ini sudah dipakai pelatih lain.');
  await expect(linkInput).toBeFocused();
  await linkInput.fill(link);
  await create.click();
  await expect(page.getByText('Profil berhasil dibuat!')).toBeVisible();
  const saveButton = form.getByRole('button', { name: 'Simpan' });
  await expect(saveButton).toBeDisabled();
  await form.getByLabel('Headline').fill('Pelatih trail dan ultra');
  await expect(saveButton).toBeEnabled();
  await saveButton.click();
  await expect(page.getByText('Profil berhasil disimpan!')).toBeVisible();
  await expect(saveButton).toBeDisabled();

  // Verification: identity and certificate images go to the admin, privately.
  const verification = page.getByRole('region', { name: 'Verifikasi Pelatih' });
  await expect(verification.getByText('Belum diajukan')).toBeVisible();
  await verification.getByLabel('Dokumen verifikasi').setInputFiles([
    { name: 'ktp.png', mimeType: 'image/png', buffer: PNG },
    { name: 'sertifikat.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await verification.getByRole('button', { name: 'Kirim untuk Verifikasi' }).click();
  await expect(verification.getByText('Dokumen verifikasi terkirim. Admin akan meninjaunya.')).toBeVisible();
  await expect(verification.getByText('Menunggu verifikasi')).toBeVisible();
  await verification.scrollIntoViewIfNeeded();
  await shot(page, 'verification', false);

  // Paket Latihan.
  await page.getByRole('tab', { name: 'Paket Latihan' }).click();
  await expect(page.getByText('Anda belum memiliki paket latihan!')).toBeVisible();
  await page.getByRole('button', { name: 'Tambah Paket' }).click();
  let dialog = page.getByRole('dialog', { name: 'Tambah Paket' });
  await expect(dialog.getByRole('button', { name: 'Simpan' })).toBeDisabled();
  await dialog.getByLabel('Judul paket').fill('T');
  await dialog.getByLabel('Judul paket').fill('');
  await expect(dialog).toContainText('Wajib diisi');
  await dialog.getByLabel('Judul paket').fill('Trail 4 Minggu');
  await dialog.getByLabel('Durasi (minggu)').fill('0');
  await expect(dialog).toContainText('Minimal 1 bulan');
  await dialog.getByLabel('Durasi (minggu)').fill('4');
  await dialog.getByLabel('Harga (Rp)').fill('-5');
  await expect(dialog).toContainText('Tidak boleh negatif');
  await dialog.getByLabel('Harga (Rp)').fill('60000');
  await expect(dialog.getByTestId('estimated-received')).toHaveText('Perkiraan diterima: Rp0');
  await expect(dialog).toContainText('Harga yang diterima tidak boleh 0. Silakan perbaiki harga atau durasi.');
  await expect(dialog.getByRole('button', { name: 'Simpan' })).toBeDisabled();
  await dialog.getByLabel('Harga (Rp)').fill('400000');
  await expect(dialog.getByTestId('estimated-received')).toHaveText('Perkiraan diterima: Rp340.000');
  await expect(dialog.getByRole('button', { name: 'Simpan' })).toBeEnabled();
  await shot(page, 'package-dialog', false);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('package-card').filter({ hasText: 'Trail 4 Minggu' });
  await expect(card).toContainText('Rp400.000');
  await expect(card).toContainText('4 minggu');
  await expect(card).toContainText('Perkiraan diterima: Rp340.000');
  await expect(card.getByTestId('package-status')).toHaveText('Aktif');

  await page.getByRole('button', { name: 'Tambah Paket' }).click();
  dialog = page.getByRole('dialog', { name: 'Tambah Paket' });
  await dialog.getByLabel('Judul paket').fill('Paket Coba');
  await dialog.getByLabel('Harga (Rp)').fill('100000');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByTestId('package-card')).toHaveCount(2);

  // Nonaktif, then Aktif again.
  await card.getByRole('switch', { name: 'Aktif' }).click();
  await expect(card.getByTestId('package-status')).toHaveText('Nonaktif');
  await expect(card).toHaveClass(/opacity-60/);
  await shot(page, 'packages');
  await card.getByRole('switch', { name: 'Aktif' }).click();
  await expect(card.getByTestId('package-status')).toHaveText('Aktif');
  await expect(card).not.toHaveClass(/opacity-60/);

  // Edit in the same modal.
  await card.getByRole('button', { name: /Ubah/ }).click();
  dialog = page.getByRole('dialog', { name: 'Ubah Paket' });
  await expect(dialog.getByLabel('Judul paket')).toHaveValue('Trail 4 Minggu');
  await dialog.getByLabel('Harga (Rp)').fill('450000');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(card).toContainText('Rp450.000');

  // Delete asks first; Batal keeps it.
  const second = page.getByTestId('package-card').filter({ hasText: 'Paket Coba' });
  await second.getByRole('button', { name: /Hapus/ }).click();
  let confirm = page.getByRole('dialog', { name: 'Hapus paket?' });
  await confirm.getByRole('button', { name: 'Batal' }).click();
  await expect(second).toBeVisible();
  await second.getByRole('button', { name: /Hapus/ }).click();
  confirm = page.getByRole('dialog', { name: 'Hapus paket?' });
  await confirm.getByRole('button', { name: 'Hapus' }).click();
  await expect(second).toHaveCount(0);
  await expect(page.getByTestId('package-card')).toHaveCount(1);

  await page.getByRole('tab', { name: 'Keuangan' }).click();
  await expect(page.getByText('Belum ada penjualan paket')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The public page shows what was saved.
  await page.goto(`/coaching/${link}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Citra Dewi' })).toBeVisible();
  await expect(page.getByText('Pelatih trail dan ultra')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trail 4 Minggu' })).toBeVisible();
});

test('a visitor opens a coach page, copies its link, signs in to buy, confirms and is counted down to the payment page', async ({ page, context, request }) => {
  const { link, packageId } = await coachWithProfile(request);
  // Chromium on Linux has no Web Share: the copy fallback is what visitors get here.
  await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await page.goto(`/coaching/${link}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Budi Santoso' })).toBeVisible();
  await expect(page).toHaveTitle('Budi Santoso — Pelatih Lari | Derap');
  await expect(page.getByText('Pelatih 10K dan half marathon')).toBeVisible();
  await expect(page.getByText('Bandung', { exact: true })).toBeVisible();
  await expect(page.getByText('Tersedia', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'World Athletics Level 1' })).toBeVisible();
  const pkg = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Program 10K' }) });
  await expect(pkg).toContainText('Rp400.000');
  await expect(pkg).toContainText('4 minggu');
  await shot(page, 'public');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Bagikan' }).click();
  await expect(page.getByText('Link berhasil disalin!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/coaching/${link}$`));

  // Signed out: 'Pilih Paket' goes to /login and comes back to this package.
  await pkg.getByRole('button', { name: 'Pilih Paket Program 10K' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  const dev = page.getByRole('region', { name: 'Masuk Pengembangan' });
  await dev.getByLabel('Email').fill(uniqueEmail('pembeli'));
  await dev.getByLabel(/Nama/).fill('Rina Pembeli');
  await dev.getByRole('button', { name: 'Masuk Pengembangan', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/coaching/${link}$`));

  const confirm = page.getByRole('dialog', { name: 'Konfirmasi Pembelian Paket' });
  await expect(confirm).toBeVisible();
  const summary = confirm.getByTestId('purchase-summary');
  await expect(summary).toContainText('Program 10K');
  await expect(summary).toContainText('Rp400.000');
  await expect(summary).toContainText('4 minggu (±1 bulan)');
  await shot(page, 'confirm', false);
  expect(await seriousViolations(page)).toEqual([]);

  // The payment route is another helper's: answer the browser's call as the contract says.
  let sent: unknown = null;
  await page.route('**/api/coach/initiate-payment', async (route) => {
    sent = route.request().postDataJSON();
    await route.fulfill({ json: { payment_url: `/coaching/${link}?dibayar=1` } });
  });
  await confirm.getByRole('button', { name: 'Lanjutkan Pembayaran' }).click();
  const countdown = page.getByRole('dialog', { name: 'Menuju Pembayaran' });
  await expect(countdown).toContainText(/Anda akan diarahkan ke halaman pembayaran dalam [1-5] detik/);
  expect(sent).toMatchObject({ package_id: packageId, user_id: expect.any(String) });
  await countdown.getByRole('button', { name: 'Batal' }).click();
  await expect(countdown).toBeHidden();

  await pkg.getByRole('button', { name: 'Pilih Paket Program 10K' }).click();
  await confirm.getByRole('button', { name: 'Lanjutkan Pembayaran' }).click();
  await page.getByRole('dialog', { name: 'Menuju Pembayaran' }).getByRole('button', { name: 'Lanjutkan sekarang' }).click();
  await expect(page).toHaveURL(/dibayar=1/);
});

test("a coach awaiting verification: the page shows the packages with 'Menunggu verifikasi' and nothing to buy", async ({ page, request }) => {
  const { link } = await coachWithProfile(request, 'show', false);
  await page.goto(`/coaching/${link}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Budi Santoso' })).toBeVisible();
  const pkg = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Program 10K' }) });
  await expect(pkg).toContainText('Rp400.000');
  await expect(pkg).toContainText('Menunggu verifikasi');
  await expect(page.getByText(/bisa dibeli setelah Derap memeriksa identitas dan sertifikatnya/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Pilih Paket/ })).toHaveCount(0);
  await expect(page.getByText('Terverifikasi')).toHaveCount(0);
  await shot(page, 'awaiting-verification');
  expect(await seriousViolations(page)).toEqual([]);
});

test("'hide' shows packages after 'Lihat paket'; 'contact' shows a contact note instead", async ({ page, request }) => {
  const hidden = await coachWithProfile(request, 'hide');
  await page.goto(`/coaching/${hidden.link}`);
  await expect(page.getByRole('heading', { name: 'Program 10K' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Lihat paket' }).click();
  await expect(page.getByRole('heading', { name: 'Program 10K' })).toBeVisible();

  const contact = await coachWithProfile(request, 'contact');
  await page.goto(`/coaching/${contact.link}`);
  await expect(page.getByText('Hubungi pelatih untuk menanyakan paket dan harga.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Pilih Paket/ })).toHaveCount(0);
});

test("an unknown link says 'Profil tidak ditemukan.'; the served HTML carries the coach's Open Graph tags", async ({ page, request }) => {
  await page.goto('/coaching/tidak-ada-pelatih-ini');
  await expect(page.getByText('Profil tidak ditemukan.').first()).toBeVisible();
  await shot(page, 'not-found');

  const { link } = await coachWithProfile(request);
  const html = await (await page.request.get(`/coaching/${link}`)).text();
  const meta = (key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];
  expect(meta('og:title')).toBe('Budi Santoso — Pelatih Lari | Derap');
  expect(meta('og:description')).toBe('Pelatih 10K dan half marathon');
  expect(meta('og:image')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/desk-icon-512\.png$/);
  expect(meta('og:url')).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/coaching/${link}$`));
  expect(meta('twitter:card')).toBe('summary');
  // Still the app: its script is there.
  expect(html).toMatch(/<script type="module"[^>]+src="\/assets\//);
});
