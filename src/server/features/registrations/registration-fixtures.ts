import { randomBytes } from 'node:crypto';
import { bloodTypes, identityTypes, registrationTotal, sexes, slugify, tshirtSizes } from '../../../domain/events/events';
import type { Db } from '../../db/client';
import { eventCategories, events, runnerRegistrations, type EventCategoryRow, type EventRow } from '../../db/schema';
import { newQrToken, newRegistrationId } from './service';

/**
 * Test and benchmark data: events, categories and registrations written straight into the
 * database (the public registration flow is tested on its own), with realistic Indonesian runners.
 */

type NewRegistration = typeof runnerRegistrations.$inferInsert;

const firstNames = ['Budi', 'Siti', 'Agus', 'Dewi', 'Putu', 'Made', 'Rina', 'Andi', 'Wahyu', 'Nur', 'Eko', 'Sri', 'Ketut', 'Yohanes', 'Fitri', 'Bayu', 'Intan', 'Rizky', 'Lestari', 'Hendra'];
const lastNames = ['Santoso', 'Rahmawati', 'Saputra', 'Wulandari', 'Pratama', 'Hidayat', 'Kusuma', 'Siregar', 'Nasution', 'Simanjuntak', 'Wijaya', 'Lubis', 'Setiawan', 'Harahap', 'Purba', 'Aritonang', 'Manurung', 'Sinaga'];
const communities = ['Indorunners', 'Jakarta Running Buddies', 'Bali Runners', 'Bandung Explorer', '-', 'Pelari Senja Surabaya', '-', 'Medan Runners'];
const medicalNotes = ['-', '-', '-', 'Asma ringan', 'Alergi kacang', '-', 'Riwayat cedera lutut'];

/** A deterministic runner for index `i` (same i, same runner). */
export function fakeRunner(i: number) {
  const first = firstNames[i % firstNames.length]!;
  const last = lastNames[Math.floor(i / firstNames.length) % lastNames.length]!;
  const fullName = `${first} ${last}`;
  const year = 1965 + (i % 40);
  const month = String((i % 12) + 1).padStart(2, '0');
  const day = String((i % 28) + 1).padStart(2, '0');
  return {
    fullName,
    email: `${first}.${last}.${i}@contoh.id`.toLowerCase(),
    phone: `+62812${String(10_000_000 + i).slice(-8)}`,
    bibName: first.toUpperCase().slice(0, 10),
    community: communities[i % communities.length]!,
    bloodType: bloodTypes[i % bloodTypes.length]!,
    tshirtSize: tshirtSizes[i % tshirtSizes.length]!,
    sex: sexes[i % sexes.length]!,
    dob: `${year}-${month}-${day}`,
    identityType: identityTypes[i % identityTypes.length]!,
    identityNo: `3174${String(100_000_000_000 + i).slice(-12)}`,
    emergencyName: `${firstNames[(i + 7) % firstNames.length]} ${last}`,
    emergencyContact: `+62813${String(20_000_000 + i).slice(-8)}`,
    medicalNotes: medicalNotes[i % medicalNotes.length]!,
  };
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;

export async function insertEvent(
  db: Db,
  createdBy: string,
  opts: { name?: string; code?: string; timezone?: string } = {},
): Promise<EventRow> {
  const name = opts.name ?? `Jakarta Night Run ${unique()}`;
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();
  const [event] = await db
    .insert(events)
    .values({
      eventId: slugify(name) || unique(),
      code: opts.code ?? `jnr-${unique()}`,
      name,
      description: 'Lari malam menyusuri jalan protokol Jakarta.',
      location: 'Bundaran HI, Jakarta Pusat',
      eventDate: new Date(now + 30 * day),
      regOpen: new Date(now - day),
      regClose: new Date(now + 20 * day),
      paymentType: 'platform',
      status: 'diterima',
      timezone: opts.timezone ?? 'Asia/Jakarta',
      createdBy,
    })
    .returning();
  return event!;
}

export async function insertCategory(
  db: Db,
  eventRef: string,
  opts: { name?: string; price?: number; slots?: number } = {},
): Promise<EventCategoryRow> {
  const name = opts.name ?? '10K';
  const [category] = await db
    .insert(eventCategories)
    .values({ eventRef, categoryId: slugify(name), name, price: opts.price ?? 150_000, slots: opts.slots ?? 200_000 })
    .returning();
  return category!;
}

/** A registration row for runner `i`; confirmed and paid unless `overrides` say otherwise. */
export function registrationRow(
  event: Pick<EventRow, 'id'>,
  category: Pick<EventCategoryRow, 'id' | 'price' | 'adminFee'>,
  i: number,
  overrides: Partial<NewRegistration> = {},
): NewRegistration {
  return {
    registrationId: newRegistrationId(),
    qrToken: newQrToken(),
    eventRef: event.id,
    categoryRef: category.id,
    status: 'confirmed',
    paymentStatus: 'paid',
    eventFee: category.price,
    adminFee: category.adminFee,
    paymentAmount: registrationTotal(category),
    paymentMethod: 'other_qris',
    confirmedAt: new Date(),
    ...fakeRunner(i),
    ...overrides,
  };
}

/** Inserts `count` registrations in multi-row batches (one statement per `batch` rows). */
export async function insertRegistrations(
  db: Db,
  event: Pick<EventRow, 'id'>,
  category: Pick<EventCategoryRow, 'id' | 'price' | 'adminFee'>,
  count: number,
  opts: { batch?: number; from?: number; overrides?: (i: number) => Partial<NewRegistration> } = {},
): Promise<void> {
  const batch = opts.batch ?? 500;
  const from = opts.from ?? 0;
  for (let start = 0; start < count; start += batch) {
    const rows: NewRegistration[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      rows.push(registrationRow(event, category, from + i, opts.overrides?.(from + i)));
    }
    await db.insert(runnerRegistrations).values(rows);
  }
}

/** One registration, returned (for tests that look at a single runner). */
export async function insertRegistration(
  db: Db,
  event: Pick<EventRow, 'id'>,
  category: Pick<EventCategoryRow, 'id' | 'price' | 'adminFee'>,
  overrides: Partial<NewRegistration> = {},
  i = 0,
) {
  const [row] = await db.insert(runnerRegistrations).values(registrationRow(event, category, i, overrides)).returning();
  return row!;
}
