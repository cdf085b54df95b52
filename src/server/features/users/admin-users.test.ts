import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';

describe('admin users API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  it('answers 401 to anonymous callers and 403 to every non-admin role', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
    const target = await t.login('target@contoh.id', 'runner');
    for (const role of ['runner', 'coach', 'organizer'] as const) {
      const u = await t.login(`${role}@contoh.id`, role);
      const list = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: u.headers });
      expect(list.statusCode, role).toBe(403);
      expect(list.json()).toMatchObject({ message: 'Anda tidak memiliki akses ke fitur ini.', code: 'FORBIDDEN' });
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${target.userId}`,
        headers: u.headers,
        payload: { role: 'admin' },
      });
      expect(patch.statusCode, role).toBe(403);
    }
    const admin = await t.login('admin@contoh.id', 'admin');
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/users?q=target', headers: admin.headers });
    expect(after.json().data[0].role).toBe('runner'); // nothing changed
  });

  it('lists users and searches by name or email, case-insensitively', async () => {
    const admin = await t.login('dewi@contoh.id', 'admin', 'Dewi Lestari');
    await t.login('rina@contoh.id', 'runner', 'Rina Wulandari');
    await t.login('andi@pelatih.id', 'coach', 'Andi Pratama');
    const all = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: admin.headers });
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    expect(all.json().data.map((u: { name: string }) => u.name)).toEqual(['Andi Pratama', 'Dewi Lestari', 'Rina Wulandari']);
    const byName = await t.app.inject({ method: 'GET', url: '/api/admin/users?q=WULAN', headers: admin.headers });
    expect(byName.json().data.map((u: { email: string }) => u.email)).toEqual(['rina@contoh.id']);
    const byEmail = await t.app.inject({ method: 'GET', url: '/api/admin/users?q=pelatih.id', headers: admin.headers });
    expect(byEmail.json().total).toBe(1);
    const wildcard = await t.app.inject({ method: 'GET', url: '/api/admin/users?q=%25', headers: admin.headers });
    expect(wildcard.json().total).toBe(0); // % is searched literally
    const paged = await t.app.inject({ method: 'GET', url: '/api/admin/users?limit=1&offset=1', headers: admin.headers });
    expect(paged.json()).toMatchObject({ total: 3, data: [{ name: 'Dewi Lestari' }] });
  });

  it('changes a role (Indonesian names accepted) and it applies to that user at once', async () => {
    const admin = await t.login('dewi@contoh.id', 'admin');
    const runner = await t.login('rina@contoh.id', 'runner');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${runner.userId}`,
      headers: admin.headers,
      payload: { role: 'penyelenggara' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ _id: runner.userId, role: 'organizer' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: runner.headers });
    expect(me.json().user.role).toBe('organizer');
  });

  it('validates the role change with clear 4xx errors', async () => {
    const admin = await t.login('dewi@contoh.id', 'admin');
    const runner = await t.login('rina@contoh.id', 'runner');
    const unknownRole = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${runner.userId}`, headers: admin.headers, payload: { role: 'raja' } });
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json().message).toBe('Peran tidak dikenal.');
    const missing = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${runner.userId}`, headers: admin.headers, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Peran wajib diisi.');
    const badId = await t.app.inject({ method: 'PATCH', url: '/api/admin/users/123', headers: admin.headers, payload: { role: 'coach' } });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('ID pengguna tidak valid.');
    const noUser = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000',
      headers: admin.headers,
      payload: { role: 'coach' },
    });
    expect(noUser.statusCode).toBe(404);
    expect(noUser.json().message).toBe('Pengguna tidak ditemukan.');
    const badLimit = await t.app.inject({ method: 'GET', url: '/api/admin/users?limit=100000', headers: admin.headers });
    expect(badLimit.statusCode).toBe(400);
  });

  it('keeps at least one admin', async () => {
    const admin = await t.login('dewi@contoh.id', 'admin');
    const res = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${admin.userId}`, headers: admin.headers, payload: { role: 'runner' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Tidak bisa menghapus peran admin terakhir.');
    const second = await t.login('kedua@contoh.id', 'admin');
    const ok = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${admin.userId}`, headers: second.headers, payload: { role: 'runner' } });
    expect(ok.statusCode).toBe(200);
  });

  it('keeps an admin when two admins demote themselves at the same moment (the repro: 3 of 5 runs left none)', async () => {
    for (let round = 0; round < 5; round++) {
      await t.reset();
      const a = await t.login(`a${round}@contoh.id`, 'admin');
      const b = await t.login(`b${round}@contoh.id`, 'admin');
      const results = await Promise.all(
        [a, b].map((who) =>
          t.app.inject({ method: 'PATCH', url: `/api/admin/users/${who.userId}`, headers: who.headers, payload: { role: 'runner' } }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const left = (await t.database.db.execute(sql`select count(*)::int as n from users where role = 'admin'`)) as unknown as { rows: { n: number }[] };
      expect(left.rows[0]!.n).toBe(1);
    }
  });
});
