import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, signIn, test, uniqueEmail } from './fixtures';
import { expectNoHorizontalOverflow } from './log-helpers';
import { seedEventWithRunners, tagOf } from './organizer-tools-helpers';

/**
 * Keuangan reads the money ledger (issue 26 §1, decision 035), at 360 and 1280 px: a partial refund
 * shows as what went back (the ticket price), Derap keeps its fee, the organizer's net and payout
 * follow; the admin sees every sale by kind and downloads a month's Excel.
 */
const shots = '/tmp/ledger-shots';
mkdirSync(shots, { recursive: true });

async function snap(page: Page, name: string) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.screenshot({ path: `${shots}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

test('Keuangan: a partial refund is what went back, Derap keeps its fee; the admin sees every sale and the month export', async ({ page, loginAs, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const tag = tagOf();
  const organizerEmail = uniqueEmail('keuangan');
  const [organizer, admin, anonymous] = await Promise.all([0, 1, 2].map(() => playwright.request.newContext({ baseURL })));
  await signIn(organizer!, { email: organizerEmail, role: 'organizer', name: 'Siti Penyelenggara' });
  await signIn(admin!, 'admin');
  const { event, runners } = await seedEventWithRunners(organizer!, admin!, anonymous!, {
    name: `Kuta Sunset Run ${tag}`,
    code: `ksr-${tag}`,
    runners: [
      { fullName: 'Wayan Sudarsana', email: uniqueEmail('wayan'), pay: true },
      { fullName: 'Budi Santoso', email: uniqueEmail('budi'), pay: true },
    ],
  });
  // Wayan's 10K is canceled with a refund: the ticket price (Rp150.000) goes back, Derap's Rp10.000 stays.
  const canceled = await organizer!.post(`/api/runner-registrations/${runners[0]!.registrationId}/cancel`, { data: { reason: 'Cedera lutut', refund: true } });
  expect(canceled.status(), await canceled.text()).toBe(200);
  await Promise.all([organizer!.dispose(), admin!.dispose(), anonymous!.dispose()]);

  await loginAs({ email: organizerEmail, role: 'organizer', name: 'Siti Penyelenggara' });
  await page.goto('/dashboard?view=keuangan');
  await expect(page.getByRole('heading', { level: 1, name: 'Keuangan' })).toBeVisible();
  const row = page.getByTestId('finance-event').filter({ hasText: event.name });
  await expect(row).toContainText('Rp520.000'); // paid: Rp160.000 + Rp360.000
  await expect(row).toContainText('Rp150.000'); // refunded: the ticket price, not the whole Rp160.000
  await expect(row).toContainText('Rp350.000'); // the organizer's net
  const breakdown = page.getByRole('region', { name: 'Rincian' });
  await expect(breakdown.getByText('Biaya platform Derap').locator('xpath=../..')).toContainText('Rp20.000');
  await expect(breakdown.getByText('Pencairan dari Derap').locator('xpath=../..')).toContainText('Rp350.000');
  await expect(page.getByText('Semua transaksi Derap')).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await snap(page, 'organizer');
  expect(await seriousViolations(page)).toEqual([]);

  await loginAs({ role: 'admin', name: 'Admin Uji' });
  await page.goto('/dashboard?view=keuangan');
  const ledger = page.getByRole('region', { name: /Semua transaksi Derap/ });
  await expect(ledger).toBeVisible();
  await expect(ledger.getByTestId('ledger-kind').filter({ hasText: 'Pendaftaran event' })).toBeVisible();
  await expect(ledger.getByTestId('ledger-kind').filter({ hasText: 'Paket pelatih' })).toBeVisible();
  await expect(ledger.getByText('Pilih bulan untuk mengunduh Excel pembayaran dan refund.')).toBeVisible();
  const periode = page.getByLabel('Periode');
  const month = await periode.locator('option').nth(1).getAttribute('value');
  await periode.selectOption(month!);
  const download = ledger.getByRole('link', { name: /Unduh Excel/ });
  await expect(download).toHaveAttribute('href', `/api/admin/finance/export?month=${month}`);
  const file = await page.request.get(`/api/admin/finance/export?month=${month}`);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('spreadsheetml');
  await expectNoHorizontalOverflow(page);
  await snap(page, 'admin');
  expect(await seriousViolations(page)).toEqual([]);
});
