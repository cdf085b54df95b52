import type { Page, TestInfo } from '@playwright/test';
import { expect, signIn, test, uniqueEmail } from './fixtures';

/**
 * Issue 16 item 5: Running Buddy. A runner creates a group run, another opens the shared link,
 * signs in from it and joins; the host cancels and both see it canceled.
 */
const shot = (name: string, page: Page, testInfo: TestInfo) => page.screenshot({ path: `/tmp/buddy-${name}-${testInfo.project.name}.png`, fullPage: true });

/** 06:30 WIB three days from now, as a datetime-local input takes it. */
function inThreeDays(): string {
  const day = new Date(Date.now() + 7 * 3_600_000 + 3 * 86_400_000).toISOString().slice(0, 10);
  return `${day}T06:30`;
}

test('a runner creates a group run, another joins from the shared link, the host cancels and both see it', async ({ page, browser, loginAs, context }, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const title = `Easy Run Senayan ${Date.now() % 100000}`;
  await loginAs({ prefix: 'host-buddy', name: 'Hana Host' });

  await page.goto('/buddy');
  await expect(page.getByRole('heading', { name: /Running Buddy/ })).toBeVisible();
  await page.getByRole('button', { name: 'Buat Group Run' }).click();
  const form = page.getByRole('dialog', { name: 'Buat Group Run' });
  await expect(form).toBeVisible();
  // The rules are checked before sending, with the server's messages.
  await form.getByRole('button', { name: 'Buat Group Run' }).click();
  await expect(form.getByText('Wajib diisi').first()).toBeVisible();
  await form.getByLabel('Judul').fill(title);
  await form.getByLabel('Kota').fill('Jakarta');
  await form.getByLabel('Tanggal & jam (WIB)').fill(inThreeDays());
  await form.getByLabel('Titik kumpul').fill('Pintu 1 GBK, Senayan');
  await form.getByLabel('Link peta').fill('http://maps.example/gbk');
  await form.getByLabel('Jarak (km)').fill('8');
  await form.getByLabel('Grup pace').fill('6:00–6:30 /km');
  await form.getByLabel('Kuota peserta').fill('12');
  await form.getByRole('button', { name: 'Buat Group Run' }).click();
  await expect(form.getByText('Link peta harus berupa alamat https://.')).toBeVisible();
  await form.getByLabel('Link peta').fill('https://maps.app.goo.gl/gbk');
  await shot('form', page, testInfo);
  await form.getByRole('button', { name: 'Buat Group Run' }).click();

  await expect(page).toHaveURL(/\/buddy\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('06.30 WIB')).toBeVisible();
  await expect(page.getByText('0/12 bergabung')).toBeVisible();
  const shared = page.url();
  await page.getByRole('button', { name: 'Bagikan' }).click();
  await expect(page.getByText('Link berhasil disalin!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shared);

  // The list shows it under its city, with the WIB time.
  await page.goto('/buddy?city=jakarta');
  const listed = page.getByRole('link', { name: new RegExp(title) });
  await expect(listed).toContainText('06.30 WIB');
  await expect(listed).toContainText('0/12 bergabung');
  await shot('list', page, testInfo);

  // Another runner opens the shared link signed out; joining asks to sign in first, then comes back.
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: testInfo.project.use.viewport, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  const guest = await other.newPage();
  await guest.goto(shared);
  await expect(guest.getByRole('heading', { name: title })).toBeVisible();
  await guest.getByRole('button', { name: 'Gabung' }).click();
  await expect(guest).toHaveURL(/\/login\?next=/);
  await signIn(guest.request, { email: uniqueEmail('ikut-buddy'), name: 'Rudi Runner' });
  await guest.reload();
  await expect(guest).toHaveURL(shared);
  await guest.getByRole('button', { name: 'Gabung' }).click();
  await expect(guest.getByText('Anda bergabung! Detail titik kumpul sudah dikirim ke email Anda.')).toBeVisible();
  await expect(guest.getByText('1/12 bergabung')).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Keluar dari Group Run' })).toBeVisible();
  await shot('joined', guest, testInfo);
  // The joiner's dashboard shows it as their next group run.
  await guest.goto('/dashboard');
  const card = guest.getByRole('region', { name: 'Group Run Berikutnya' });
  await expect(card.getByRole('link', { name: title })).toBeVisible();
  await expect(card).toContainText('06.30 WIB');
  await shot('dashboard', guest, testInfo);
  await guest.goto(shared);

  // The host sees who joined (by name) and cancels.
  await page.goto(shared);
  await expect(page.getByRole('listitem').filter({ hasText: 'Rudi Runner' })).toBeVisible();
  await shot('host', page, testInfo);
  await page.getByRole('button', { name: 'Batalkan Group Run' }).click();
  const confirm = page.getByRole('dialog', { name: 'Batalkan group run?' });
  await confirm.getByRole('button', { name: 'Ya, Batalkan' }).click();
  await expect(page.getByText('Group run ini dibatalkan oleh host.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Batalkan Group Run' })).toHaveCount(0);

  await guest.reload();
  await expect(guest.getByText('Group run ini dibatalkan oleh host.')).toBeVisible();
  await expect(guest.getByRole('button', { name: /Gabung|Keluar/ })).toHaveCount(0);
  await shot('canceled', guest, testInfo);
  // Canceled runs drop out of the list.
  await page.goto('/buddy?city=jakarta');
  await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
  await other.close();
});

test('a runner reports a group run, an admin hides it and it leaves Running Buddy', async ({ page, playwright, loginAs }, testInfo) => {
  const title = `Promo Lari ${Date.now() % 100000}`;
  // The host makes the run through the API (the form is the test above).
  const host = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const { headers } = await signIn(host, { email: uniqueEmail('host-lapor'), name: 'Host Promo' });
  const startsAt = `${inThreeDays()}:00+07:00`;
  const made = await host.post('/api/group-runs', {
    headers,
    data: { title, city: 'Bandung', meetingPoint: 'Gedung Sate', mapUrl: null, startsAt, distanceKm: 5, paceGroup: '7:00 /km', capacity: 10, description: 'Beli sepatu diskon di toko kami.' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()).groupRun as { id: string };
  await host.dispose();

  await loginAs({ prefix: 'pelapor', name: 'Rina Pelapor' });
  await page.goto(`/buddy/${id}`);
  await page.getByRole('button', { name: /Laporkan group run ini/ }).click();
  const reportDialog = page.getByRole('dialog', { name: 'Laporkan group run' });
  await reportDialog.getByLabel('Alasan').fill('Isinya promosi toko, bukan lari bersama.');
  await reportDialog.getByRole('button', { name: 'Kirim Laporan' }).click();
  await expect(reportDialog.getByRole('alert').or(reportDialog.getByRole('status')).first()).toBeVisible();

  await page.context().clearCookies();
  await loginAs('admin');
  await page.goto('/admin?tab=group-run');
  const item = page.getByTestId('group-run-review').filter({ hasText: title });
  await expect(item).toContainText('Rina Pelapor: Isinya promosi toko, bukan lari bersama.');
  await page.screenshot({ path: `/tmp/buddy-admin-${testInfo.project.name}.png`, fullPage: true });
  await item.getByRole('button', { name: 'Sembunyikan' }).click();
  const confirm = page.getByRole('dialog', { name: 'Sembunyikan group run ini?' });
  await confirm.getByRole('button', { name: 'Ya, Sembunyikan' }).click();
  await expect(item).toHaveCount(0);
  await page.getByLabel('Tampilkan').selectOption('hidden');
  await expect(page.getByTestId('group-run-review').filter({ hasText: title })).toContainText('Disembunyikan');

  // Gone from the public list (a reload may be needed: public answers can lag a few seconds).
  await page.context().clearCookies();
  await expect(async () => {
    await page.goto('/buddy?city=bandung');
    await expect(page.getByRole('heading', { name: /Running Buddy/ })).toBeVisible({ timeout: 2_000 });
    await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => {});
    await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
});
