/** The open event with one 10K category and the runner payloads the registration benches share. */
import type { Db } from '../../src/server/db/client';
import { eventCategories, events, users } from '../../src/server/db/schema';

const DAY_MS = 86_400_000;

/** An accepted, open, platform-paid event 'bench-run' with a '10k' category of `slots`. */
export async function insertBenchEvent(db: Db, slots: number) {
  const [owner] = await db.insert(users).values({ name: 'Bench Organizer', email: `bench.${Date.now()}@contoh.id`, role: 'organizer' }).returning();
  const [event] = await db
    .insert(events)
    .values({
      eventId: 'bench-run',
      code: 'bench-run',
      name: 'Bench Run',
      description: 'Benchmark',
      location: 'Jakarta',
      eventDate: new Date(Date.now() + 30 * DAY_MS),
      regOpen: new Date(Date.now() - DAY_MS),
      regClose: new Date(Date.now() + 10 * DAY_MS),
      paymentType: 'platform',
      paymentOptions: ['bni_va', 'gopay'],
      status: 'diterima',
      createdBy: owner!.id,
    })
    .returning();
  const [category] = await db.insert(eventCategories).values({ eventRef: event!.id, categoryId: '10k', name: '10K', price: 150_000, slots }).returning();
  return category!;
}

/** Runner `i`'s registration body: a distinct email and identity number per runner. */
export const benchRegistration = (i: number) =>
  JSON.stringify({
    eventId: 'bench-run',
    categoryId: '10k',
    paymentMethod: 'bni_va',
    runnerData: {
      fullName: `Pelari ${i}`,
      email: `pelari${i}@gmail.com`,
      phone: '081234567890',
      bibName: `P${i}`.slice(0, 10),
      bloodType: 'O+',
      tshirtSize: 'M',
      sex: 'Laki-laki',
      dob: '01-01-1990',
      identityType: 'KTP',
      identityNo: `3174${String(i).padStart(12, '0')}`,
      emergencyName: 'Keluarga',
      emergencyContact: '081298765432',
    },
  });
