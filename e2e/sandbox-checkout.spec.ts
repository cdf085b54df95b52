import type { APIRequestContext } from '@playwright/test';
import { expect, signIn, test, uniqueEmail } from './fixtures';
import { solvedChallenge } from './registration-challenge';

/**
 * The built-in sandbox checkout in the browser: "Gagalkan pembayaran" sends a denied payment (the
 * finish page says it did not succeed), the same checkout then offers a retry, and "Bayar" pays —
 * each button recorded at the sandbox "gateway" first, so the webhook's confirmation passes.
 */

async function registerForNewEvent(request: APIRequestContext) {
  const day = 86_400_000;
  const created = await request.post('/api/events', {
    headers: (await signIn(request, { role: 'organizer', name: 'Panitia Uji' })).headers,
    data: {
      name: `Lari Sandbox ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`,
      description: 'Lomba lari pagi untuk menguji halaman pembayaran sandbox.',
      code: `e2e-sbx-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`,
      location: 'Lapangan Renon, Denpasar',
      eventDate: new Date(Date.now() + 40 * day).toISOString(),
      regOpen: new Date(Date.now() - 60_000).toISOString(),
      regClose: new Date(Date.now() + 20 * day).toISOString(),
      paymentType: 'platform',
      paymentOptions: ['gopay', 'bni_va'],
      categories: [{ name: '10K', description: 'Rute kota 10 kilometer', price: 150000, slots: 50 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { event } = (await created.json()) as { event: { _id: string; eventId: string } };
  const accepted = await request.patch(`/api/admin/events/${event._id}/status`, { headers: (await signIn(request, { role: 'admin', name: 'Admin Uji' })).headers, data: { status: 'diterima' } });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();

  const registered = await request.post('/api/runner-registrations', {
    data: {
      ...(await solvedChallenge(request)),
      eventId: event.eventId,
      categoryId: '10k',
      paymentMethod: 'gopay',
      runnerData: {
        fullName: 'Komang Adi Pratama',
        email: uniqueEmail('komang'),
        phone: '081234567890',
        bibName: 'KOMANG',
        community: '',
        bloodType: 'A+',
        tshirtSize: 'L',
        sex: 'Laki-laki',
        dob: '02-11-1990',
        identityType: 'KTP',
        identityNo: '5171000000000002',
        emergencyName: 'Made Pratama',
        emergencyContact: '081298765432',
        medicalNotes: '',
      },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return (await registered.json()) as { registration: { registrationId: string }; payment_url: string };
}

test('the sandbox checkout: a failed attempt, then a retry that pays', async ({ page, request }, testInfo) => {
  const { registration, payment_url } = await registerForNewEvent(request);
  const checkout = new URL(payment_url).pathname;

  await page.goto(checkout);
  await expect(page.getByText('Rp160.000')).toBeVisible();
  await page.screenshot({ path: `/tmp/sandbox-checkout-${testInfo.project.name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Gagalkan pembayaran' }).click();
  await page.waitForURL(/\/registration-success\?.*transaction_status=deny/);
  await expect(page.getByRole('heading', { name: 'Pembayaran Belum Berhasil' })).toBeVisible();

  await page.goto(checkout);
  await expect(page.getByText('Pembayaran sebelumnya gagal. Anda dapat mencoba lagi.')).toBeVisible();
  await page.screenshot({ path: `/tmp/sandbox-checkout-retry-${testInfo.project.name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Bayar', exact: true }).click();
  await page.waitForURL(/\/registration-success\?.*transaction_status=settlement/);
  await expect(page.getByRole('heading', { name: 'Pendaftaran Berhasil!' })).toBeVisible();
  await expect(page.getByTestId('registration-id')).toHaveText(registration.registrationId);

  // the checkout now says it is paid and offers no button
  await page.goto(checkout);
  await expect(page.getByText('Pembayaran berhasil')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bayar', exact: true })).toHaveCount(0);
});
