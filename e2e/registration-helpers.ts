import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn } from './fixtures';

/** A platform event created through the API by an organizer and accepted by an admin, like in real life. */
export async function createAcceptedEvent(request: APIRequestContext, name: string, over: Record<string, unknown> = {}) {
  const { headers: organizer } = await signIn(request, { role: 'organizer', name: 'Panitia Uji' });
  const code = `e2e-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const day = 86_400_000;
  const created = await request.post('/api/events', {
    headers: organizer,
    data: {
      name,
      description: 'Lomba lari pagi menyusuri kota. Start dan finish di area Monas.',
      code,
      location: 'Monas, Jakarta Pusat',
      eventDate: new Date(Date.now() + 40 * day).toISOString(),
      regOpen: new Date(Date.now() - 60_000).toISOString(),
      regClose: new Date(Date.now() + 20 * day).toISOString(),
      paymentType: 'platform',
      paymentOptions: ['bni_va', 'gopay', 'other_qris'],
      categories: [
        { name: '10K', description: 'Rute kota 10 kilometer', price: 185000, slots: 100 },
        { name: '5K', description: 'Fun run', price: 120000, slots: 1 },
      ],
      ...over,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { event } = (await created.json()) as { event: { _id: string; eventId: string; code: string } };
  const { headers: admin } = await signIn(request, { role: 'admin', name: 'Admin Uji' });
  const accepted = await request.patch(`/api/admin/events/${event._id}/status`, { headers: admin, data: { status: 'diterima' } });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  return { ...event, admin };
}

/** The runner's fields, valid (the email given). */
export async function fillRunner(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Nomor Telepon').fill('081234567890');
  await page.getByLabel('Nama Lengkap').fill('Putu Ayu Saraswati');
  await page.getByLabel('Nama BIB').fill('PUTU');
  await page.getByLabel('Golongan Darah').selectOption('B+');
  await page.getByLabel('Ukuran Kaos').selectOption('S');
  await page.getByLabel('Jenis Kelamin').selectOption('Perempuan');
  await page.getByLabel('Tanggal Lahir').fill('1995-03-14');
  await page.getByLabel('Jenis Identitas').selectOption('KTP');
  await page.getByLabel('Nomor Identitas').fill('5171000000000001');
  await page.getByLabel('Nama Kontak Darurat').fill('Made Wirawan');
  await page.getByLabel('Nomor Kontak Darurat').fill('+6281298765432');
}

