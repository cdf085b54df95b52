import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { formatJakartaDate } from '../src/domain/shared/jakarta-time';
import { addDays, isoToPlanDate, jakartaToday } from '../src/domain/shared/wire-date';
import { PREMIUM_REQUIRED_MESSAGE } from '../src/domain/subscriptions/subscription';
import { formatPeriodEnd } from '../src/web/features/subscriptions/purchase-model';
import { expect, test } from './fixtures';
import { addAiRuns, expectNoHorizontalOverflow, showMonthGrid } from './log-helpers';

/**
 * Subscriptions from the runner's side (spec §2 'Manajemen Paket Langganan', §4 Subscription, §5 AI
 * features need active or trialing): the trial, a 6-month plan paid in the built-in sandbox
 * checkout, the AI button without access, and locked AI runs. At 1280 and 360 px.
 */

const DAY_MS = 86_400_000;

async function currentUser(page: Page) {
  const res = await page.request.get('/api/auth/me');
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { user: { _id: string; subscription_status: string; current_period_end: string | null; has_had_trial: boolean } }).user;
}

async function openCalendar(page: Page) {
  await page.goto('/dashboard#calendar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kalender Latihan');
  await showMonthGrid(page);
}

/** Lets the dialog's opening animation finish, checks it with axe (no serious WCAG A/AA violation), takes a picture. */
async function shot(page: Page, name: string, project: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => null)),
    ),
  );
  await expectNoHorizontalOverflow(page);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${name}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
  await page.screenshot({ path: `/tmp/subscriptions-${name}-${project}.png` });
}

test('a new runner starts the trial, then buys 6 months in the sandbox checkout and sees the new end date', async ({ page, loginAs }, info) => {
  test.setTimeout(90_000);
  const project = info.project.name;
  await loginAs({ prefix: 'sub-journey' });
  await openCalendar(page);
  const card = page.getByTestId('plan-profile-card');
  await expect(card).toContainText('Tidak ada');

  // No plan yet: the dialog opens on the purchase view.
  await card.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Manajemen Paket Langganan' })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Profesional Coach' }).getByRole('button', { name: 'Akan Datang' })).toBeDisabled();
  await shot(page, 'purchase', project);

  // The trial: titled as a trial (never 'Konfirmasi Pembayaran'), free, no card, until when; one tap, then the success popup.
  await dialog.getByRole('region', { name: 'Uji Coba Gratis' }).getByRole('button', { name: 'Coba Gratis' }).click();
  await expect(dialog.getByRole('heading', { name: 'Uji Coba Gratis 14 Hari' })).toBeVisible();
  await expect(dialog.getByTestId('trial-offer')).toContainText('Rp0, tanpa kartu kredit.');
  await expect(page.getByText('Konfirmasi Pembayaran')).toHaveCount(0);
  await shot(page, 'confirm-trial', project);
  await dialog.getByRole('button', { name: 'Mulai uji coba gratis 14 hari' }).click();
  await expect(dialog.getByText('Uji coba gratis aktif!')).toBeVisible();
  const trialing = await currentUser(page);
  expect(trialing).toMatchObject({ subscription_status: 'trialing', has_had_trial: true });
  const trialEnd = new Date(trialing.current_period_end!);
  expect(Math.abs(trialEnd.getTime() - Date.now() - 14 * DAY_MS)).toBeLessThan(60_000);
  await expect(dialog).toContainText(formatPeriodEnd(trialEnd));
  await shot(page, 'trial-success', project);
  await dialog.getByRole('button', { name: 'Mulai Berlatih' }).click();
  await expect(dialog).toBeHidden();

  // The profile card follows at once: Percobaan until the trial's end.
  await expect(card).toContainText('Percobaan');
  await expect(card).toContainText(formatJakartaDate(trialEnd));
  await expect(card).toBeFocused();

  // Now the dialog opens on the status view.
  await card.click();
  await expect(dialog.getByTestId('current-plan')).toHaveText('Uji Coba Gratis');
  await expect(dialog).toContainText('Percobaan');
  await expect(dialog.getByTestId('period-end')).toHaveText(formatPeriodEnd(trialEnd));
  await shot(page, 'status-trial', project);

  // Renew: the trial card is used up; 6 months is added after the trial.
  await dialog.getByRole('button', { name: 'Perpanjang / Lihat Paket' }).click();
  await expect(dialog.getByRole('region', { name: 'Uji Coba Gratis' }).getByRole('button', { name: 'Telah Digunakan' })).toBeDisabled();
  const plans = dialog.getByRole('region', { name: 'Langganan' });
  await plans.getByRole('radio', { name: '6 Bulan' }).check();
  await expect(plans).toContainText('Rp550.000');
  await expect(plans).toContainText('Setara Rp91.667/bulan · 180 hari');
  await plans.getByRole('button', { name: 'Pilih Paket' }).click();
  const expectedEnd = new Date(trialEnd.getTime() + 180 * DAY_MS);
  await expect(dialog.getByTestId('confirm-summary')).toContainText('Langganan 6 Bulan');
  await expect(dialog.getByTestId('confirm-summary')).toContainText('Rp550.000');
  await expect(dialog.getByTestId('active-until')).toHaveText(formatPeriodEnd(expectedEnd));
  await shot(page, 'confirm-6month', project);

  // The redirect popup counts down from 5 on screen, then leaves for the sandbox checkout.
  await dialog.getByRole('button', { name: 'Lakukan Pembayaran' }).click();
  await expect(page.getByRole('dialog', { name: 'Menuju Halaman Pembayaran' })).toBeVisible();
  const shownAt = Date.now();
  await expect(dialog.getByTestId('redirect-countdown')).toHaveText('5');
  await expect(dialog).toContainText('Rp550.000');
  await shot(page, 'redirect', project);
  await page.waitForURL(/\/api\/payments\/sandbox\//, { timeout: 8_000 });
  // Nobody pressed 'Lanjutkan Sekarang': the page left when the count reached 0.
  expect(Date.now() - shownAt).toBeGreaterThan(4_000);
  await expect(page.getByText('Rp550.000')).toBeVisible();
  await page.getByRole('button', { name: 'Bayar', exact: true }).click();

  // Back on the dashboard: the result view finds the order paid and shows the new end.
  await page.waitForURL(/\/dashboard/);
  const result = page.getByRole('dialog', { name: 'Status Pembayaran' });
  await expect(result.getByText('Pembayaran berhasil!')).toBeVisible({ timeout: 15_000 });
  await expect(result.getByTestId('new-period-end')).toHaveText(formatPeriodEnd(expectedEnd));
  // The address no longer says where the payer came from.
  expect(new URL(page.url()).search).toBe('');
  await shot(page, 'result-paid', project);
  const active = await currentUser(page);
  expect(active.subscription_status).toBe('active');
  expect(new Date(active.current_period_end!).getTime()).toBe(expectedEnd.getTime());
  await result.getByRole('button', { name: 'Selesai' }).click();

  // The profile card and the status view say the same.
  await page.goto('/dashboard#calendar');
  await expect(card).toContainText('Aktif');
  await expect(card).toContainText(formatJakartaDate(expectedEnd));
  await card.click();
  // The plan bought during the trial is the one shown, with the end it runs to.
  await expect(dialog.getByTestId('current-plan')).toHaveText('Langganan 6 Bulan');
  await expect(dialog.getByTestId('period-end')).toHaveText(formatPeriodEnd(expectedEnd));
  await page.keyboard.press('Escape');
});

test('stopping the subscription keeps access to the end date, and it can be taken back', async ({ page, loginAs }, info) => {
  await loginAs({ prefix: 'sub-stop' });
  const start = await page.request.post('/api/subscriptions/start-trial', { data: {} });
  expect(start.ok(), await start.text()).toBeTruthy();
  const end = (await currentUser(page)).current_period_end!;
  await page.goto('/dashboard');
  // Pengaturan Profil's 'Kelola Langganan' opens the same dialog.
  if (info.project.name === 'phone') await page.getByRole('button', { name: 'Buka menu' }).click();
  await page.getByRole('button', { name: 'Pengaturan' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pengaturan Profil');
  await page.getByRole('button', { name: 'Kelola Langganan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manajemen Paket Langganan' });
  await dialog.getByRole('button', { name: 'Hentikan langganan' }).click();
  const question = dialog.getByRole('group', { name: 'Hentikan langganan?' });
  await expect(question).toContainText(`Akses premium tetap aktif hingga ${formatPeriodEnd(end)}`);
  await shot(page, 'stop-confirm', info.project.name);
  await question.getByRole('button', { name: 'Ya, hentikan' }).click();
  await expect(dialog.getByText('Langganan dihentikan')).toBeVisible();
  expect((await (await page.request.get('/api/subscriptions/me')).json()).subscription.cancel_at_period_end).toBe(true);
  await dialog.getByRole('button', { name: 'Lanjutkan langganan' }).click();
  await expect(dialog.getByRole('button', { name: 'Hentikan langganan' })).toBeVisible();
  expect((await (await page.request.get('/api/subscriptions/me')).json()).subscription.cancel_at_period_end).toBe(false);
});

test('without access: the AI button offers the trial, a locked AI run explains itself and Perpanjang leads to the plans, and the trial unlocks them', async ({ page, loginAs }, info) => {
  const project = info.project.name;
  await loginAs({ prefix: 'sub-locked' });
  const today = jakartaToday();
  // No subscription (accessDays null): every AI run is locked, and the server sends only its stub.
  await addAiRuns(
    page,
    [
      { date: isoToPlanDate(addDays(today, 1)), title: 'Tempo Rahasia', program: '8k', paceRange: "4'30 - 4'45" },
      { date: isoToPlanDate(addDays(today, 2)), title: 'Easy Run', program: '5k' },
    ],
    null,
  );
  await openCalendar(page);

  // The AI card knows the plan already holds AI runs; without access a runner who never had the
  // trial is offered it (not the premium refusal); 'Nanti Saja' leaves it.
  const aiCard = page.getByTestId('ai-coach-card');
  await expect(aiCard).toContainText('Program AI kamu');
  await aiCard.getByRole('button', { name: 'Buat Program dengan AI' }).click();
  const offer = page.getByRole('dialog', { name: 'Uji Coba Gratis 14 Hari' });
  await expect(offer.getByRole('button', { name: 'Mulai uji coba gratis 14 hari' })).toBeVisible();
  await shot(page, 'ai-trial-offer', project);
  await offer.getByRole('button', { name: 'Nanti Saja' }).click();
  await expect(offer).toBeHidden();
  await expect(aiCard.getByRole('button', { name: 'Buat Program dengan AI' })).toBeFocused();

  // Locked runs: blurred, 'Kunci', no title; a drag moves nothing, and a tap explains the lock.
  const patches: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'PATCH') patches.push(req.url());
  });
  const upcoming = page.getByTestId('upcoming-list');
  const lockedRows = upcoming.locator('[data-locked="true"]');
  await expect(lockedRows).toHaveCount(2);
  await expect(lockedRows.first()).toContainText('Kunci');
  await expect(upcoming).not.toContainText('Tempo Rahasia');
  await expect(page.getByTestId('upcoming-count')).toHaveText('0 latihan · 2 terkunci');
  const chip = page.locator(`[data-day="${addDays(today, 1)}"] [data-testid="run-chip"][data-locked="true"]`);
  if ((await chip.count()) === 0) await page.getByRole('button', { name: 'Bulan berikutnya' }).click();
  await expect(chip).toContainText('Kunci');
  await expect(chip.locator('.blur-\\[2px\\]')).toHaveCount(1);
  const box = (await chip.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 20, { steps: 8 });
  await page.mouse.up();
  expect(patches).toEqual([]);
  await expect(page.getByRole('dialog', { name: 'Log Hasil Latihan' })).toHaveCount(0);
  await shot(page, 'locked', project);

  await lockedRows.first().click();
  const explanation = page.getByRole('dialog', { name: 'Latihan Terkunci' });
  await expect(explanation).toContainText('terkunci karena kamu belum memiliki langganan aktif');
  await shot(page, 'locked-explained', project);
  await explanation.getByRole('button', { name: 'Perpanjang' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manajemen Paket Langganan' });
  await dialog.getByRole('region', { name: 'Uji Coba Gratis' }).getByRole('button', { name: 'Coba Gratis' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mulai uji coba gratis 14 hari' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mulai Berlatih' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(upcoming.locator('[data-locked="true"]')).toHaveCount(0);
  await expect(upcoming).toContainText('Tempo Rahasia');
  await expect(page.getByTestId('upcoming-count')).toHaveText('2 latihan');

  // The trial used, the AI form opens at once.
  await aiCard.getByRole('button', { name: 'Buat Program dengan AI' }).click();
  await expect(page.getByRole('dialog', { name: 'Buat Program Latihan dengan AI' }).getByLabel('Umur', { exact: false }).first()).toBeVisible();
});

test('a runner whose trial is used gets the premium message and Lihat Paket at the AI button', async ({ page, loginAs }) => {
  await loginAs({ email: 'agus.setiawan@derap.id' });
  await openCalendar(page);
  const aiCard = page.getByTestId('ai-coach-card');
  await aiCard.getByRole('button', { name: 'Buat Program dengan AI' }).click();
  const premium = page.getByRole('dialog', { name: 'Fitur Premium' });
  await expect(premium.getByTestId('ai-premium-message')).toHaveText(PREMIUM_REQUIRED_MESSAGE);
  await premium.getByRole('button', { name: 'Lihat Paket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manajemen Paket Langganan' });
  await expect(dialog.getByRole('region', { name: 'Uji Coba Gratis' }).getByRole('button', { name: 'Telah Digunakan' })).toBeDisabled();
});
