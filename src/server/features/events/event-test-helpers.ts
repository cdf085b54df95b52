import { eq } from 'drizzle-orm';
import type { EventStatus } from '../../../domain/events/events';
import { eventCategories, events, runnerRegistrations } from '../../db/schema';
import type { TestApp } from '../../test/build-test-app';

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** A valid 'Buat Event Baru' payload with dates from tomorrow on (the server checks against today). */
export function eventPayload(over: Record<string, unknown> = {}) {
  return {
    name: 'Jakarta Night Run',
    description: 'Lari malam menyusuri Sudirman-Thamrin.',
    code: 'jnr-2027',
    headerImage: null,
    location: 'Bundaran HI, Jakarta',
    regOpen: at(1),
    regClose: at(30),
    eventDate: at(45),
    paymentType: 'platform',
    paymentOptions: ['gopay', 'bni_va'],
    categories: [
      { name: '5K', description: 'Fun run', price: 150000, slots: 300, adminFee: 10000, earlyBird: false },
      { name: '10K', description: 'Road race', price: 250000, slots: 200, adminFee: 10000, earlyBird: false },
    ],
    ...over,
  };
}

export function eventsApi(t: TestApp) {
  return {
    async create(headers: Record<string, string>, over: Record<string, unknown> = {}) {
      const res = await t.app.inject({ method: 'POST', url: '/api/events', headers, payload: eventPayload(over) });
      if (res.statusCode !== 201) throw new Error(`create event failed: ${res.statusCode} ${res.body}`);
      return res.json().event as { _id: string; code: string; eventId: string; status: EventStatus };
    },
    async setStatus(id: string, status: EventStatus) {
      await t.database.db.update(events).set({ status }).where(eq(events.id, id));
    },
  };
}

let seq = 0;
/** A registration row straight in the table (the registration API belongs to another feature). */
export async function insertRegistration(
  t: TestApp,
  eventRef: string,
  categoryId: string,
  over: Partial<typeof runnerRegistrations.$inferInsert> = {},
) {
  const [category] = await t.database.db.select().from(eventCategories).where(eq(eventCategories.categoryId, categoryId));
  seq += 1;
  await t.database.db.insert(runnerRegistrations).values({
    registrationId: `REG-TEST${seq}`,
    qrToken: `qr-token-${seq}-${Math.random()}`,
    eventRef,
    categoryRef: category!.id,
    status: 'confirmed',
    paymentStatus: 'paid',
    eventFee: category!.price,
    adminFee: category!.adminFee,
    paymentAmount: category!.price + category!.adminFee,
    fullName: 'Pelari Uji',
    email: 'pelari@contoh.id',
    phone: '08123456789',
    bibName: 'UJI',
    bloodType: 'O+',
    tshirtSize: 'M',
    sex: 'Perempuan',
    dob: '1995-01-01',
    identityType: 'KTP',
    identityNo: '3171000000000001',
    emergencyName: 'Keluarga',
    emergencyContact: '08120000000',
    ...over,
  });
}
