import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { eventChangeMessages } from '../src/domain/events/event-changes';
import { toJakartaLocalInput } from '../src/domain/events/event-form';
import { zonedDateTime } from '../src/domain/registrations/openness';
import { seriousViolations } from './axe';
import { expect, signIn, test, uniqueEmail } from './fixtures';
import { expectNoHorizontalOverflow } from './log-helpers';
import { openEventList, seedEventWithRunners, tagOf } from './organizer-tools-helpers';

/**
 * An organizer's event after 'Buat Event' (issue 13, decision 020), at 360 and 1280 px: edit texts
 * and dates (visible on the public page), a refused price change of a sold category, registration
 * closed early, Keuangan with the organizer's net; the admin sees the whole event and is warned
 * before rejecting one with paid runners; an event nobody registered for is deleted.
 */
const shots = '/tmp/event-lifecycle-shots';
mkdirSync(shots, { recursive: true });
const DAY = 86_400_000;
const local = (days: number, hour = 8) => toJakartaLocalInput(new Date(Date.now() + days * DAY)).slice(0, 11) + `${String(hour).padStart(2, '0')}:00`;

async function snap(page: Page, name: string, fullPage = false) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.screenshot({ path: `${shots}/${name}-${page.viewportSize()!.width}.png`, fullPage });
}

async function openMenuItem(page: Page, eventName: string, item: string) {
  await page.getByRole('button', { name: `Aksi untuk ${eventName}` }).click();
  await page.getByRole('menu', { name: `Aksi untuk ${eventName}` }).getByRole('menuitem', { name: item }).click();
}

const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });

/** An accepted platform event with a paid 10K, a paid Half Marathon and an unpaid 10K (all QRIS). */
async function seed(
  playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } },
  baseURL: string,
  organizerEmail: string,
) {
  const tag = tagOf();
  const [organizer, admin, anonymous] = await Promise.all([0, 1, 2].map(() => playwright.request.newContext({ baseURL })));
  await signIn(organizer!, { email: organizerEmail, role: 'organizer', name: 'Siti Penyelenggara' });
  await signIn(admin!, 'admin');
  const seeded = await seedEventWithRunners(organizer!, admin!, anonymous!, {
    name: `Sanur Fun Run ${tag}`,
    code: `sfr-${tag}`,
    runners: [
      { fullName: 'Wayan Sudarsana', email: uniqueEmail('wayan'), pay: true },
      { fullName: 'Budi Santoso', email: uniqueEmail('budi'), pay: true },
      { fullName: 'Rina Wulandari', email: uniqueEmail('rina'), pay: false },
    ],
  });
  await Promise.all([organizer!.dispose(), admin!.dispose(), anonymous!.dispose()]);
  return seeded;
}

test('an organizer edits an event, is refused a price change of a sold category, closes registration and reads Keuangan', async ({
  page,
  loginAs,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const organizerEmail = uniqueEmail('penyelenggara');
  const { event } = await seed(playwright, baseURL!, organizerEmail);
  await loginAs({ email: organizerEmail, role: 'organizer', name: 'Siti Penyelenggara' });

  await openEventList(page);
  const row = page.getByTestId('event-row').filter({ hasText: event.name });
  // 'Pendapatan' is the organizer's net: Rp150.000 + Rp350.000, without Derap's Rp10.000 per runner.
  await expect(row).toContainText('Rp500.000');
  await expect(row).toContainText('Diterima');
  await expect(page.getByText('Menampilkan 1–1 dari 1 kegiatan')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await snap(page, 'list', true);

  // Edit texts and the date.
  await openMenuItem(page, event.name, 'Ubah Event');
  const dialog = page.getByRole('dialog', { name: 'Ubah Event' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Sudah ada pendaftar');
  await expect(dialog.getByRole('listitem', { name: 'Kategori 1' })).toContainText('Kategori ini sudah ada pendaftar');
  await snap(page, 'edit-open');
  expect(await seriousViolations(page)).toEqual([]);
  const newDescription = 'Rute baru: start di Pantai Sanur, putar balik di Mertasari.';
  await field(dialog, 'Deskripsi').fill(newDescription);
  const newDate = local(34, 6);
  await field(dialog, 'Tanggal Event').fill(newDate);
  await dialog.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Perubahan "${event.name}" tersimpan.`)).toBeVisible();
  await expect(row).toContainText('Diterima');

  // A price change of the sold 10K is refused with the rule's message, next to the field.
  await openMenuItem(page, event.name, 'Ubah Event');
  await expect(dialog).toBeVisible();
  const tenK = dialog.getByRole('listitem', { name: 'Kategori 1' });
  await field(tenK, 'Harga (Rp)').fill('175000');
  await dialog.getByRole('button', { name: 'Simpan Perubahan' }).click();
  const message = eventChangeMessages.categoryPrice('10K');
  await expect(dialog.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(field(tenK, 'Harga (Rp)')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(tenK, 'Harga (Rp)')).toBeFocused();
  await snap(page, 'edit-refused');
  await dialog.getByRole('button', { name: 'Batal' }).click();

  // The public page shows the new text and date.
  const publicPage = await page.context().newPage();
  await publicPage.goto(`/register/${event.code}`);
  await expect(publicPage.getByText(newDescription)).toBeVisible();
  await expect(publicPage.getByText(zonedDateTime(new Date(`${newDate}:00+07:00`)).date, { exact: true })).toBeVisible();
  await snap(publicPage, 'public-edited');

  // Close registration early, after confirming; the public page then says it is closed.
  await openMenuItem(page, event.name, 'Tutup Pendaftaran');
  const confirmClose = page.getByRole('dialog', { name: 'Tutup pendaftaran sekarang?' });
  await expect(confirmClose).toContainText('1 pelari yang sedang menunggu pembayaran');
  await snap(page, 'close-confirm');
  await confirmClose.getByRole('button', { name: 'Ya, Tutup Pendaftaran' }).click();
  await expect(page.getByText(`Pendaftaran "${event.name}" ditutup.`)).toBeVisible();
  await publicPage.reload();
  await expect(publicPage.getByText(/Pendaftaran telah ditutup pada/)).toBeVisible();
  await snap(publicPage, 'public-closed');
  await publicPage.close();
  // Closed: the menu no longer offers it, and the sold event offers no delete.
  await page.getByRole('button', { name: `Aksi untuk ${event.name}` }).click();
  const menu = page.getByRole('menu', { name: `Aksi untuk ${event.name}` });
  await expect(menu.getByRole('menuitem', { name: 'Detail Kegiatan' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Tutup Pendaftaran' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'Hapus Event' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Keuangan: the sidebar view (in the drawer on phones).
  const toggle = page.getByRole('button', { name: 'Buka menu' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('navigation', { name: 'Menu dasbor' }).getByRole('button', { name: 'Keuangan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Keuangan' })).toBeVisible();
  const financeRow = page.getByTestId('finance-event').filter({ hasText: event.name });
  await expect(financeRow).toContainText('Rp520.000'); // paid by runners
  await expect(financeRow).toContainText('Rp500.000'); // the organizer's net
  const breakdown = page.getByRole('region', { name: 'Rincian' });
  await expect(breakdown).toContainText('Pencairan dari Derap');
  await expect(breakdown).toContainText('Rp3.640'); // QRIS 0,7 % of Rp160.000 and of Rp360.000, borne by Derap
  await expectNoHorizontalOverflow(page);
  await snap(page, 'keuangan', true);
  expect(await seriousViolations(page)).toEqual([]);
  await financeRow.getByRole('button', { name: event.name }).click();
  const eventFinance = page.getByRole('dialog', { name: `Keuangan - ${event.name}` });
  await expect(eventFinance).toContainText('QRIS');
  await expect(eventFinance).toContainText('Half Marathon');
  await snap(page, 'keuangan-event');
});

test('the admin sees the whole event and cannot reject one with paid runners: the counts and the way (Batalkan Event) instead', async ({ page, loginAs, playwright, baseURL }) => {
  test.setTimeout(90_000);
  const { event } = await seed(playwright, baseURL!, uniqueEmail('penyelenggara'));
  await loginAs({ role: 'admin', name: 'Admin Uji' });
  await page.goto('/admin?tab=event');
  await page.getByLabel('Filter status').selectOption('diterima');
  const adminRow = page.getByTestId('admin-event-row').filter({ hasText: event.name });
  await expect(adminRow).toContainText('2 pelari terbayar');
  await adminRow.getByRole('button', { name: `Lihat detail lengkap ${event.name}` }).click();
  await expect(adminRow).toContainText('Lari pagi menyusuri pantai Sanur.');
  await expect(adminRow).toContainText('Half Marathon');
  await expect(adminRow).toContainText('Melalui Derap');
  await expect(adminRow).toContainText('QRIS, GoPay');
  await expectNoHorizontalOverflow(page);
  await snap(page, 'admin-detail');
  await adminRow.getByRole('button', { name: `Tolak ${event.name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Ubah status event' });
  await expect(confirm.getByRole('alert')).toContainText('2 pelari sudah membayar dan 1 menunggu pembayaran, jadi event ini tidak dapat ditolak');
  await expect(confirm.getByRole('alert')).toContainText('Batalkan Event');
  await expect(confirm.getByRole('button', { name: 'Ya, Tolak' })).toBeDisabled();
  await snap(page, 'admin-reject-warning');
  // The server holds it too: a reject or close of this event answers 409, and the runners stay registered.
  for (const status of ['ditolak', 'tutup']) {
    const refused = await page.request.patch(`/api/admin/events/${event._id}/status`, { data: { status } });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).code).toBe('EVENT_HAS_RUNNERS');
  }
  await confirm.getByRole('button', { name: 'Batal' }).click();
  await expect(adminRow).toContainText('Diterima');
});

test('an event nobody registered for is deleted after a confirmation', async ({ page, loginAs }) => {
  const tag = tagOf();
  const name = `Event Uji Hapus ${tag}`;
  await loginAs({ prefix: 'penyelenggara', role: 'organizer' });
  const created = await page.request.post('/api/events', {
    data: {
      name,
      description: 'Akan dihapus.',
      code: `hapus-${tag}`,
      location: 'Bandung',
      regOpen: local(1),
      regClose: local(5),
      eventDate: local(9),
      paymentType: 'platform',
      paymentOptions: ['gopay'],
      categories: [{ name: '5K', price: 100000, slots: 50 }],
    },
  });
  expect(created.status()).toBe(201);
  await openEventList(page);
  await openMenuItem(page, name, 'Hapus Event');
  const confirm = page.getByRole('dialog', { name: 'Hapus event?' });
  await expect(confirm).toContainText('dihapus permanen');
  await snap(page, 'delete-confirm');
  await confirm.getByRole('button', { name: 'Ya, Hapus' }).click();
  await expect(page.getByText(`Event "${name}" telah dihapus.`)).toBeVisible();
  await expect(page.getByTestId('event-row').filter({ hasText: name })).toHaveCount(0);
});
