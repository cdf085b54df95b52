import { eq } from 'drizzle-orm';
import type { EventPaymentType, EventStatus } from '../../../domain/events/events';
import { slugify } from '../../../domain/events/events';
import { eventCategories, events, runnerRegistrations, users, type EventCategoryRow, type EventRow } from '../../db/schema';
import type { TestApp } from '../../test/build-test-app';

/** Events and categories written straight to the database, so these tests do not depend on the events API. */

export interface TestCategory {
  name: string;
  price?: number;
  adminFee?: number;
  slots?: number;
  sold?: number;
}

export interface TestEventInput {
  name?: string;
  code?: string;
  status?: EventStatus;
  paymentType?: EventPaymentType;
  paymentOptions?: string[];
  regOpen?: Date;
  regClose?: Date;
  eventDate?: Date;
  categories?: TestCategory[];
}

const DAY = 86_400_000;
let counter = 0;

export async function insertEvent(t: TestApp, input: TestEventInput = {}): Promise<{ event: EventRow; categories: EventCategoryRow[] }> {
  const db = t.database.db;
  counter++;
  const [owner] = await db
    .insert(users)
    .values({ name: 'Siti Penyelenggara', email: `organizer${counter}-${Date.now()}@contoh.id`, role: 'organizer' })
    .returning();
  const name = input.name ?? `Derap Run ${counter}`;
  const now = Date.now();
  const [event] = await db
    .insert(events)
    .values({
      eventId: slugify(name),
      code: input.code ?? `derap-${counter}`,
      name,
      description: 'Lari pagi keliling kota.',
      location: 'Gelora Bung Karno, Jakarta',
      eventDate: input.eventDate ?? new Date(now + 60 * DAY),
      regOpen: input.regOpen ?? new Date(now - DAY),
      regClose: input.regClose ?? new Date(now + 30 * DAY),
      paymentType: input.paymentType ?? 'platform',
      paymentOptions: input.paymentOptions ?? (input.paymentType === 'self_managed' ? [] : ['bni_va', 'gopay']),
      paymentQrImage: input.paymentType === 'self_managed' ? '/event-default.svg' : null,
      paymentInstructions: input.paymentType === 'self_managed' ? 'Transfer ke BCA 123 a.n. Panitia.' : null,
      status: input.status ?? 'diterima',
      createdBy: owner!.id,
    })
    .returning();
  const categories = await db
    .insert(eventCategories)
    .values(
      (input.categories ?? [{ name: '10K' }]).map((c, i) => ({
        eventRef: event!.id,
        categoryId: slugify(c.name),
        name: c.name,
        price: c.price ?? 150_000,
        adminFee: c.adminFee ?? 10_000,
        slots: c.slots ?? 100,
        sold: c.sold ?? 0,
        position: i,
      })),
    )
    .returning();
  return { event: event!, categories };
}

export const runnerData = (over: Record<string, string> = {}) => ({
  fullName: 'Rina Wulandari',
  email: 'rina@gmail.com',
  phone: '+6281234567890',
  bibName: 'RINA',
  community: '',
  bloodType: 'O+',
  tshirtSize: 'M',
  sex: 'Perempuan',
  dob: '17-08-1994',
  identityType: 'KTP',
  identityNo: '3174000000000001',
  emergencyName: 'Budi Santoso',
  emergencyContact: '081298765432',
  medicalNotes: '',
  ...over,
});

let runnerNo = 0;
/** A runner no other registration in these tests shares (own identity number and email). */
export const freshRunner = (over: Record<string, string> = {}) => {
  runnerNo++;
  return runnerData({ email: `pelari${runnerNo}@gmail.com`, identityNo: `3175${String(runnerNo).padStart(12, '0')}`, ...over });
};

export function registrationPayload(event: EventRow, categoryId = '10k', over: Record<string, unknown> = {}) {
  return { eventId: event.eventId, categoryId, paymentMethod: event.paymentOptions[0], runnerData: runnerData(), ...over };
}

let ip = 0;
/** A distinct client address per call (the route is rate limited per address). */
export const freshIp = () => `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;

export const postRegistration = (t: TestApp, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/runner-registrations',
    payload: payload as Record<string, unknown>,
    headers,
    remoteAddress: freshIp(),
  });

export async function readCategory(t: TestApp, id: string): Promise<EventCategoryRow> {
  const [row] = await t.database.db.select().from(eventCategories).where(eq(eventCategories.id, id));
  return row!;
}

export async function readRegistration(t: TestApp, registrationId: string) {
  const [row] = await t.database.db.select().from(runnerRegistrations).where(eq(runnerRegistrations.registrationId, registrationId));
  return row!;
}
