import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { runnerExportColumns, runnerExportFileName } from '../src/domain/registrations/runner-export';
import { expect, signIn, test, uniqueEmail } from './fixtures';
import { openEventList, seedSanurRun as seed, snap, tagOf, type SeededRunner } from './organizer-tools-helpers';

/**
 * The organizer's tools (spec §2 'Data Pelari' and 'Scan Runner QR'): search the runner data,
 * download the CSV, look a runner up with a keyboard scanner and with the camera, hand out the
 * racepack once. Desktop (1280) and phone (360).
 */
async function openRowMenu(page: Page, eventName: string, item: string) {
  const button = page.getByRole('button', { name: `Aksi untuk ${eventName}` });
  // On a phone the button sits in the table's sideways scroll; the menu closes on any scroll, so
  // let the scroll that brings it into view finish before pressing it.
  await button.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await button.click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('runner data: table, search, empty search and the CSV download', async ({ page, loginAs, playwright, baseURL }) => {
  const organizerEmail = uniqueEmail('penyelenggara');
  const { event } = await seed(playwright, baseURL!, organizerEmail);
  await loginAs({ email: organizerEmail, role: 'organizer', name: 'Siti Penyelenggara' });
  await openEventList(page);
  // Paid runners and those holding a slot while they wait for payment are counted apart.
  const row = page.getByTestId('event-row').filter({ hasText: event.name });
  await expect(row).toContainText('2 terbayar');
  await expect(row).toContainText('1 menunggu pembayaran');
  await snap(page, 'event-list-counts');
  await openRowMenu(page, event.name, 'Detail Kegiatan');
  const detail = page.getByRole('dialog', { name: 'Detail Kegiatan' });
  await expect(detail.getByText('2 pelari · Rp')).toBeVisible();
  await expect(detail.getByText(/^1 pelari \(slot ditahan/)).toBeVisible();
  await snap(page, 'event-detail-counts');
  await page.keyboard.press('Escape');
  await openRowMenu(page, event.name, 'Data Pelari');

  const dialog = page.getByRole('dialog', { name: `Data Pelari - ${event.name}` });
  await expect(dialog).toBeVisible();
  // A table row on a desktop, a card on a phone (runner-data.spec.ts covers both layouts).
  const runners = dialog.locator('[data-testid="runner-row"], [data-testid="runner-data-card"]');
  await expect(runners).toHaveCount(3);
  await expect(dialog.getByTestId('runner-data-counts')).toContainText('Total pelari: 3');
  await expect(dialog.getByTestId('runner-data-range')).toHaveText('Menampilkan 1–3 dari 3 pelari');
  await expect(runners.filter({ hasText: 'Rina Wulandari' })).toContainText('Menunggu pembayaran');
  await expect(runners.filter({ hasText: 'Budi Santoso' })).toContainText('Terkonfirmasi');
  // The page itself never scrolls sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, 'runner-data');

  const search = dialog.getByRole('searchbox', { name: 'Cari data pelari' });
  await search.fill('gégé');
  await expect(runners).toHaveCount(1);
  await expect(runners).toContainText('Ñoman Gégé Sitompul');
  await expect(dialog.getByTestId('runner-data-counts')).toContainText('Total pelari: 3');
  await expect(dialog.getByTestId('runner-data-counts')).toContainText('Sesuai pencarian: 1');

  // Unduh CSV (the spec's ',' separator) carries the current search.
  await dialog.getByRole('button', { name: 'Unduh CSV' }).click();
  const downloadPromise = page.waitForEvent('download');
  await dialog.getByRole('link', { name: /Pemisah koma/ }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(runnerExportFileName(event.name, new Date()));
  const csv = readFileSync(await download.path()).toString('utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).split('\r\n');
  expect(lines[0]).toBe(runnerExportColumns.join(','));
  expect(lines[1]).toContain('Ñoman Gégé Sitompul');
  expect(lines[1]).toContain('"Pelari ""Senja"", Bali"');
  // Her bib number, given with her payment, beside her BIB name.
  expect(lines[1]).toContain(',10K-0001,Ñoman,');
  expect(lines.filter(Boolean)).toHaveLength(2);

  await search.fill('tidak-ada-pelari-ini');
  await expect(dialog.getByText('Tidak ditemukan data pelari yang sesuai dengan pencarian')).toBeVisible();
  await snap(page, 'runner-data-empty-search');
  await dialog.getByRole('button', { name: 'Tutup' }).last().click();
  await expect(dialog).toBeHidden();
});

test('an event without runners says so', async ({ page, loginAs }) => {
  const tag = tagOf();
  await loginAs({ prefix: 'penyelenggara', role: 'organizer' });
  const created = await page.request.post('/api/events', {
    data: {
      name: `Event Sepi ${tag}`,
      description: 'Belum ada pendaftar.',
      code: `sepi-${tag}`,
      location: 'Solo',
      regOpen: new Date(Date.now() + 86_400_000).toISOString(),
      regClose: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      eventDate: new Date(Date.now() + 9 * 86_400_000).toISOString(),
      paymentType: 'platform',
      paymentOptions: ['gopay'],
      categories: [{ name: '5K', price: 50_000, slots: 10 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await openEventList(page);
  await openRowMenu(page, `Event Sepi ${tag}`, 'Data Pelari');
  const dialog = page.getByRole('dialog', { name: `Data Pelari - Event Sepi ${tag}` });
  await expect(dialog.getByText('Tidak ada data pelari untuk kegiatan ini')).toBeVisible();
});

test('scan with a keyboard scanner: lookup, Racepack Diambil after confirming, Urungkan, a second scan says it was taken', async ({ page, loginAs, playwright, baseURL }) => {
  const organizerEmail = uniqueEmail('penyelenggara');
  const { runners } = await seed(playwright, baseURL!, organizerEmail);
  const [noman, , rina] = runners as [SeededRunner, SeededRunner, SeededRunner];
  await loginAs({ email: organizerEmail, role: 'organizer', name: 'Siti Penyelenggara' });
  await openEventList(page);
  // The scanner is downloaded on first use; while it comes, the page says it is loading.
  let releaseChunk!: () => void;
  const chunkHeld = new Promise<void>((resolve) => (releaseChunk = resolve));
  await page.route(/scan-qr-dialog-[^/]*\.js$/, async (route) => {
    await chunkHeld;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Scan QR' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Memuat...' })).toBeVisible();
  releaseChunk();
  const dialog = page.getByRole('dialog', { name: 'Scan QR Pelari' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Memuat...' })).toHaveCount(0);
  const input = dialog.getByLabel('Nilai QR code');
  await expect(input).toBeFocused();

  await input.press('Enter');
  await expect(dialog.getByText('Masukkan nilai QR code.')).toBeVisible();
  await input.fill('QR-YANG-TIDAK-ADA');
  await input.press('Enter');
  await expect(dialog.getByRole('alert').filter({ hasText: 'Pendaftaran tidak ditemukan.' })).toBeVisible();

  // A scanner types the code and presses Enter.
  await input.pressSequentially(noman.qrToken!, { delay: 5 });
  await input.press('Enter');
  const card = dialog.getByTestId('runner-card');
  await expect(card).toContainText('Ñoman Gégé Sitompul');
  await expect(card).toContainText(noman.registrationId);
  // The racepack card: what the desk needs first, the runner's other data behind a tap.
  await expect(card).toContainText('Terkonfirmasi');
  await expect(card).toContainText('10K');
  await expect(card.getByTestId('card-bib-number')).toHaveText('10K-0001');
  await expect(card).not.toContainText('Asma ringan');
  await card.getByRole('button', { name: 'Lihat data lengkap' }).click();
  for (const text of ['Lunas', 'Rp160.000', 'Asma ringan', '17-08-1992', 'KTP', 'Made Wirawan', 'WIB']) {
    await expect(card).toContainText(text);
  }
  await expect(input).toHaveValue('');
  await snap(page, 'scan-confirmed');

  // The hand-over asks first, naming the runner and the bib; 'Batal' hands nothing over.
  await card.getByRole('button', { name: 'Racepack Diambil' }).click();
  const handover = page.getByRole('dialog', { name: 'Serahkan racepack?' });
  await expect(handover.getByTestId('handover-summary')).toContainText('Ñoman Gégé Sitompul');
  await expect(handover.getByTestId('handover-summary')).toContainText('10K-0001');
  await snap(page, 'scan-confirm-handover');
  await handover.getByRole('button', { name: 'Batal' }).click();
  await expect(handover).toHaveCount(0);
  await expect(card).toContainText('Terkonfirmasi');
  await card.getByRole('button', { name: 'Racepack Diambil' }).click();
  await handover.getByRole('button', { name: 'Ya, Serahkan' }).click();
  await expect(card).toContainText('Racepack diambil');
  // The answer scrolls into view (the button that was pressed sits at the bottom of a long card).
  await expect(card.getByRole('status').filter({ hasText: 'Racepack berhasil diambil.' })).toBeInViewport();
  await expect(card.getByRole('button', { name: 'Racepack Diambil' })).toHaveCount(0);
  // 'Urungkan' comes into view with the answer (on a phone too): it is only offered for seconds.
  await expect(card.getByRole('button', { name: 'Urungkan' })).toBeInViewport({ ratio: 0.9 });
  await snap(page, 'scan-collected');

  // A mistake: 'Urungkan' (offered for a few seconds) takes it back, and it can be handed over again.
  await card.getByRole('button', { name: 'Urungkan' }).click();
  await expect(card.getByText('Penyerahan racepack diurungkan: status kembali Terkonfirmasi.')).toBeVisible();
  await expect(card).toContainText('Terkonfirmasi');
  await snap(page, 'scan-undone');
  await card.getByRole('button', { name: 'Racepack Diambil' }).click();
  await handover.getByRole('button', { name: 'Ya, Serahkan' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Racepack berhasil diambil.' })).toBeVisible();

  // The same runner comes back: the card says when the racepack was taken.
  await input.fill(noman.qrToken!);
  await input.press('Enter');
  await expect(card.getByRole('status')).toContainText(/Racepack sudah diambil pada \d{1,2} \w+ \d{4} pukul \d{2}\.\d{2} WIB\./);
  await expect(card.getByRole('button', { name: 'Racepack Diambil' })).toHaveCount(0);

  // An unpaid registration (looked up by its registration id) cannot collect.
  await input.fill(rina.registrationId);
  await input.press('Enter');
  await expect(card).toContainText('Rina Wulandari');
  await expect(card).toContainText('Pendaftaran belum dibayar: racepack belum bisa diambil.');
  await expect(card.getByRole('button', { name: 'Racepack Diambil' })).toHaveCount(0);

  const second = await page.request.patch(`/api/runner-registrations/${noman.registrationId}/racepack`, { data: { racePackStatus: 'racepack_collected' } });
  expect(second.status()).toBe(409);
  // The undo API: this organizer's own hand-over, within minutes; another organizer never finds it.
  const stranger = await playwright.request.newContext({ baseURL });
  const other = await signIn(stranger, { email: uniqueEmail('penyelenggara-lain'), role: 'organizer' });
  expect((await stranger.delete(`/api/runner-registrations/${noman.registrationId}/racepack`, { headers: other.headers })).status()).toBe(404);
  await stranger.dispose();
});
