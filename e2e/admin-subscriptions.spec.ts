import { formatJakartaDate } from '../src/domain/shared/jakarta-time';
import type { AdminSubscriptionResponse } from '../src/domain/subscriptions/contract';
import { extendPeriod } from '../src/domain/subscriptions/subscription';
import { expect, signIn, test, uniqueEmail } from './fixtures';
import { seriousViolations } from './axe';

/** Serious or critical WCAG A/AA problems on the page as it is now (the open dialog included). */
/**
 * Issue 10 item 6: an admin looks up a runner's subscription in /admin (status, period end, trial
 * used, payment history, ledger) and grants days with a reason after a confirmation that shows the
 * resulting end date.
 */
test("an admin sees a runner's subscription and payments, then grants 30 days with a reason", { tag: '@layout' }, async ({ page, loginAs, request }, testInfo) => {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const name = `Wayan Langganan ${tag}`;
  // The runner (its own cookie jar): the trial, then one month bought and paid in the sandbox checkout.
  const runner = await signIn(request, { email: uniqueEmail('langganan'), name });
  const trial = await request.post('/api/subscriptions/start-trial', { headers: runner.headers, data: {} });
  expect(trial.ok(), await trial.text()).toBeTruthy();
  const initiated = await request.post('/api/initiate-payment', { headers: runner.headers, data: { user_id: runner.user._id, plantype: '1month' } });
  expect(initiated.ok(), await initiated.text()).toBeTruthy();
  const { payment_url, order_id } = (await initiated.json()) as { payment_url: string; order_id: string };
  const paid = await request.post(new URL(payment_url).pathname, { form: { action: 'pay' }, maxRedirects: 0 });
  expect(paid.status(), await paid.text()).toBe(303);

  await loginAs({ role: 'admin', name: 'Admin Langganan' });
  await page.goto('/admin');
  await page.getByRole('searchbox', { name: 'Cari nama atau email' }).fill(tag);
  const row = page.getByTestId('admin-user-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Aktif');

  const before = (await (await page.request.get(`/api/admin/users/${runner.user._id}/subscription`)).json()) as AdminSubscriptionResponse;
  const currentEnd = before.subscription.current_period_end!;
  await expect(row).toContainText(`s.d. ${formatJakartaDate(currentEnd, 'd MMM yyyy')}`);

  await row.getByRole('button', { name: `Langganan ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Langganan ${name}` });
  const panel = dialog.getByTestId('user-subscription-panel');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Aktif');
  await expect(panel).toContainText(formatJakartaDate(currentEnd));
  await expect(panel).toContainText('Sudah digunakan');
  await expect(panel).toContainText('Langganan 1 Bulan');

  const payments = dialog.getByTestId('subscription-payment-row');
  await expect(payments).toHaveCount(1);
  await expect(payments.first()).toContainText(order_id);
  await expect(payments.first()).toContainText('Rp100.000');
  await expect(payments.first()).toContainText('Lunas');
  const grants = dialog.getByTestId('subscription-grant-row');
  await expect(grants).toHaveCount(2);
  await expect(grants.nth(1)).toContainText('Uji Coba Gratis');

  // Too short a reason is refused before anything is asked.
  await dialog.getByLabel('Jumlah hari').fill('30');
  await dialog.getByLabel('Alasan').fill('ok');
  await dialog.getByRole('button', { name: 'Tambah Akses' }).click();
  await expect(dialog.getByText('Alasan wajib diisi (minimal 3 karakter).')).toBeVisible();

  const reason = `Kompensasi gangguan server ${tag}`;
  const expectedEnd = formatJakartaDate(extendPeriod(new Date(currentEnd), 30).end);
  await dialog.getByLabel('Alasan').fill(reason);
  await expect(dialog.getByText(`Berlaku sampai ${expectedEnd}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Tambah Akses' }).click();
  const confirmBox = dialog.getByRole('group', { name: `Tambah 30 hari akses untuk ${name}?` });
  await expect(confirmBox).toContainText(`Akses berlaku sampai ${expectedEnd}`);
  await expect(confirmBox).toContainText(`Alasan: ${reason}`);
  await page.screenshot({ path: `/tmp/admin-subscriptions-confirm-${testInfo.project.name}.png` });
  expect(await seriousViolations(page)).toEqual([]);
  await confirmBox.getByRole('button', { name: 'Ya, Tambah Akses' }).click();

  await expect(dialog.getByRole('status').filter({ hasText: 'Akses ditambah 30 hari.' })).toContainText(`Berlaku sampai ${expectedEnd}`);
  await expect(panel.getByText(expectedEnd, { exact: true })).toBeVisible();
  await expect(grants).toHaveCount(3);
  await expect(grants.first()).toContainText('Diberikan Admin');
  await expect(grants.first()).toContainText('+30 hari');
  await expect(grants.first()).toContainText(reason);
  await expect(grants.first()).toContainText('Admin Langganan');
  await grants.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/admin-subscriptions-ledger-${testInfo.project.name}.png` });

  // Nothing of the panel scrolls sideways on a phone.
  const overflow = await dialog.evaluate((el) => {
    const body = el.querySelector('.overflow-y-auto')!;
    return body.scrollWidth - body.clientWidth;
  });
  expect(overflow).toBe(0);

  // Recorded: the server's view agrees, and the list shows the new end once the dialog closes.
  const after = (await (await page.request.get(`/api/admin/users/${runner.user._id}/subscription`)).json()) as AdminSubscriptionResponse;
  expect(formatJakartaDate(after.subscription.current_period_end)).toBe(expectedEnd);
  expect(after.grants[0]).toMatchObject({ kind: 'admin', days: 30, reason, granted_by: { name: 'Admin Langganan' } });
  await dialog.getByRole('button', { name: 'Tutup' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText(`s.d. ${formatJakartaDate(after.subscription.current_period_end, 'd MMM yyyy')}`);
  await expect(row.getByRole('button', { name: `Langganan ${name}` })).toBeFocused();
});

test('a runner without payments shows the empty history', async ({ page, loginAs, request }) => {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const name = `Ketut Baru ${tag}`;
  await signIn(request, { email: uniqueEmail('baru'), name });
  await loginAs('admin');
  await page.goto('/admin');
  await page.getByRole('searchbox', { name: 'Cari nama atau email' }).fill(tag);
  await page.getByRole('button', { name: `Langganan ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Langganan ${name}` });
  await expect(dialog.getByText('Belum ada pembayaran langganan.')).toBeVisible();
  await expect(dialog.getByText('Belum ada riwayat hak akses.')).toBeVisible();
  await expect(dialog.getByText('Belum digunakan')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expect(dialog.getByText('Tidak ada periode yang berjalan: hari dihitung mulai sekarang.', { exact: false })).toBeVisible();
});
