import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { acceptCoachInvitation, expect, signIn, test } from './fixtures';

/**
 * Issue 14, connections (runner-and-coach §2 Daftar Pelari, §4, §5): the coach fills an empty
 * freeslot by email (bad addresses refused; since issue 26 §4 any other address gets the same
 * 'Undangan dikirim bila email terdaftar' and the runner accepts), cannot remove a bought package's runner,
 * removes the freeslot runner after confirming; the runner ends a relationship in Pengaturan and the
 * coach's list shows it as Berakhir. At 360 and 1280 px.
 */

const project = () => test.info().project.name;
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/conn-${name}-${project()}.png`, fullPage: true });

async function openView(page: Page, label: string) {
  if (project() === 'phone') await page.getByRole('button', { name: 'Buka menu' }).click();
  await page.getByRole('navigation', { name: 'Menu dasbor' }).getByRole('button', { name: label }).click();
}

test('the coach invites a runner to a freeslot by email, who accepts; is refused removing a bought package, and removes the freeslot runner', async ({ page, loginAs, request }) => {
  await loginAs({ prefix: 'pelatih', role: 'coach', name: 'Coach Bima' });
  const rina = await signIn(request, { prefix: 'rina', role: 'runner', name: 'Rina Lestari' });
  const budi = await signIn(request, { prefix: 'budi', role: 'runner', name: 'Budi Santoso' });
  // An empty freeslot and a bought package (the development shortcut, as the coach).
  expect((await page.request.post('/api/dev/coaching/connections', { data: {} })).status()).toBe(201);
  expect((await page.request.post('/api/dev/coaching/connections', { data: { runnerEmail: budi.email, packages: 'Paket 4 Minggu' } })).status()).toBe(201);

  await page.goto('/dashboard');
  await openView(page, 'Daftar Pelari');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Daftar Pelari');
  const rows = page.getByTestId('runner-row');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('summary-Total Pelari')).toHaveText('1');
  await expect(page.getByTestId('summary-Slot Kosong')).toHaveText('1');
  await expect(page.getByText('Menampilkan 1–2 dari 2 pelari')).toBeVisible();
  await shot(page, 'list');
  expect(await seriousViolations(page)).toEqual([]);

  // 'Belum diisi' opens the connect dialog for that slot.
  await page.getByRole('button', { name: /Belum diisi/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Hubungkan Pelari' });
  const email = dialog.getByLabel('Email pelari');
  await expect(email).toBeFocused();
  await email.fill('rina.contoh.id');
  await dialog.getByRole('button', { name: 'Kirim Undangan' }).click();
  await expect(dialog.getByText('Masukkan email yang valid!')).toBeVisible();
  await email.fill(rina.email.toUpperCase());
  await dialog.getByRole('button', { name: 'Kirim Undangan' }).click();
  await expect(dialog.getByText('Undangan dikirim bila email terdaftar')).toBeVisible();
  await shot(page, 'connected');
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Tutup' }).last().click();
  await expect(dialog).toBeHidden();
  // Nothing of Rina's until she accepts: the slot waits for her answer.
  await expect(page.getByText('Menunggu jawaban')).toBeVisible();
  await acceptCoachInvitation(request, rina.headers);
  await page.reload();
  await openView(page, 'Daftar Pelari');

  const rinaRow = rows.filter({ hasText: 'Rina Lestari' });
  await expect(rinaRow).toContainText(rina.email);
  await expect(rinaRow).toContainText('Aktif');
  await expect(rinaRow).toContainText('Slot Gratis');
  await expect(page.getByTestId('summary-Slot Kosong')).toHaveText('0');
  await expect(page.getByTestId('summary-Total Pelari')).toHaveText('2');

  // A bought package: the blocking notice, nothing removed.
  await page.getByRole('button', { name: 'Aksi untuk Budi Santoso' }).click();
  await page.getByRole('menuitem', { name: 'Hapus Pelari' }).click();
  const blocked = page.getByRole('dialog', { name: 'Opsi Tidak Tersedia' });
  await expect(blocked).toContainText('Opsi hapus pelari hanya tersedia untuk slot gratis.');
  await shot(page, 'remove-blocked');
  await blocked.getByRole('button', { name: 'Mengerti' }).click();
  await expect(blocked).toBeHidden();
  await expect(rows.filter({ hasText: 'Budi Santoso' })).toBeVisible();

  // The freeslot: confirm, the slot is empty again.
  await page.getByRole('button', { name: 'Aksi untuk Rina Lestari' }).click();
  await page.getByRole('menuitem', { name: 'Hapus Pelari' }).click();
  const confirm = page.getByRole('dialog', { name: 'Hapus pelari dari slot?' });
  await expect(confirm).toContainText('Rina Lestari');
  await shot(page, 'remove-confirm');
  await confirm.getByRole('button', { name: 'Ya, Hapus Pelari' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Pelari berhasil dihapus dari paket.')).toBeVisible();
  await expect(rows.filter({ hasText: 'Rina Lestari' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Belum diisi/ })).toBeVisible();
  await expect(page.getByTestId('summary-Slot Kosong')).toHaveText('1');
});

test("'Hubungkan Pelari' lets the coach choose an empty slot", async ({ page, loginAs, request }) => {
  await loginAs({ prefix: 'pelatih', role: 'coach', name: 'Coach Citra' });
  const dewi = await signIn(request, { prefix: 'dewi', role: 'runner', name: 'Dewi Anggraini' });
  expect((await page.request.post('/api/dev/coaching/connections', { data: {} })).status()).toBe(201);

  await page.goto('/dashboard');
  await openView(page, 'Daftar Pelari');
  await page.getByRole('button', { name: 'Hubungkan Pelari', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Hubungkan Pelari' });
  await expect(dialog.getByLabel('Slot paket')).toContainText('Slot gratis · tanpa batas akhir');
  await dialog.getByLabel('Email pelari').fill(dewi.email);
  await shot(page, 'connect-choose');
  await dialog.getByRole('button', { name: 'Kirim Undangan' }).click();
  await expect(dialog.getByText('Undangan dikirim bila email terdaftar')).toBeVisible();
  await dialog.getByRole('button', { name: 'Tutup' }).last().click();
  await acceptCoachInvitation(request, dewi.headers);
  await page.reload();
  await openView(page, 'Daftar Pelari');
  await expect(page.getByTestId('runner-row').filter({ hasText: 'Dewi Anggraini' })).toBeVisible();
});

test('the runner ends the relationship in Pengaturan; the coach sees Berakhir', async ({ page, loginAs, request }) => {
  const runner = await loginAs({ prefix: 'eka', role: 'runner', name: 'Eka Saputra' });
  const coach = await signIn(request, { prefix: 'pelatih', role: 'coach', name: 'Coach Dian' });
  const made = await request.post('/api/dev/coaching/connections', { headers: coach.headers, data: { runnerEmail: runner.email, packages: 'Paket 4 Minggu' } });
  expect(made.status()).toBe(201);

  await page.goto('/dashboard');
  await openView(page, 'Pengaturan');
  const section = page.getByRole('region', { name: 'Pelatih Saya' });
  await expect(section.getByTestId('my-coach')).toContainText('Coach Dian');
  await expect(section).toContainText('Paket 4 Minggu');
  await shot(page, 'my-coach');
  expect(await seriousViolations(page)).toEqual([]);
  await section.getByRole('button', { name: 'Akhiri Hubungan dengan Coach Dian' }).click();
  const confirm = page.getByRole('dialog', { name: 'Akhiri hubungan dengan Coach Dian?' });
  await expect(confirm).toContainText('pelatih tidak akan lagi dapat melihat profil dan data latihan Anda');
  await shot(page, 'end-confirm');
  await confirm.getByRole('button', { name: 'Ya, Akhiri Hubungan' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Hubungan dengan pelatih telah diakhiri.')).toBeVisible();
  await expect(section).toContainText('Anda belum terhubung dengan pelatih.');

  // The coach lost the runner at once: not among the live connections, 'Berakhir' in Daftar Pelari.
  const live = await request.get('/api/coach/my-connections', { headers: coach.headers });
  expect(((await live.json()) as { data: unknown[] }).data).toEqual([]);
  await signIn(page.request, { email: coach.email, role: 'coach' });
  await page.goto('/dashboard');
  await openView(page, 'Daftar Pelari');
  const row = page.getByTestId('runner-row').filter({ hasText: 'Eka Saputra' });
  await expect(row).toContainText('Berakhir');
  await expect(row.getByRole('button', { name: /Aksi untuk/ })).toHaveCount(0);
  await shot(page, 'ended');
});
