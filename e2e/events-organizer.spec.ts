import type { Locator, Page } from '@playwright/test';
import QRCode from 'qrcode';
import { bibMessages } from '../src/domain/events/bib-numbers';
import { eventFormMessages, toJakartaLocalInput } from '../src/domain/events/event-form';
import { expect, test, uniqueEmail } from './fixtures';
import { expectNoHorizontalOverflow } from './log-helpers';

/**
 * Events (spec §2 kegiatan, Buat Event Baru, Event Detail; DESIGN.md §4 moderation): an organizer
 * creates an event with a header image and two categories, an admin accepts it, the organizer
 * sees it accepted. Desktop (1280) and phone (360).
 */
const shots = '/tmp/events-shots';
const DAY = 86_400_000;
const local = (days: number, hour = 8) => toJakartaLocalInput(new Date(Date.now() + days * DAY)).slice(0, 11) + `${String(hour).padStart(2, '0')}:00`;

async function snap(page: Page, name: string, fullPage = false) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage });
}

async function openEventList(page: Page) {
  await page.goto('/dashboard');
  // The home view's 'Buat Event' (organizers only) switches to the event list.
  await page.getByRole('button', { name: 'Buat Event' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Daftar Kegiatan' })).toBeVisible();
}

const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true });

test('an organizer creates an event with an image and two categories; an admin accepts it', async ({ page, loginAs }) => {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const name = `Derap Night Run ${tag}`;
  const code = `dnr-${tag}`;
  const organizerEmail = uniqueEmail('penyelenggara');
  await loginAs({ email: organizerEmail, name: 'Siti Penyelenggara', role: 'organizer' });

  await openEventList(page);
  await expect(page.getByText('Belum ada kegiatan')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await snap(page, 'list-empty');

  await page.getByRole('button', { name: 'Buat Event' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Buat Event Baru' });
  await expect(dialog).toBeVisible();
  await snap(page, 'create-empty');

  await field(dialog, 'Nama Event').fill(name);
  await expect(dialog.getByText(`derap-night-run-${tag}`)).toBeVisible();
  await field(dialog, 'Deskripsi').fill('Lari malam 5K dan 10K menyusuri kota.');
  await field(dialog, 'Kode Event').fill(`DNR_${tag}`.replace('_', '-') + '!!');
  await expect(field(dialog, 'Kode Event')).toHaveValue(code);
  await field(dialog, 'Lokasi').fill('Gelora Bung Karno, Jakarta');

  // A date rule first: registration may not open before today.
  await field(dialog, 'Pendaftaran Dibuka').fill(local(-2));
  await field(dialog, 'Pendaftaran Ditutup').fill(local(20));
  await field(dialog, 'Tanggal Event').fill(local(30, 5));
  await dialog.locator('input[type="file"]').first().setInputFiles({
    name: 'header.png',
    mimeType: 'image/png',
    buffer: await QRCode.toBuffer(`https://derap.id/register/${code}`, { width: 600, margin: 8, color: { dark: '#9a3412', light: '#fff7ed' } }),
  });
  await expect(dialog.getByRole('img', { name: 'Pratinjau gambar header' })).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Pratinjau gambar header' })).toHaveAttribute('src', /\/api\/files\/[a-f0-9]{32}\.png$/);

  await field(dialog, 'Nama Kategori').fill('5K');
  await field(dialog, 'Harga (Rp)').fill('150000');
  await field(dialog, 'Slot').fill('300');
  await expect(field(dialog, 'Biaya Admin')).toHaveValue('Rp10.000');
  await expect(field(dialog, 'Biaya Admin')).toBeDisabled();
  await dialog.getByRole('button', { name: 'Tambah Kategori' }).click();
  const second = dialog.getByRole('listitem', { name: 'Kategori 2' });
  await second.getByLabel('Nama Kategori', { exact: true }).fill('10K');
  // Numeric fields keep digits only.
  await second.getByLabel('Harga (Rp)').pressSequentially('Rp 250.000');
  await expect(second.getByLabel('Harga (Rp)')).toHaveValue('250000');
  await second.getByLabel('Slot').fill('200');
  // Early bird: the price becomes the early bird price, with a normal price and a last day.
  await second.getByLabel('Early bird').check();
  await expect(second.getByLabel('Harga Early Bird (Rp)')).toHaveValue('250000');
  await second.getByLabel('Harga Normal (Rp)').fill('300000');
  await second.getByLabel('Early Bird Sampai').fill(local(10).slice(0, 10));
  // Bib numbers per category: a prefix and a range; the form shows what the bibs will read.
  const first = dialog.getByRole('listitem', { name: 'Kategori 1' });
  await first.getByLabel('Awalan').fill('5K-');
  await first.getByLabel('Nomor Awal').fill('1');
  await first.getByLabel('Nomor Akhir').pressSequentially('3O0');
  await expect(first.getByLabel('Nomor Akhir')).toHaveValue('30');
  await first.getByLabel('Nomor Akhir').fill('300');
  await expect(first.getByTestId('bib-example')).toHaveText('Nomor BIB: 5K-001 s.d. 5K-300 (300 nomor)');
  // The same prefix (any case) over the same numbers would print one bib twice.
  await second.getByLabel('Awalan').fill('5k-');
  await second.getByLabel('Nomor Awal').fill('250');
  await second.getByLabel('Nomor Akhir').fill('400');
  await dialog.getByRole('checkbox', { name: 'GoPay' }).check();
  await dialog.getByRole('checkbox', { name: 'QRIS' }).check();

  await dialog.getByRole('button', { name: 'Buat Event' }).click();
  await expect(dialog.getByText(eventFormMessages.regOpenPast)).toBeVisible();
  await expect(second.getByText(bibMessages.clash('5K'))).toBeVisible();
  await expect(field(dialog, 'Pendaftaran Dibuka')).toBeFocused();
  await snap(page, 'create-error');
  await second.getByText(bibMessages.clash('5K')).scrollIntoViewIfNeeded();
  await snap(page, 'create-bib-error');
  await field(dialog, 'Pendaftaran Dibuka').fill(local(0, 23));
  await expect(dialog.getByText(eventFormMessages.regOpenPast)).toHaveCount(0);
  await second.getByLabel('Awalan').fill('10K-');
  await second.getByLabel('Nomor Awal').fill('1');
  await second.getByLabel('Nomor Akhir').fill('150');
  await expect(second.getByText(bibMessages.clash('5K'))).toHaveCount(0);
  // Fewer numbers than slots is allowed, and said.
  await expect(second.getByText(bibMessages.fewerThanSlots(150, 200))).toBeVisible();
  await second.getByText(bibMessages.fewerThanSlots(150, 200)).scrollIntoViewIfNeeded();
  await snap(page, 'create-bib');
  await snap(page, 'create-filled', true);

  await dialog.getByRole('button', { name: 'Buat Event' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Event "${name}" berhasil dibuat dan menunggu persetujuan admin.`)).toBeVisible();
  const row = page.getByTestId('event-row').filter({ hasText: name });
  await expect(row).toContainText('Diajukan');
  await expect(row).toContainText('5K, 10K');
  const mine = (await (await page.request.get('/api/events')).json()).events.find((e: { name: string }) => e.name === name);
  expect(mine.categories.map((c: { bibPrefix: string; bibStart: number; bibEnd: number }) => [c.bibPrefix, c.bibStart, c.bibEnd])).toEqual([
    ['5K-', 1, 300],
    ['10K-', 1, 150],
  ]);
  await expect(row).toContainText('Rp160.000 – Rp260.000');
  await expect(page.getByText('Menampilkan 1–1 dari 1 kegiatan')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await snap(page, 'list-submitted');

  // The row menu works from the keyboard.
  const menuButton = page.getByRole('button', { name: `Aksi untuk ${name}` });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: `Aksi untuk ${name}` });
  await expect(menu.getByRole('menuitem', { name: 'Detail Kegiatan' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Ubah Event' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Data Pelari' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  // 'Data Pelari' and 'Scan QR' open the runner-data and scanner dialogs.
  await menuButton.click();
  await menu.getByRole('menuitem', { name: 'Data Pelari' }).click();
  const runners = page.getByRole('dialog', { name: `Data Pelari - ${name}` });
  await expect(runners).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(runners).toHaveCount(0);
  await page.getByRole('button', { name: 'Scan QR' }).click();
  const scanner = page.getByRole('dialog', { name: 'Scan QR Pelari' });
  await expect(scanner).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(scanner).toHaveCount(0);

  await row.getByRole('button', { name, exact: true }).click();
  const detail = page.getByRole('dialog', { name: 'Detail Kegiatan' });
  await expect(detail).toContainText(name);
  await expect(detail).toContainText(code);
  await expect(detail).toContainText('WIB');
  // Nobody registered yet: it may be changed and deleted (decision 020).
  await expect(detail.getByRole('button', { name: 'Ubah' })).toBeEnabled();
  await expect(detail.getByRole('button', { name: 'Hapus' })).toBeEnabled();
  await expect(detail).toContainText('Early bird Rp250.000');
  await expect(detail.getByRole('link', { name: 'Lihat Form' })).toHaveAttribute('href', `/register/${code}`);
  await snap(page, 'detail');
  await detail.getByRole('button', { name: 'Tutup' }).click();

  // The admin accepts it, after confirming.
  await loginAs({ role: 'admin', name: 'Admin Uji' });
  await page.goto('/admin?tab=event');
  await expect(page.getByRole('heading', { name: 'Event', exact: true })).toBeVisible();
  const adminRow = page.getByTestId('admin-event-row').filter({ hasText: name });
  await expect(adminRow).toContainText('Diajukan');
  await expectNoHorizontalOverflow(page);
  await snap(page, 'admin-list');
  await adminRow.getByRole('button', { name: `Terima ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Ubah status event' });
  await expect(confirm).toContainText(`Yakin menerima event ${name}?`);
  await snap(page, 'admin-confirm');
  await confirm.getByRole('button', { name: 'Ya, Terima' }).click();
  await expect(page.getByText(`Status "${name}" sekarang Diterima.`)).toBeVisible();
  await expect(page.getByTestId('admin-event-row').filter({ hasText: name })).toHaveCount(0);
  await page.getByLabel('Filter status').selectOption('diterima');
  await expect(page.getByTestId('admin-event-row').filter({ hasText: name })).toContainText('Diterima');

  // Back as the organizer: accepted, and public.
  await loginAs({ email: organizerEmail, name: 'Siti Penyelenggara', role: 'organizer' });
  await openEventList(page);
  await expect(page.getByTestId('event-row').filter({ hasText: name })).toContainText('Diterima');
  await snap(page, 'list-accepted');
  const publicEvent = await page.request.get(`/api/events/${code}`);
  expect(publicEvent.status()).toBe(200);
  expect((await publicEvent.json()).event.categories.map((c: { name: string }) => c.name)).toEqual(['5K', '10K']);
});

test('a duplicate code is refused with the spec message and the form keeps its values', async ({ page, loginAs }) => {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await loginAs({ prefix: 'penyelenggara', role: 'organizer' });
  const first = await page.request.post('/api/events', {
    data: {
      name: `Event Pertama ${tag}`,
      description: 'x',
      code: `kode-${tag}`,
      location: 'Bandung',
      regOpen: local(1),
      regClose: local(5),
      eventDate: local(9),
      paymentType: 'platform',
      paymentOptions: ['gopay'],
      categories: [{ name: '5K', price: 1000, slots: 5 }],
    },
  });
  expect(first.status()).toBe(201);
  await openEventList(page);
  await page.getByRole('button', { name: 'Buat Event' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Buat Event Baru' });
  await field(dialog, 'Nama Event').fill(`Event Kedua ${tag}`);
  await field(dialog, 'Deskripsi').fill('y');
  await field(dialog, 'Kode Event').fill(`kode-${tag}`);
  await field(dialog, 'Lokasi').fill('Bandung');
  await field(dialog, 'Pendaftaran Dibuka').fill(local(1));
  await field(dialog, 'Pendaftaran Ditutup').fill(local(5));
  await field(dialog, 'Tanggal Event').fill(local(9));
  await field(dialog, 'Nama Kategori').fill('5K');
  await field(dialog, 'Harga (Rp)').fill('1000');
  await field(dialog, 'Slot').fill('5');
  // No payment option yet: the form says so before the server is asked.
  await dialog.getByRole('button', { name: 'Buat Event' }).click();
  await expect(dialog.getByText(eventFormMessages.paymentOptionsRequired)).toBeVisible();
  await dialog.getByLabel('BNI Virtual Account').check();
  await dialog.getByRole('button', { name: 'Buat Event' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Kode Event telah digunakan, gunakan kode event yang lain!' })).toBeVisible();
  await expect(field(dialog, 'Nama Event')).toHaveValue(`Event Kedua ${tag}`);
  await snap(page, 'create-duplicate');
});
