import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 16: the public running calendar. A visitor filters it (the filters live in the address),
 * opens an entry, proposes an event and is told it is moderated; an admin approves it and it shows.
 */
/** The table (desktop) and the cards (phone) carry the same text; the one on screen. */
const visible = (page: Page, text: string) => page.getByText(text).filter({ visible: true }).first();

const shot = (name: string, page: Page, testInfo: TestInfo) =>
  page.screenshot({ path: `test-results/screens/calendar-${name}-${testInfo.project.name}.png`, fullPage: true });

test('a visitor filters the calendar, opens an entry, and a shared link opens it too', { tag: '@layout' }, async ({ page }, testInfo) => {
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: /Kalender Lari/ })).toBeVisible();
  const rows = page.locator(testInfo.project.name === 'phone' ? 'ul li button' : 'tbody tr');
  await expect(rows.first()).toBeVisible();
  await shot('list', page, testInfo);

  // Free text on name or location, kept in the address.
  await page.getByRole('searchbox', { name: 'Cari nama event atau lokasi' }).fill('bromo');
  await expect(page).toHaveURL(/[?&]q=bromo/);
  await expect(visible(page, 'Bromo Tengger Trail')).toBeVisible();
  await expect(page.getByText('Bandung Lautan Api Run')).toHaveCount(0);
  await expect(page.getByText(/1 event cocok dengan filter/)).toBeVisible();

  // A month without events: the empty state offers to clear the filters.
  await page.getByLabel('Tahun').selectOption(String(new Date().getFullYear() - 1));
  await expect(page.getByText('Tidak ada event yang cocok')).toBeVisible();
  await page.getByRole('button', { name: 'Hapus filter' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(visible(page, 'Bandung Lautan Api Run')).toBeVisible();

  // Trail only.
  await page.getByLabel('Jenis').selectOption('trail');
  await expect(page).toHaveURL(/jenis=trail/);
  await expect(visible(page, 'Rinjani Ultra Trail')).toBeVisible();
  await expect(page.getByText('Bandung Lautan Api Run')).toHaveCount(0);

  // The detail dialog, with every field; its address can be shared.
  await visible(page, 'Rinjani Ultra Trail').click();
  const dialog = page.getByRole('dialog', { name: 'Rinjani Ultra Trail' });
  await expect(dialog).toBeVisible();
  for (const text of ['Trail', 'Trail 27K', 'Trail 60K', 'Sembalun, Lombok Timur, NTB', 'Lombok Trail Runners', 'Deskripsi']) await expect(dialog.getByText(text, { exact: true }).first()).toBeVisible();
  await expect(dialog.getByRole('link', { name: /@contoh\.id/ })).toHaveAttribute('href', /^mailto:/);
  await shot('detail', page, testInfo);
  const shared = page.url();
  expect(shared).toMatch(/event=/);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.goto(shared);
  await expect(page.getByRole('dialog', { name: 'Rinjani Ultra Trail' })).toBeVisible();

  // A Derap event is in the calendar too, with the partnership badge and a way to register.
  await page.goto('/calendar?q=jakarta sunrise');
  await visible(page, 'Jakarta Sunrise Run 2027').click();
  const platform = page.getByRole('dialog', { name: 'Jakarta Sunrise Run 2027' });
  await expect(platform.getByText('Partner Derap')).toBeVisible();
  await expect(platform.getByRole('link', { name: 'Daftar di Derap' })).toHaveAttribute('href', '/register/jakarta-sunrise-run-2027');
});

test('a visitor proposes an event, is told it is moderated, and it appears once an admin approves it', async ({ page, loginAs }, testInfo) => {
  const name = `Kupang Sunset Run ${Date.now()}`;
  await page.goto('/calendar');
  await page.getByRole('button', { name: 'Ajukan Event' }).click();
  const form = page.getByRole('dialog', { name: 'Ajukan Event' });
  await expect(form).toBeVisible();
  await expect(form.getByText('Setiap event yang disubmit akan dimoderasi oleh admin').first()).toBeVisible();
  await expect(form.getByLabel('Nama event')).toBeFocused();

  // Empty: each required field says so.
  await form.getByRole('button', { name: 'Kirim Event' }).click();
  await expect(form.getByText('Wajib diisi').first()).toBeVisible();
  await expect(form.getByText('Pilih Road atau Trail.')).toBeVisible();
  await expect(form.getByText('Isi minimal satu kategori, pisahkan dengan koma.')).toBeVisible();

  const day = new Date(Date.now() + 60 * 86_400_000);
  const iso = day.toISOString().slice(0, 10);
  await form.getByLabel('Nama event').fill(name);
  await form.getByLabel('Tanggal').fill('2020-01-01');
  await form.getByLabel('Lokasi').fill('Pantai Lasiana, Kupang, NTT');
  await form.getByText('Road', { exact: true }).click();
  await form.getByLabel('Kategori').fill(' 5K, ,10K ');
  await form.getByLabel(/^Penyelenggara/).fill('Kupang Runners');
  await form.getByLabel('Email penyelenggara').fill('panitia.kupang@contoh.id');
  await form.getByLabel('Deskripsi').fill('Lari sore menikmati matahari terbenam.');
  // A website as people write it, without https:// (issue 28 item 11): taken, and the stored form shown first.
  await form.getByLabel('Website').fill('instagram.com/kupangrunners');
  await expect(form.getByText('Disimpan sebagai https://instagram.com/kupangrunners.')).toBeVisible();
  await form.getByRole('button', { name: 'Kirim Event' }).click();
  await expect(form.getByText('Tanggal tidak boleh sebelum hari ini.')).toBeVisible();
  await form.getByLabel('Tanggal').fill(iso);
  await shot('submit-form', page, testInfo);
  await form.getByRole('button', { name: 'Kirim Event' }).click();
  await expect(form.getByText('Event berhasil disubmit!')).toBeVisible();
  // The day as people read it, not 06-12-2026.
  await expect(form.getByText(/\((Senin|Selasa|Rabu|Kamis|Jumat|Sabtu|Minggu), \d{1,2} [A-Z][a-z]+ \d{4}\) sudah kami terima/)).toBeVisible();
  await expect(form.getByText(/dimoderasi oleh admin/)).toBeVisible();
  await shot('submitted', page, testInfo);
  await form.getByRole('button', { name: 'Tutup' }).last().click();

  // Not shown until approved.
  await page.goto(`/calendar?q=${encodeURIComponent(name)}`);
  await expect(page.getByText('Tidak ada event yang cocok')).toBeVisible();

  await loginAs('admin');
  await page.goto('/admin?tab=kalender');
  const item = page.getByTestId('calendar-submission').filter({ hasText: name });
  await expect(item).toBeVisible();
  await expect(item.getByText('5K', { exact: true })).toBeVisible();
  await shot('admin', page, testInfo);
  await item.getByRole('button', { name: 'Tandai Partnership' }).click();
  await expect(page.getByText(`"${name}" ditandai partnership.`)).toBeVisible();
  await item.getByRole('button', { name: 'Setujui' }).click();
  await expect(page.getByText(`"${name}" disetujui dan tampil di kalender.`)).toBeVisible();
  await expect(item).toHaveCount(0);

  await page.context().clearCookies();
  // Public answers may be served stale for a few seconds (s-maxage + stale-while-revalidate, decision 015): a reload shows it.
  await expect(async () => {
    await page.goto(`/calendar?q=${encodeURIComponent(name)}`);
    await expect(visible(page, name)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await visible(page, name).click();
  await expect(page.getByRole('dialog', { name }).getByText('Partner Derap')).toBeVisible();
  await expect(page.getByRole('dialog', { name }).getByRole('link', { name: /instagram\.com\/kupangrunners/ })).toHaveAttribute('href', 'https://instagram.com/kupangrunners');
});

test('the calendar feed is a subscribable .ics and the page links it for Google Calendar', async ({ page }) => {
  await page.goto('/calendar');
  const google = page.getByRole('link', { name: 'Tambahkan ke Google Calendar' });
  await expect(google).toHaveAttribute('href', /calendar\.google\.com\/calendar\/r\?cid=webcal/);
  const feed = await page.request.get('/api/eventcalendar.ics?roadortrail=trail');
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const body = await feed.text();
  expect(body).toContain('SUMMARY:Rinjani Ultra Trail (Trail)');
  expect(body).not.toContain('Bandung Lautan Api Run');
});
