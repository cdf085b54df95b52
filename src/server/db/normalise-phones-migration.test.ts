import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePhone } from '../../domain/shared/phone';
import { runnerRegistrations } from './schema/registrations';
import { buildTestApp, type TestApp } from '../test/fixtures/build-test-app';
import { insertCategory, insertEvent, insertRegistration } from '../test/fixtures/registration-data';

/**
 * Migration 0023 rewrites the phones stored before issue 28 item 8 into the +62 form (decision 050).
 * Its SQL must read each number the way the registration schema does (src/domain/shared/phone.ts).
 */
const migration = readFileSync(new URL('./migrations/0023_normalise-phones.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');
const [createFunction, update, dropFunction] = migration.map((statement) => statement.trim()) as [string, string, string];

describe('migration 0023: phones stored as +62', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const typed = [
    '081234567890', '0812-3456-7890', '0812 3456 7890', '6281234567890', '62 812 3456 7890', '+6281234567890', '+62 812-3456-7890',
    '+62 0812 3456 7890', '0062 812 3456 7890', '(021) 555-1234', '+65 9123 4567', '0065 9123 4567', '0627 21234', '  081298765432  ',
    // Not numbers the form accepts today: left as they are.
    '0812345', '812 3456 7890', '0812-abc 345', '-', '',
  ];

  it('reads every number as the registration form does, and leaves the rest alone', async () => {
    await t.database.db.execute(sql.raw(createFunction));
    try {
      for (const value of typed) {
        const { rows } = (await t.database.db.execute(sql`select derap_normalise_phone_0023(${value}) as phone`)) as unknown as { rows: { phone: string }[] };
        const expected = normalizePhone(value);
        expect([value, rows[0]!.phone]).toEqual([value, expected.ok ? expected.phone : value]);
      }
    } finally {
      await t.database.db.execute(sql.raw(dropFunction));
    }
  });

  it('rewrites the stored phones and emergency contacts of earlier registrations', async () => {
    await t.reset();
    const siti = await t.login('siti.rahmawati@derap.id', 'organizer', 'Siti Rahmawati');
    const event = await insertEvent(t.database.db, siti.userId, { name: 'Bali Sunrise Run 2027', code: 'bali-sunrise' });
    const tenK = await insertCategory(t.database.db, event.id, { name: '10K' });
    const old = await insertRegistration(t.database.db, event, tenK, { phone: '0812-3456-7890', emergencyContact: '62 812 9876 5432' });
    const odd = await insertRegistration(t.database.db, event, tenK, { phone: 'tanya panitia', emergencyContact: '+6281298765432' }, 1);
    for (const statement of [createFunction, update, dropFunction]) await t.database.db.execute(sql.raw(statement));
    const read = async (id: string) => (await t.database.db.select().from(runnerRegistrations).where(eq(runnerRegistrations.id, id)))[0]!;
    expect(await read(old.id)).toMatchObject({ phone: '+6281234567890', emergencyContact: '+6281298765432' });
    expect(await read(odd.id)).toMatchObject({ phone: 'tanya panitia', emergencyContact: '+6281298765432' });
  });
});
