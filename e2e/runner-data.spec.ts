import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Locator, Page } from '@playwright/test';
import { runnerExportColumns, runnerExportFileName } from '../src/domain/registrations/runner-export';
import { seriousViolations } from './axe';
import { expect, test, uniqueEmail } from './fixtures';
import { openEventList, seedSanurRun as seed, snap } from './organizer-tools-helpers';

/**
 * Data Pelari on a phone (cards, personal data behind 'Lihat detail', no sideways scroll) and on a
 * desktop (chosen columns, remembered): the organizer filters by payment status, category and
 * racepack, and downloads the .xlsx and the ';' CSV of what the filters keep. 360 and 1280 px.
 */
async function openRowMenu(page: Page, eventName: string, item: string) {
  const button = page.getByRole('button', { name: `Aksi untuk ${eventName}` });
  await button.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await button.click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Table rows on a desktop, cards on a phone. */
const runners = (dialog: Locator) => dialog.locator('[data-testid="runner-row"], [data-testid="runner-data-card"]');

/** Which of the three seeded runners the list shows now (allTextContents never waits for a row that went away). */
async function names(dialog: Locator) {
  const texts = (await runners(dialog).allTextContents()).map((t) => t.normalize('NFC'));
  return ['Ñoman Gégé Sitompul', 'Budi Santoso', 'Rina Wulandari'].filter((name) => texts.some((t) => t.includes(name.normalize('NFC')))).sort();
}

const noSidewaysScroll = async (page: Page) => {
  const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(width);
};

test('Data Pelari: filters, phone cards or chosen columns, and the .xlsx and ; CSV of the filtered runners', { tag: '@layout' }, async ({ page, loginAs, playwright, baseURL }) => {
  const phone = page.viewportSize()!.width < 640;
  const organizerEmail = uniqueEmail('penyelenggara');
  const { event } = await seed(playwright, baseURL!, organizerEmail);
  await loginAs({ email: organizerEmail, role: 'organizer', name: 'Siti Penyelenggara' });
  await openEventList(page);
  await openRowMenu(page, event.name, 'Data Pelari');
  const dialog = page.getByRole('dialog', { name: `Data Pelari - ${event.name}` });
  await expect(dialog).toBeVisible();
  await expect(runners(dialog)).toHaveCount(3);
  await expect(dialog.getByTestId('runner-data-range')).toHaveText('Menampilkan 1–3 dari 3 pelari');
  await expect(dialog.getByTestId('runner-data-counts')).toContainText('Total pelari: 3');
  // No English: the downloads say Unduh.
  await expect(dialog.getByRole('link', { name: 'Unduh Excel (.xlsx)' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Unduh CSV' })).toBeVisible();
  await expect(dialog.getByText(/Download|Showing|entries/)).toHaveCount(0);

  if (phone) {
    // Cards, not a table: name, id, badges, category, size and racepack without scrolling sideways.
    await expect(dialog.getByRole('table')).toHaveCount(0);
    const noman = dialog.getByTestId('runner-data-card').filter({ hasText: 'Ñoman Gégé Sitompul' });
    for (const text of ['Terkonfirmasi', 'Lunas', '10K', 'M', 'Belum diambil']) await expect(noman).toContainText(text);
    await expect(noman).not.toContainText('3174010000001000');
    await noSidewaysScroll(page);
    await snap(page, 'runner-data-cards');
    const detail = noman.getByRole('button', { name: /Lihat detail/ });
    await expect(detail).toHaveAttribute('aria-expanded', 'false');
    await detail.click();
    await expect(noman.getByRole('button', { name: /Sembunyikan detail/ })).toHaveAttribute('aria-expanded', 'true');
    for (const text of ['3174010000001000', '+628120001000', '17-08-1992', 'Made Wirawan', 'Asma ringan', 'Pelari "Senja", Bali']) {
      await expect(noman).toContainText(text);
    }
    await noSidewaysScroll(page);
    await snap(page, 'runner-data-card-detail');
    expect(await seriousViolations(page)).toEqual([]);
  } else {
    // The default columns, status and payment status early; the table fits the screen.
    const headers = (await dialog.getByRole('columnheader').allTextContents()).map((h) => h.trim());
    expect(headers).toEqual(['Nama Lengkap', 'ID Pendaftaran', 'Status', 'Status Pembayaran', 'Nomor BIB', 'Kategori', 'Ukuran Kaos', 'Aksi']);
    const region = dialog.getByRole('region', { name: 'Tabel data pelari' });
    const fits = await region.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
    await noSidewaysScroll(page);
    await snap(page, 'runner-data-table');
    expect(await seriousViolations(page)).toEqual([]);
    // Another column, remembered when Data Pelari opens again.
    await dialog.getByRole('button', { name: 'Kolom (7/19)' }).click();
    await dialog.getByRole('checkbox', { name: 'No. Identitas' }).check();
    await expect(dialog.getByRole('columnheader', { name: 'No. Identitas' })).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: 'Nama Lengkap' })).toBeDisabled();
    await snap(page, 'runner-data-columns');
    expect(await seriousViolations(page)).toEqual([]);
    // Escape closes the column panel only, not Data Pelari.
    await page.keyboard.press('Escape');
    await expect(dialog.getByRole('checkbox', { name: 'No. Identitas' })).toBeHidden();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Tutup' }).last().click();
    await expect(dialog).toBeHidden();
    await openRowMenu(page, event.name, 'Data Pelari');
    await expect(dialog.getByRole('columnheader', { name: 'No. Identitas' })).toBeVisible();
    await expect(dialog.getByRole('row').filter({ hasText: 'Ñoman Gégé Sitompul' })).toContainText('3174010000001000');
  }

  // Filters, each alone and combined with the search.
  await dialog.getByRole('combobox', { name: 'Pembayaran' }).selectOption({ label: 'Menunggu' });
  await expect.poll(() => names(dialog)).toEqual(['Rina Wulandari']);
  await expect(dialog.getByTestId('runner-data-counts')).toContainText('Sesuai pencarian: 1');
  await dialog.getByRole('button', { name: 'Hapus 1 filter' }).click();
  await expect(runners(dialog)).toHaveCount(3);
  await dialog.getByRole('combobox', { name: 'Racepack' }).selectOption({ label: 'Belum diambil' });
  await expect.poll(() => names(dialog)).toEqual(['Budi Santoso', 'Ñoman Gégé Sitompul']);
  await dialog.getByRole('combobox', { name: 'Kategori' }).selectOption({ label: '10K' });
  await expect.poll(() => names(dialog)).toEqual(['Ñoman Gégé Sitompul']);
  await dialog.getByRole('combobox', { name: 'Racepack' }).selectOption({ label: 'Semua' });
  await expect.poll(() => names(dialog)).toEqual(['Rina Wulandari', 'Ñoman Gégé Sitompul'].sort());
  await dialog.getByRole('searchbox', { name: 'Cari data pelari' }).fill('rina');
  await expect.poll(() => names(dialog)).toEqual(['Rina Wulandari']);
  await dialog.getByRole('searchbox', { name: 'Cari data pelari' }).fill('');
  await expect.poll(() => names(dialog)).toEqual(['Rina Wulandari', 'Ñoman Gégé Sitompul'].sort());
  await expect(dialog.getByTestId('runner-data-range')).toHaveText('Menampilkan 1–2 dari 2 pelari');
  await noSidewaysScroll(page);
  await snap(page, 'runner-data-filtered');

  // The .xlsx of the 10K runners, read like a spreadsheet would.
  const xlsxDownload = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Unduh Excel (.xlsx)' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toBe(runnerExportFileName(event.name, new Date(), 'xlsx'));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(await xlsx.path()) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Data Pelari')!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...runnerExportColumns]);
  expect(sheet.rowCount).toBe(3);
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(sheet.autoFilter).toBe('A1:S1');
  let nomanRow: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    if (row.getCell(2).value === 'Ñoman Gégé Sitompul') nomanRow = row;
  });
  expect(nomanRow).toBeTruthy();
  const col = (name: (typeof runnerExportColumns)[number]) => nomanRow!.getCell(runnerExportColumns.indexOf(name) + 1);
  expect(col('No. Identitas').type).toBe(ExcelJS.ValueType.String);
  expect(col('No. Identitas').value).toBe('3174010000001000');
  expect(col('No. HP').type).toBe(ExcelJS.ValueType.String);
  expect(col('No. HP').value).toBe('+628120001000');
  expect(col('Tanggal Lahir').type).toBe(ExcelJS.ValueType.Date);
  expect(col('Tanggal Lahir').value).toEqual(new Date('1992-08-17T00:00:00Z'));
  expect(col('Komunitas').value).toBe('Pelari "Senja", Bali');

  // The CSV with ';' for Excel with Indonesian settings, of the same runners.
  await dialog.getByRole('button', { name: 'Unduh CSV' }).click();
  await expect(dialog.getByRole('link', { name: /Pemisah koma \(,\)/ })).toBeVisible();
  await snap(page, 'runner-data-csv-menu');
  expect(await seriousViolations(page)).toEqual([]);
  const csvDownload = page.waitForEvent('download');
  await dialog.getByRole('link', { name: /Pemisah titik koma \(;\) Untuk Excel dengan pengaturan Indonesia/ }).click();
  const csv = readFileSync(await (await csvDownload).path()).toString('utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe(runnerExportColumns.join(';'));
  expect(lines).toHaveLength(3);
  // A plain phone number carries no apostrophe; Rina left the community empty: an empty cell.
  const rina = lines.find((l) => l.includes('Rina Wulandari'))!;
  expect(rina).toContain(';+628120001002;');
  expect(rina.split(';')[6]).toBe('');
  expect(csv).not.toContain("'+62");
});
