import { addDays } from '../src/domain/shared/wire-date';
import { expect, test } from './fixtures';
import { addAiRuns, addRuns, chartRow, expectNoHorizontalOverflow, jakartaWeek, openTodayRun, planDate } from './log-helpers';

const shot = (name: string) => `/tmp/log/${name}-${test.info().project.name}.png`;

test('today’s runs and the week’s planned vs realised km come from one request, and a logged run updates the chart', async ({ page, loginAs }) => {
  await loginAs({ prefix: 'minggu', name: 'Dewi Anggraini' });
  const { today, other, days } = jakartaWeek();
  await addRuns(page, [
    { date: planDate(today), title: 'Tempo Run', program: '8k', paceRange: "4'30 - 4'45" },
    { date: planDate(other), title: 'Long Run', program: 'HM', paceRange: "6'00 - 6'30" },
    // Next week's run counts nowhere on this week's widgets.
    { date: planDate(addDays(days[6]!, 1)), title: 'Easy Run', program: '12k' },
  ]);

  const planCalls: string[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (req.method() === 'GET' && path.startsWith('/api/training-plans')) planCalls.push(req.url());
  });
  await page.goto('/dashboard');

  const todayCard = page.getByRole('region', { name: 'Latihan Hari Ini' });
  await expect(todayCard.getByRole('button', { name: /Tempo Run/ })).toBeVisible();
  await expect(todayCard).toContainText("Target pace 4'30 - 4'45 /km");
  await expect(todayCard).not.toContainText('Long Run');

  const weekly = page.getByRole('region', { name: 'Progres Latihan Minggu Ini' });
  await expect(weekly.getByTestId('week-total')).toHaveText('0 / 29 km');
  await expect(weekly).toContainText('Rencana');
  await expect(weekly).toContainText('Realisasi');
  expect(await chartRow(page, today)).toEqual(['8', '0']);
  // A half marathon counts 21 km on the chart.
  expect(await chartRow(page, other)).toEqual(['21', '0']);
  const chart = weekly.getByTestId('week-chart');
  for (const label of ['Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab', 'Min']) await expect(chart.getByText(label, { exact: true })).toBeVisible();
  await expect(chart.locator('.recharts-bar-rectangle path').first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: shot('dashboard-week'), fullPage: true });

  // One range request Monday..Sunday fills both widgets.
  expect(planCalls).toHaveLength(1);
  expect(planCalls[0]).toContain(`/api/training-plans/range?from=${planDate(days[0]!)}&to=${planDate(days[6]!)}`);

  const dialog = await openTodayRun(page, 'Tempo Run');
  await dialog.getByLabel('Jarak Lari (km)').fill('10');
  await dialog.getByLabel('Waktu (hh:mm:ss)').fill('50:00');
  await dialog.getByLabel('Rata-rata HR (bpm)').fill('150');
  await expect(dialog.getByLabel('Pace (otomatis)')).toHaveValue('05:00/km');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Hasil latihan disimpan.')).toBeVisible();

  await expect(weekly.getByTestId('week-total')).toHaveText('10 / 29 km');
  await expect.poll(() => chartRow(page, today)).toEqual(['8', '10']);
  await expect(todayCard.getByRole('button', { name: /Tempo Run/ })).toContainText('Selesai');
  await expect(todayCard).toContainText('10 km · 05:00/km · 150 bpm');
});

test('a new runner sees the empty texts, and the programme card still opens the calendar', async ({ page, loginAs }) => {
  await loginAs({ prefix: 'kosong' });
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Latihan Hari Ini' })).toContainText('Tidak ada latihan untuk hari ini.');
  await expect(page.getByRole('region', { name: 'Progres Latihan Minggu Ini' })).toContainText('Tidak ada data latihan untuk minggu ini.');
  await page.getByRole('button', { name: /Buka Kalender Latihan/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Kalender Latihan');
});

test('a failing week request shows both widget errors, and Coba lagi recovers', async ({ page, loginAs }) => {
  await loginAs({ prefix: 'gagal' });
  const { today } = jakartaWeek();
  await addRuns(page, [{ date: planDate(today), title: 'Easy Run', program: '5k' }]);
  let fail = true;
  await page.route('**/api/training-plans/range**', (route) =>
    fail ? route.fulfill({ status: 500, json: { message: 'Server sedang sibuk.' } }) : route.continue(),
  );
  await page.goto('/dashboard');
  const todayCard = page.getByRole('region', { name: 'Latihan Hari Ini' });
  const weekly = page.getByRole('region', { name: 'Progres Latihan Minggu Ini' });
  await expect(todayCard.getByRole('alert')).toHaveText('Gagal memuat latihan hari ini');
  await expect(weekly.getByRole('alert')).toHaveText('Gagal memuat data latihan minggu ini');
  await page.screenshot({ path: shot('dashboard-error') });

  fail = false;
  await todayCard.getByRole('button', { name: /Coba lagi/ }).click();
  await expect(todayCard.getByRole('button', { name: /Easy Run/ })).toBeVisible();
  await expect(weekly.getByTestId('week-total')).toHaveText('0 / 5 km');
});

test('a locked AI run today shows Kunci without its title, explains itself instead of opening, and adds nothing to the week', async ({ page, loginAs }) => {
  await loginAs({ prefix: 'terkunci', name: 'Putu Ayu' });
  const { today } = jakartaWeek();
  await addRuns(page, [{ date: planDate(today), title: 'Easy Run', program: '5k' }]);
  // No subscription: every AI run is locked, and the server sends only its stub.
  await addAiRuns(page, [{ date: planDate(today), title: 'Tempo Rahasia', program: '12k', paceRange: "4'30 - 4'45" }], null);
  const read = await (await page.request.get('/api/training-plans')).text();
  expect(read).not.toContain('Tempo Rahasia');

  await page.goto('/dashboard');
  const todayCard = page.getByRole('region', { name: 'Latihan Hari Ini' });
  const locked = todayCard.locator('[data-locked="true"]');
  await expect(locked).toContainText('Kunci');
  await expect(locked).toContainText('Program ini dibatasi');
  await expect(todayCard).not.toContainText('Tempo Rahasia');
  await expect(todayCard).not.toContainText('undefined');
  // A tap explains the lock; it never opens the log.
  await locked.click();
  await expect(page.getByRole('dialog', { name: 'Latihan Terkunci' })).toContainText('belum memiliki langganan aktif');
  await expect(page.getByRole('dialog', { name: 'Log Hasil Latihan' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Planned km count the open run only.
  await expect(page.getByRole('region', { name: 'Progres Latihan Minggu Ini' }).getByTestId('week-total')).toHaveText('0 / 5 km');
  await expectNoHorizontalOverflow(page);
  await todayCard.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('dashboard-locked') });
});
