import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test, uniqueEmail } from './fixtures';
import { expectNoHorizontalOverflow } from './log-helpers';
import { openEventList, seedSanurRun as seed, snap } from './organizer-tools-helpers';

/**
 * Issue 13 item 2 and the event's cancellation (decision 021), as an organizer would do them, at
 * 1280 and 360 px: cancel a paid registration with a refund and see it canceled; correct a runner's
 * BIB name and read the change history; cancel the whole event after seeing the paid runners and the
 * refund total.
 */

/** Presses a ⋮ menu button and picks an item (on a phone the button sits in a sideways scroll). */
async function pick(page: Page, button: string, item: string) {
  const trigger = page.getByRole('button', { name: button, exact: true });
  await trigger.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await trigger.click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function openRunnerData(page: Page, eventName: string) {
  await openEventList(page);
  await pick(page, `Aksi untuk ${eventName}`, 'Data Pelari');
  const dialog = page.getByRole('dialog', { name: `Data Pelari - ${eventName}` });
  await expect(dialog.locator('[data-testid="runner-row"], [data-testid="runner-data-card"]')).toHaveCount(3);
  return dialog;
}

const noSidewaysPage = (page: Page) => expectNoHorizontalOverflow(page);

test('an organizer cancels a paid registration with a refund and sees it canceled', async ({ page, loginAs, playwright, baseURL }) => {
  const organizerEmail = uniqueEmail('penyelenggara');
  const { event } = await seed(playwright, baseURL!, organizerEmail);
  await loginAs({ email: organizerEmail, role: 'organizer', name: 'Siti Penyelenggara' });
  const runnerData = await openRunnerData(page, event.name);
  const budi = runnerData.locator('[data-testid="runner-row"], [data-testid="runner-data-card"]').filter({ hasText: 'Budi Santoso' });
  await expect(budi).toContainText('Terkonfirmasi');

  await pick(page, 'Aksi untuk Budi Santoso', 'Batalkan Pendaftaran');
  const dialog = page.getByRole('dialog', { name: 'Batalkan Pendaftaran' });
  await expect(dialog).toBeVisible();
  // Nothing goes without a reason and a refund choice.
  await dialog.getByRole('button', { name: 'Lanjutkan' }).click();
  await expect(dialog.getByText('Alasan pembatalan wajib diisi.')).toBeVisible();
  await expect(dialog.getByText('Pilih apakah dana dikembalikan.')).toBeVisible();
  await dialog.getByLabel('Alasan pembatalan').fill('Pelari mengundurkan diri karena cedera lutut.');
  // Half Marathon: Rp350.000 event fee back, Derap's Rp10.000 kept.
  await dialog.getByText('Ya, kembalikan Rp350.000 ke pelari').click();
  await expect(dialog.getByText('Biaya admin Rp10.000 tidak dikembalikan.')).toBeVisible();
  await snap(page, 'cancel-registration-form');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Lanjutkan' }).click();

  const confirm = page.getByRole('dialog', { name: 'Yakin membatalkan pendaftaran?' });
  await expect(confirm.getByText('Rp350.000 dikembalikan melalui layanan pembayaran')).toBeVisible();
  await snap(page, 'cancel-registration-confirm');
  await confirm.getByRole('button', { name: 'Ya, Batalkan Pendaftaran' }).click();

  await expect(page.getByText('Pendaftaran dibatalkan dan dana Rp350.000 dikembalikan ke pelari.')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(budi).toContainText('Dibatalkan');
  await noSidewaysPage(page);
  await snap(page, 'cancel-registration-done');
  // A canceled registration cannot be canceled again: the menu no longer offers it.
  const menuButton = page.getByRole('button', { name: 'Aksi untuk Budi Santoso', exact: true });
  await menuButton.scrollIntoViewIfNeeded();
  await menuButton.click();
  await expect(page.getByRole('menuitem', { name: 'Ubah Data' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Batalkan Pendaftaran' })).toHaveCount(0);
  await page.keyboard.press('Escape');
});

test("an organizer corrects a runner's BIB name and reads the change history", async ({ page, loginAs, playwright, baseURL }) => {
  const organizerEmail = uniqueEmail('penyelenggara');
  const { event } = await seed(playwright, baseURL!, organizerEmail);
  await loginAs({ email: organizerEmail, role: 'organizer', name: 'Siti Penyelenggara' });
  const runnerData = await openRunnerData(page, event.name);

  await pick(page, 'Aksi untuk Budi Santoso', 'Ubah Data');
  const dialog = page.getByRole('dialog', { name: 'Ubah Data Pelari' });
  await expect(dialog.getByText('Belum ada perubahan data.')).toBeVisible();
  const bib = dialog.getByLabel('Nama BIB');
  await bib.fill('BUDI SANTOSO');
  await dialog.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await expect(dialog.getByText('Nama BIB maksimal 10 karakter')).toBeVisible();
  await expect(bib).toBeFocused();
  await bib.fill('BUDI S');
  await dialog.getByLabel('Ukuran Kaos').selectOption('XL');
  await dialog.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await expect(page.getByText('2 data pelari diperbarui.')).toBeVisible();
  await expect(runnerData.locator('[data-testid="runner-row"], [data-testid="runner-data-card"]').filter({ hasText: 'Budi Santoso' })).toContainText('XL');

  await pick(page, 'Aksi untuk Budi Santoso', 'Ubah Data');
  const history = page.getByRole('dialog', { name: 'Ubah Data Pelari' }).getByTestId('change-history');
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history).toContainText('Nama BIB');
  await expect(history).toContainText('BUDI S');
  await expect(history).toContainText('oleh Siti Penyelenggara');
  await snap(page, 'correct-data-history');
  expect(await seriousViolations(page)).toEqual([]);
});

test('an organizer cancels the event after seeing the paid runners and the refund total', async ({ page, loginAs, playwright, baseURL }) => {
  const organizerEmail = uniqueEmail('penyelenggara');
  const { event } = await seed(playwright, baseURL!, organizerEmail);
  await loginAs({ email: organizerEmail, role: 'organizer', name: 'Siti Penyelenggara' });
  await openEventList(page);
  await pick(page, `Aksi untuk ${event.name}`, 'Batalkan Event');

  const dialog = page.getByRole('dialog', { name: 'Batalkan Event' });
  const summary = dialog.getByTestId('cancel-event-summary');
  // Paid: 10K (Rp160.000) and Half Marathon (Rp360.000), refunded in full; one unpaid hold.
  await expect(summary).toContainText('2 pelari');
  await expect(summary).toContainText('Rp520.000 dikembalikan penuh');
  await expect(summary).toContainText('1 pelari');
  await dialog.getByLabel('Pemberitahuan untuk pelari').fill('Event ditiadakan karena cuaca ekstrem. Seluruh biaya dikembalikan.');
  await snap(page, 'cancel-event-form');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Lanjutkan' }).click();
  await expect(dialog.getByText('Yakin membatalkan event ini?')).toBeVisible();
  await expect(dialog).toContainText('2 pelari menerima pengembalian dana sebesar total Rp520.000');
  await snap(page, 'cancel-event-confirm');
  await dialog.getByRole('button', { name: 'Ya, Batalkan Event' }).click();

  const progress = page.getByRole('dialog', { name: 'Pembatalan Event' });
  await expect(progress.getByText('Pembatalan selesai')).toBeVisible({ timeout: 20_000 });
  await expect(progress).toContainText('Rp520.000 dikembalikan ke 2 pelari');
  await snap(page, 'cancel-event-done');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('event-row').filter({ hasText: event.name })).toContainText('Dibatalkan');
  await noSidewaysPage(page);
});
