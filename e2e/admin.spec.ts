import { expect, signIn, test, uniqueEmail } from './fixtures';

test('an admin finds a user and changes their role after confirming; the change persists', async ({ page, loginAs, request }) => {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const name = `Dimas Target ${tag}`;
  const email = uniqueEmail('target');
  // Create the target through its own sign-in (a separate cookie jar from the page).
  await signIn(request, { email, name });

  await loginAs({ role: 'admin', name: 'Admin Uji' });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Panel Admin' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Bagian admin' }).getByRole('button', { name: 'Pengguna' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('link', { name: 'Kembali ke Dashboard' })).toHaveAttribute('href', '/dashboard');

  const search = page.getByRole('searchbox', { name: 'Cari nama atau email' });
  await search.fill(tag);
  const rows = page.getByTestId('admin-user-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);
  await expect(rows.first()).toContainText(email);
  await expect(rows.first()).toContainText('Tidak ada');

  const roleSelect = page.getByRole('combobox', { name: `Peran ${name}` });
  await expect(roleSelect).toHaveValue('runner');

  // Cancelling keeps the old role.
  await roleSelect.selectOption('organizer');
  const dialog = page.getByRole('dialog', { name: 'Ubah peran pengguna' });
  await expect(dialog).toContainText(`Ubah peran ${name} menjadi Penyelenggara?`);
  await dialog.getByRole('button', { name: 'Batal' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(roleSelect).toHaveValue('runner');

  await roleSelect.selectOption('coach');
  await expect(dialog).toContainText(`Ubah peran ${name} menjadi Pelatih?`);
  await dialog.getByRole('button', { name: 'Ya, Ubah Peran' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Peran ${name} diubah menjadi Pelatih.`)).toBeVisible();
  await expect(roleSelect).toHaveValue('coach');

  await page.reload();
  await page.getByRole('searchbox', { name: 'Cari nama atau email' }).fill(email);
  await expect(page.getByTestId('admin-user-row')).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: `Peran ${name}` })).toHaveValue('coach');

  const api = await page.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
  expect((await api.json()).data[0].role).toBe('coach');
});

test('a search with no match says so', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.goto('/admin');
  await page.getByRole('searchbox', { name: 'Cari nama atau email' }).fill(`tidak-ada-${Date.now()}`);
  await expect(page.getByText('Tidak ada pengguna ditemukan.')).toBeVisible();
});

test('a runner visiting /admin sees the no-access panel', async ({ page, loginAs }) => {
  await loginAs({ prefix: 'pelari' });
  await page.goto('/admin');
  await expect(page.getByText('Anda tidak memiliki akses ke halaman ini.')).toBeVisible();
  await expect(page.getByTestId('admin-user-row')).toHaveCount(0);
  await page.getByRole('link', { name: 'Kembali ke Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Selamat/);
});

test('signed-out visitors to /admin go to /login', async ({ page }) => {
  await page.goto('/admin');
  await page.waitForURL(/\/login$/);
});

test('a user with a very long name and email never widens the user list on a phone', { tag: '@layout' }, async ({ page, loginAs, request }) => {
  const email = `alamat.email.yang.sangat.panjang.sekali.${Date.now()}@contoh-domain-panjang.id`;
  await signIn(request, { email, name: 'Ni Luh Putu Ayu Kusumawardhani Pramesti Dewi' });
  await loginAs('admin');
  await page.goto('/admin');
  await page.getByRole('searchbox', { name: 'Cari nama atau email' }).fill(email);
  await expect(page.getByTestId('admin-user-row')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
});
