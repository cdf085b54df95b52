import type { Browser, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, signIn, test, uniqueEmail } from './fixtures';

/**
 * Issue 26 §4, a runner consents to a coach, at 360 and 1280 px: the coach invites by email (a
 * registered runner and an unknown address get the same answer), the runner accepts or declines
 * in 'Undangan Pelatih' on the dashboard, or answers from the mail's link after signing in; the
 * link shows nothing to another runner.
 */

const project = () => test.info().project.name;
const isPhone = () => project() === 'phone';
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/consent-${name}-${project()}.png`, fullPage: true });

async function openView(page: Page, label: string) {
  if (isPhone()) await page.getByRole('button', { name: 'Buka menu' }).click();
  await page.getByRole('navigation', { name: 'Menu dasbor' }).getByRole('button', { name: label }).click();
}

async function newSession(browser: Browser, page: Page) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: page.viewportSize()!, locale: 'id-ID', timezoneId: 'Asia/Jakarta', hasTouch: isPhone() });
  return context.newPage();
}

/** An empty freeslot of the coach whose session `page` holds. */
async function emptySlot(page: Page) {
  expect((await page.request.post('/api/dev/coaching/connections', { data: {} })).status()).toBe(201);
}

async function inviteInDialog(page: Page, email: string) {
  await page.getByRole('button', { name: /Belum diisi/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Hubungkan Pelari' });
  await dialog.getByLabel('Email pelari').fill(email);
  await dialog.getByRole('button', { name: 'Kirim Undangan' }).click();
  await expect(dialog.getByText('Undangan dikirim bila email terdaftar')).toBeVisible();
  return dialog;
}

test('the coach invites (same answer for an unknown address); the runner accepts in the dashboard and the coach then sees them', async ({ page, loginAs, browser }) => {
  test.setTimeout(90_000);
  await loginAs({ prefix: 'pelatih-undang', role: 'coach', name: 'Coach Wulan' });
  await emptySlot(page);
  await emptySlot(page);
  const runnerPage = await newSession(browser, page);
  const runner = await signIn(runnerPage.request, { prefix: 'pelari-undang', role: 'runner', name: 'Tari Pelari' });

  await page.goto('/dashboard');
  await openView(page, 'Daftar Pelari');
  const unknown = uniqueEmail('belum.daftar');
  let dialog = await inviteInDialog(page, unknown);
  const unknownText = await dialog.getByRole('status').innerText();
  await dialog.getByRole('button', { name: 'Tutup' }).last().click();
  dialog = await inviteInDialog(page, runner.email);
  // Word for word the same, but for the address itself.
  expect((await dialog.getByRole('status').innerText()).replace(runner.email, 'X')).toBe(unknownText.replace(unknown, 'X'));
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  await shot(page, 'invite-sent');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Tutup' }).last().click();
  await expect(page.getByText('Menunggu jawaban')).toHaveCount(2);
  await expect(page.getByTestId('summary-Total Pelari')).toHaveText('0');
  await shot(page, 'invite-waiting');

  // The runner: the invitation waits above the dashboard.
  await runnerPage.goto('/dashboard');
  const panel = runnerPage.getByRole('region', { name: 'Undangan Pelatih' });
  const card = panel.getByRole('article', { name: 'Undangan dari Coach Wulan' });
  await expect(card).toContainText('mengundang Anda menjadi pelarinya');
  await expect(card).toContainText('Slot gratis');
  await expect(card).toContainText('dapat melihat profil dan program latihan Anda');
  await shot(runnerPage, 'dashboard-invitation');
  expect(await seriousViolations(runnerPage)).toEqual([]);
  await card.getByRole('button', { name: 'Terima undangan dari Coach Wulan' }).click();
  await expect(runnerPage.getByText('Undangan diterima. Pelatih kini dapat melihat profil dan program latihan Anda.')).toBeVisible();
  await expect(panel).toBeHidden();
  await openView(runnerPage, 'Pengaturan');
  await expect(runnerPage.getByRole('region', { name: 'Pelatih Saya' }).getByTestId('my-coach')).toContainText('Coach Wulan');

  // The coach: now a runner with a name, live.
  await page.reload();
  await openView(page, 'Daftar Pelari');
  const row = page.getByTestId('runner-row').filter({ hasText: 'Tari Pelari' });
  await expect(row).toContainText('Aktif');
  await expect(page.getByTestId('summary-Total Pelari')).toHaveText('1');
  await shot(page, 'invite-accepted');
  await runnerPage.context().close();
});

test('the runner declines in the dashboard after confirming; the slot is empty again for the coach', async ({ page, loginAs, request }) => {
  const runner = await loginAs({ prefix: 'pelari-tolak', role: 'runner', name: 'Yoga Pelari' });
  const coach = await signIn(request, { prefix: 'pelatih-tolak', role: 'coach', name: 'Coach Bayu' });
  const made = await request.post('/api/dev/coaching/connections', { headers: coach.headers, data: {} });
  const slotId = ((await made.json()) as { _id: string })._id;
  expect((await request.put(`/api/coach/connection/${slotId}`, { headers: coach.headers, data: { runnerEmail: runner.email } })).ok()).toBeTruthy();

  await page.goto('/dashboard');
  const card = page.getByRole('article', { name: 'Undangan dari Coach Bayu' });
  await card.getByRole('button', { name: 'Tolak undangan dari Coach Bayu' }).click();
  const confirm = page.getByRole('dialog', { name: 'Tolak undangan dari Coach Bayu?' });
  await expect(confirm).toContainText('tidak akan dapat melihat data Anda');
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  await shot(page, 'decline-confirm');
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Ya, Tolak' }).click();
  await expect(page.getByText('Undangan ditolak.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Undangan Pelatih' })).toBeHidden();

  const list = await request.get('/api/coach/connections', { headers: coach.headers });
  expect(((await list.json()) as { data: { runnerId: unknown; invitation: unknown }[] }).data[0]).toMatchObject({ runnerId: null, invitation: null });
});

test("the mail's link: sign in, see the invitation, accept; another runner's session finds nothing", async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const coach = await signIn(request, { prefix: 'pelatih-tautan', role: 'coach', name: 'Coach Laras' });
  const runnerEmail = uniqueEmail('pelari-tautan');
  const made = await request.post('/api/dev/coaching/connections', { headers: coach.headers, data: {} });
  const slotId = ((await made.json()) as { _id: string })._id;
  // The runner exists before the invitation (an unknown address gets no mail).
  const other = await newSession(browser, page);
  await signIn(other.request, { email: runnerEmail, name: 'Sekar Pelari' });
  await other.context().close();
  expect((await request.put(`/api/coach/connection/${slotId}`, { headers: coach.headers, data: { runnerEmail } })).ok()).toBeTruthy();

  const admin = await signIn(request, { role: 'admin' });
  const outbox = await request.get('/api/admin/mail-outbox', { headers: admin.headers });
  const mail = ((await outbox.json()).data as { to: string; text: string }[]).find((m) => m.to === runnerEmail);
  const link = /(\/undangan-pelatih\/[A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
  expect(link, 'the invitation link in the mail').toBeTruthy();

  // Not signed in: asked to sign in, and brought back.
  await page.goto(link!);
  const signInLink = page.getByRole('link', { name: 'Masuk untuk Melihat Undangan' });
  await expect(signInLink).toHaveAttribute('href', `/login?next=${encodeURIComponent(link!)}`);
  await shot(page, 'link-signed-out');

  // Someone else's session: nothing found, nothing shown.
  const stranger = await signIn(page.request, { prefix: 'pelari-lain', role: 'runner' });
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Undangan tidak ditemukan atau sudah tidak berlaku.');
  await expect(page.getByRole('alert')).toContainText(stranger.email);
  await expect(page.getByText('Coach Laras')).toHaveCount(0);
  await shot(page, 'link-stranger');

  // The runner's own session: the invitation, accepted from here.
  await signIn(page.request, { email: runnerEmail, name: 'Sekar Pelari' });
  await page.reload();
  const card = page.getByRole('article', { name: 'Undangan dari Coach Laras' });
  await expect(card).toContainText('Slot gratis');
  await shot(page, 'link-invitation');
  expect(await seriousViolations(page)).toEqual([]);
  await card.getByRole('button', { name: 'Terima undangan dari Coach Laras' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Undangan diterima.' })).toBeVisible();
  await shot(page, 'link-accepted');
  // Opened again, the link says it was answered.
  await page.reload();
  await expect(page.getByText('Anda sudah menerima undangan ini.')).toBeVisible();
  await page.getByRole('link', { name: 'Buka Dasbor' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
});
