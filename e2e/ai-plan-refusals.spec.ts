import type { Locator, Page } from '@playwright/test';
import type { AiAccessResponse, CreatePlanRequest, PlanDraftResponse, PlanRefusal } from '../src/domain/ai-coach/contract';
import { formatJakartaDate } from '../src/domain/shared/jakarta-time';
import { addDays, jakartaToday, planDateToIso, startOfWeek, type IsoDay } from '../src/domain/shared/wire-date';
import { accessEndDay } from '../src/domain/subscriptions/subscription';
import { isRunLocked } from '../src/domain/training-plan/training-plan';
import { seriousViolations } from './axe';
import { expect, signIn, test } from './fixtures';
import { expectNoHorizontalOverflow, planRuns, showMonthGrid } from './log-helpers';

/**
 * 'Buat Program Latihan dengan AI' when the coach says no (issue 25 §3), at 1280 and 360 px, against
 * the built-in coach: a goal that is not safe (alternatives), contradictory data (confirm), a
 * runner who must see a doctor (clearance); and the plain way, whose preview says how many runs the
 * trial's end will lock.
 */
const SAVED = 'Program latihan AI disimpan ke kalendermu.';
const FORM = 'Buat Program Latihan dengan AI';
const PREVIEW = 'Hasil Program AI';

/** A picture of the page at this width, once the dialogs' fade-in has finished. */
async function picture(page: Page, name: string, fullPage = false) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.screenshot({ path: `test-results/ai-plan-refusals/${name}-${test.info().project.name}.png`, fullPage });
}

interface Runner {
  age: string;
  gender: 'Laki-laki' | 'Perempuan';
  experience: string;
  ability: string;
  injury?: string;
  best: { distance: string; time: string } | null;
  weeklyKm: string;
  longestKm: string;
  race: { day: IsoDay; distance: string; time: string } | null;
  days: string[];
  longRunDay: string;
}

async function trialingRunner(page: Page, prefix: string) {
  await signIn(page.request, { prefix, name: 'Wayan Sari' });
  const trial = await page.request.post('/api/subscriptions/start-trial', { data: {} });
  expect(trial.ok(), await trial.text()).toBeTruthy();
}

/** Ticks a visually hidden checkbox or radio through its label (what a finger touches). */
const tick = (control: Locator) => control.locator('xpath=..').click();

async function openForm(page: Page) {
  await page.goto('/dashboard#calendar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kalender Latihan');
  await page.getByRole('button', { name: 'Buat Program dengan AI' }).click();
  const form = page.getByRole('dialog', { name: FORM });
  await expect(form).toBeVisible();
  return form;
}

async function fillForm(form: Locator, runner: Runner) {
  await form.getByLabel('Umur').fill(runner.age);
  await form.getByRole('radio', { name: runner.gender }).check();
  await form.getByLabel('Pengalaman lari').selectOption(runner.experience);
  await form.getByLabel('Kemampuan lari').selectOption(runner.ability);
  if (runner.injury) await form.getByLabel('Riwayat cedera').fill(runner.injury);
  if (runner.best) {
    await form.getByLabel('Jarak 1').selectOption(runner.best.distance);
    await form.getByLabel('Waktu 1').fill(runner.best.time);
  } else {
    await form.getByRole('checkbox', { name: 'Belum punya catatan waktu' }).check();
  }
  await form.getByLabel('Jarak mingguan (km)').fill(runner.weeklyKm);
  await form.getByLabel('Lari terjauh (km)').fill(runner.longestKm);
  if (runner.race) {
    await form.getByRole('radio', { name: /Race Selanjutnya/ }).check();
    await form.getByLabel('Tanggal race').fill(runner.race.day);
    await form.getByLabel('Kategori target race').selectOption(runner.race.distance);
    await form.getByLabel('Target waktu').fill(runner.race.time);
  } else {
    await form.getByRole('radio', { name: /Menjaga Kebugaran/ }).check();
    await form.getByLabel('Fokus kebugaran').selectOption('Jaga Kebugaran Umum');
  }
  for (const day of runner.days) await tick(form.getByRole('group', { name: /Hari latihan/ }).getByRole('checkbox', { name: day, exact: true }));
  await tick(form.getByRole('group', { name: /Hari long run/ }).getByRole('radio', { name: runner.longRunDay, exact: true }));
  await form.getByRole('radio', { name: 'Tidak' }).check();
}

/** Presses a button and returns createplan's request and answer. */
async function createPlan(page: Page, press: () => Promise<void>) {
  const answered = page.waitForResponse((res) => res.url().endsWith('/api/ai/createplan'));
  await press();
  const res = await answered;
  return { request: res.request().postDataJSON() as CreatePlanRequest, status: res.status(), body: (await res.json()) as unknown };
}

/** The refusal on screen: an alert holding focus, with the server's message; pictured at this width. */
async function expectRefusal(page: Page, form: Locator, refusal: PlanRefusal, name: string) {
  const panel = form.getByTestId('plan-refusal');
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute('role', 'alert');
  await expect(panel).toHaveAttribute('data-code', refusal.code);
  await expect(panel).toContainText(refusal.message);
  await expect(panel).toBeFocused();
  await expectNoHorizontalOverflow(page);
  expect(await seriousViolations(page)).toEqual([]);
  await picture(page, name);
  return panel;
}

/** Simpan, then every run of the draft is in the plan. */
async function saveAndFindRuns(page: Page, preview: Locator, draft: PlanDraftResponse) {
  await preview.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(preview).toHaveCount(0);
  const stored = (await planRuns(page)).filter((r) => r.generatedby === 'ai');
  expect(stored.map((r) => r.date).sort()).toEqual(draft.trainingPlan.map((r) => r.date).sort());
  return stored;
}

const nextSunday = (weeks: number) => addDays(startOfWeek(jakartaToday()), weeks * 7 + 6);

test('a plan the coach can make: preview, the runs locked after the trial counted, Simpan, and the runs on the calendar', async ({ page }) => {
  test.setTimeout(90_000);
  await trialingRunner(page, 'ai-ok');
  const access = (await (await page.request.get('/api/ai/access')).json()) as AiAccessResponse;
  const accessEnd = accessEndDay(access.current_period_end)!;
  const form = await openForm(page);
  await fillForm(form, {
    age: '31',
    gender: 'Perempuan',
    experience: '1-3 Tahun',
    ability: 'Menengah',
    best: { distance: '10K', time: '00:58:00' },
    weeklyKm: '20',
    longestKm: '10',
    race: { day: nextSunday(8), distance: '10K', time: '00:56:00' },
    days: ['Selasa', 'Kamis', 'Minggu'],
    longRunDay: 'Minggu',
  });
  const { status, body } = await createPlan(page, () => form.getByRole('button', { name: 'Buat Program', exact: true }).click());
  expect(status, JSON.stringify(body)).toBe(200);
  const draft = body as PlanDraftResponse;

  const preview = page.getByRole('dialog', { name: PREVIEW });
  await expect(preview.getByTestId('preview-week').first()).toBeVisible();
  // The trial covers two weeks of an eight-week programme: the rest will be locked, and the preview says how many.
  const locked = draft.trainingPlan.filter((run) => isRunLocked({ generatedby: run.generatedby, day: planDateToIso(run.date)! }, accessEnd)).length;
  expect(locked).toBeGreaterThan(0);
  await expect(preview.getByTestId('preview-locked-note')).toHaveText(
    `${locked} dari ${draft.trainingPlan.length} latihan setelah ${formatJakartaDate(access.current_period_end)} akan terkunci (Kunci) sampai Anda berlangganan.`,
  );
  await expectNoHorizontalOverflow(page);
  await picture(page, 'preview-locked');

  await saveAndFindRuns(page, preview, draft);
  // What the preview said is what the plan locks.
  expect((await planRuns(page)).filter((r) => r.locked)).toHaveLength(locked);
  // On the calendar: the first run, open; the last one, locked.
  const days = draft.trainingPlan.map((r) => planDateToIso(r.date)!).sort();
  await showMonthGrid(page);
  if (days[0]!.slice(0, 7) !== jakartaToday().slice(0, 7)) await page.getByRole('button', { name: 'Bulan berikutnya' }).click();
  const firstChip = page.locator(`[data-day="${days[0]}"]`).getByTestId('run-chip').first();
  await expect(firstChip).not.toHaveAttribute('data-locked', 'true');
  await picture(page, 'calendar', true);
});

test('GOAL_NOT_SAFE: a beginner aiming at a marathon in six weeks picks a safe alternative by keyboard and saves its plan', async ({ page }) => {
  test.setTimeout(90_000);
  await trialingRunner(page, 'ai-goal');
  const form = await openForm(page);
  await fillForm(form, {
    age: '27',
    gender: 'Laki-laki',
    experience: '< 6 Bulan',
    ability: 'Pemula',
    best: null,
    weeklyKm: '8',
    longestKm: '3',
    race: { day: nextSunday(6), distance: 'Full Marathon', time: '05:30:00' },
    days: ['Selasa', 'Kamis', 'Minggu'],
    longRunDay: 'Minggu',
  });
  const first = await createPlan(page, () => form.getByRole('button', { name: 'Buat Program', exact: true }).click());
  expect(first.status, JSON.stringify(first.body)).toBe(422);
  const refusal = first.body as PlanRefusal;
  expect(refusal.code).toBe('GOAL_NOT_SAFE');
  const panel = await expectRefusal(page, form, refusal, 'goal-not-safe');
  const choices = panel.getByTestId('refusal-alternative');
  await expect(choices).toHaveCount(refusal.alternatives!.length);
  const alternative = refusal.alternatives![0]!;
  await expect(choices.first()).toContainText(alternative.message);

  // 'Ubah formulir' goes back to the race date; the footer sends the same form again.
  await panel.getByRole('button', { name: 'Ubah formulir' }).click();
  await expect(form.getByTestId('plan-refusal')).toHaveCount(0);
  await expect(form.getByLabel('Tanggal race')).toBeFocused();
  await createPlan(page, () => form.getByRole('button', { name: 'Buat Program', exact: true }).click());
  await expect(form.getByTestId('plan-refusal')).toBeFocused();

  // From the focused alert, Tab reaches the first alternative; Enter chooses it.
  await page.keyboard.press('Tab');
  await expect(choices.first()).toBeFocused();
  const chosen = await createPlan(page, () => page.keyboard.press('Enter'));
  expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
  const { kind: _kind, message: _message, ...fields } = alternative;
  expect(chosen.request).toMatchObject({ ...fields, ...(fields.tanggalRace ? { endDate: fields.tanggalRace } : {}) });

  const preview = page.getByRole('dialog', { name: PREVIEW });
  await expect(preview.getByTestId('preview-week').first()).toBeVisible();
  await picture(page, 'goal-not-safe-preview');
  const stored = await saveAndFindRuns(page, preview, chosen.body as PlanDraftResponse);
  expect(stored.length).toBeGreaterThan(3);
  // The form remembers the goal chosen.
  await page.getByRole('button', { name: 'Buat Program dengan AI' }).click();
  if (fields.kategoriTargetRace) await expect(page.getByRole('dialog', { name: FORM }).getByLabel('Kategori target race')).toHaveValue(fields.kategoriTargetRace);
  if (fields.tanggalRace) await expect(page.getByRole('dialog', { name: FORM }).getByLabel('Tanggal race')).toHaveValue(planDateToIso(fields.tanggalRace)!);
});

test("CHECK_INPUT: a beginner's 5K in 12 minutes is flagged at its field; confirmed, the plan says it assumed cautiously", async ({ page }) => {
  test.setTimeout(90_000);
  await trialingRunner(page, 'ai-check');
  const form = await openForm(page);
  await fillForm(form, {
    age: '24',
    gender: 'Perempuan',
    experience: '< 6 Bulan',
    ability: 'Pemula',
    best: { distance: '5K', time: '00:12:00' },
    weeklyKm: '10',
    longestKm: '5',
    race: null,
    days: ['Selasa', 'Kamis', 'Sabtu'],
    longRunDay: 'Sabtu',
  });
  const first = await createPlan(page, () => form.getByRole('button', { name: 'Buat Program', exact: true }).click());
  expect(first.status, JSON.stringify(first.body)).toBe(422);
  const refusal = first.body as PlanRefusal;
  expect(refusal.code).toBe('CHECK_INPUT');
  const issue = refusal.errors!.find((e) => e.path === 'personalBests.0.time')!;
  expect(issue).toBeTruthy();
  const panel = await expectRefusal(page, form, refusal, 'check-input');
  // At its field: the time is invalid and says why.
  const time = form.getByLabel('Waktu 1');
  await expect(time).toHaveAttribute('aria-invalid', 'true');
  await expect(time).toHaveAccessibleDescription(issue.message);

  // 'Perbaiki data' goes to the field; the same data sent again is questioned again.
  await panel.getByRole('button', { name: 'Perbaiki data' }).click();
  await expect(time).toBeFocused();
  await picture(page, 'check-input-field');
  await createPlan(page, () => form.getByRole('button', { name: 'Buat Program', exact: true }).click());

  const confirmed = await createPlan(page, () => form.getByTestId('plan-refusal').getByRole('button', { name: 'Data saya sudah benar, lanjutkan' }).click());
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  expect(confirmed.request.confirmInputs).toBe(true);
  const draft = confirmed.body as PlanDraftResponse;
  const preview = page.getByRole('dialog', { name: PREVIEW });
  await expect(preview.getByTestId('preview-notes')).toContainText('asumsi yang hati-hati');
  await expect(preview.getByTestId('preview-notes').getByRole('listitem').first()).toHaveText(draft.notes[0]!);
  await preview.getByTestId('preview-notes').evaluate((notes) => notes.scrollIntoView({ block: 'start' }));
  await picture(page, 'check-input-preview');
});

test("SEE_A_DOCTOR: a stress fracture that still hurts is sent to a doctor; 'Dokter sudah mengizinkan saya berlatih' gives the plan", async ({ page }) => {
  test.setTimeout(90_000);
  await trialingRunner(page, 'ai-doctor');
  const form = await openForm(page);
  // Not offered to every runner.
  await expect(form.getByRole('checkbox', { name: /Dokter sudah mengizinkan saya berlatih/ })).toHaveCount(0);
  await fillForm(form, {
    age: '35',
    gender: 'Laki-laki',
    experience: '1-3 Tahun',
    ability: 'Menengah',
    injury: 'Stress fracture 3 minggu lalu, masih sakit kalau jalan',
    best: { distance: '10K', time: '00:55:00' },
    weeklyKm: '20',
    longestKm: '10',
    race: null,
    days: ['Selasa', 'Kamis', 'Minggu'],
    longRunDay: 'Minggu',
  });
  const first = await createPlan(page, () => form.getByRole('button', { name: 'Buat Program', exact: true }).click());
  expect(first.status, JSON.stringify(first.body)).toBe(422);
  const refusal = first.body as PlanRefusal;
  expect(refusal.code).toBe('SEE_A_DOCTOR');
  const panel = await expectRefusal(page, form, refusal, 'see-a-doctor');
  const clearance = panel.getByRole('checkbox', { name: /Dokter sudah mengizinkan saya berlatih/ });
  await clearance.check();
  await picture(page, 'see-a-doctor-ticked');
  const cleared = await createPlan(page, () => panel.getByRole('button', { name: 'Buat program lagi' }).click());
  expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
  expect(cleared.request.medicalClearance).toBe(true);
  const preview = page.getByRole('dialog', { name: PREVIEW });
  await expect(preview.getByTestId('preview-week').first()).toBeVisible();
  expect((cleared.body as PlanDraftResponse).trainingPlan.length).toBeGreaterThan(0);
});
