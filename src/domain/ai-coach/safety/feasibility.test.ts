import { describe, expect, it } from 'vitest';
import { createPlanRequestSchema, type PlanForm } from '../contract';
import { assessFitness } from '../engine/fitness';
import { buildPlan, planSpan } from '../engine/plan';
import { checkPlan } from './plan-checker';
import { applyAlternative, assessGoal, checkInputs, conservativeForm } from './feasibility';

const form = (extra: Record<string, unknown> = {}): PlanForm =>
  createPlanRequestSchema.parse({
    umur: 30,
    jenisKelamin: 'Perempuan',
    runningExperience: '1-3 Tahun',
    kemampuanLari: 'Menengah',
    jarakMingguan: 30,
    lariTerjauh: 14,
    tanggalMulai: '07-12-2026',
    targetLatihan: 'Race Selanjutnya',
    tanggalRace: '14-03-2027',
    kategoriTargetRace: 'Half Marathon',
    targetWaktu: '02:05:00',
    hariLatihan: ['Selasa', 'Kamis', 'Sabtu', 'Minggu'],
    hariLongRun: 'Minggu',
    aksesTrek: 'Tidak',
    ...extra,
  });

const beginner = { kemampuanLari: 'Pemula', runningExperience: '< 6 Bulan', jarakMingguan: 8, lariTerjauh: 3 };

/** Each alternative, sent back with the form, gives a complete plan the checker passes. */
function expectAlternativesWork(f: PlanForm) {
  const verdict = assessGoal(f);
  expect(verdict.ok).toBe(false);
  if (verdict.ok) return [];
  expect(verdict.refusal.alternatives!.length).toBeGreaterThan(0);
  for (const alternative of verdict.refusal.alternatives!) {
    const next = applyAlternative(f, alternative);
    expect(assessGoal(next).ok, JSON.stringify(alternative)).toBe(true);
    const plan = buildPlan(next);
    expect(plan.complete).toBe(true);
    expect(checkPlan(plan.runs, next, planSpan(next))).toEqual([]);
  }
  return verdict.refusal.alternatives!;
}

describe('assessGoal: honest refusals', () => {
  it('never refuses a clearly feasible goal', () => {
    expect(assessGoal(form()).ok).toBe(true);
    expect(assessGoal(form({ kategoriTargetRace: '10K', targetWaktu: '00:58:00' })).ok).toBe(true);
    expect(assessGoal(form({ targetLatihan: 'Menjaga Kebugaran', tanggalRace: null, kategoriTargetRace: null, targetWaktu: null, kebugaranFocus: 'Tambah Jarak Lari', ...beginner })).ok).toBe(true);
    expect(assessGoal(form({ ...beginner, kategoriTargetRace: '5K', targetWaktu: '00:40:00', tanggalRace: '07-03-2027' })).ok).toBe(true);
    expect(
      assessGoal(form({ kategoriTargetRace: 'Full Marathon', targetWaktu: '04:15:00', tanggalRace: '02-05-2027', jarakMingguan: 45, lariTerjauh: 20, hariLatihan: ['Selasa', 'Rabu', 'Kamis', 'Sabtu', 'Minggu'] })).ok,
    ).toBe(true);
  });

  it('a beginner whose longest run is 3 km asking for a marathon in 6 weeks: GOAL_NOT_SAFE, with alternatives that work', () => {
    const f = form({ ...beginner, kategoriTargetRace: 'Full Marathon', targetWaktu: '05:30:00', tanggalRace: '17-01-2027' });
    const verdict = assessGoal(f);
    expect(verdict).toMatchObject({ ok: false, refusal: { code: 'GOAL_NOT_SAFE' } });
    if (verdict.ok) return;
    expect(verdict.refusal.message).toMatch(/Full Marathon pada Minggu, 17 Januari 2027 belum bisa dicapai dengan aman/);
    expect(verdict.refusal.message).toMatch(/long run/);
    const alternatives = expectAlternativesWork(f);
    expect(alternatives.some((a) => a.kind === 'shorter-distance' && a.kategoriTargetRace && a.targetWaktu)).toBe(true);
  });

  it('the same marathon 9 days away is refused too', () => {
    expectAlternativesWork(form({ ...beginner, kategoriTargetRace: 'Full Marathon', targetWaktu: '05:30:00', tanggalRace: '16-12-2026' }));
  });

  it('a half marathon too soon offers the first race date from which it works', () => {
    const f = form({ jarakMingguan: 15, lariTerjauh: 5, tanggalRace: '17-01-2027' });
    const later = expectAlternativesWork(f).find((a) => a.kind === 'later-race');
    expect(later?.tanggalRace).toBeDefined();
    // One week earlier than the offered date does not work: it is the first.
    const [d, m, y] = later!.tanggalRace!.split('-');
    const earlier = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) - 7));
    const earlierText = `${String(earlier.getUTCDate()).padStart(2, '0')}-${String(earlier.getUTCMonth() + 1).padStart(2, '0')}-${earlier.getUTCFullYear()}`;
    expect(assessGoal({ ...f, tanggalRace: earlierText }).ok).toBe(false);
  });

  it('a marathon on 3 days a week offers more training days', () => {
    const f = form({ kategoriTargetRace: 'Full Marathon', targetWaktu: '04:30:00', tanggalRace: '27-06-2027', jarakMingguan: 40, lariTerjauh: 18, hariLatihan: ['Selasa', 'Kamis', 'Minggu'] });
    const more = expectAlternativesWork(f).find((a) => a.kind === 'more-days');
    expect(more?.hariLatihan?.length).toBeGreaterThan(3);
    expect(more!.hariLatihan).toEqual(expect.arrayContaining(['Selasa', 'Kamis', 'Minggu']));
  });

  it('a time goal beyond the runner’s best by far: a finish-time alternative from their fitness', () => {
    const f = form({ personalBests: [{ distance: '10K', time: '01:00:00' }], targetWaktu: '01:30:00' });
    const verdict = assessGoal(f);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.refusal.message).toMatch(/Target waktu Half Marathon/);
    const finish = expectAlternativesWork(f).find((a) => a.kind === 'finish-time');
    expect(finish?.targetWaktu).toMatch(/^0[2-3]:\d{2}:00$/);
  });

  it('a 16-year-old asking for a marathon is pointed to a half marathon', () => {
    const f = form({ umur: 16, kategoriTargetRace: 'Full Marathon', targetWaktu: '04:30:00', tanggalRace: '27-06-2027', jarakMingguan: 40, lariTerjauh: 18, hariLatihan: ['Selasa', 'Rabu', 'Kamis', 'Sabtu', 'Minggu'] });
    const verdict = assessGoal(f);
    expect(!verdict.ok && verdict.refusal.message).toMatch(/usia minimal 18 tahun/);
    expect(expectAlternativesWork(f).map((a) => a.kategoriTargetRace)).toContain('Half Marathon');
  });
});

describe('checkInputs: inputs that contradict each other', () => {
  it('a typo’d 5K best of 12:00 for a beginner (was: VDOT 85 and 2’30"/km intervals)', () => {
    const f = form({ ...beginner, kategoriTargetRace: '10K', targetWaktu: '01:10:00', personalBests: [{ distance: '5K', time: '00:12:00' }] });
    expect(checkInputs(f)).toEqual([{ path: 'personalBests.0.time', message: expect.stringMatching(/5K 00:12:00 lebih cepat dari rekor dunia/) }]);
    const { form: safe, notes } = conservativeForm(f);
    expect(safe.personalBests).toEqual([]);
    expect(assessFitness(safe).source).toBe('estimate');
    expect(assessFitness(safe).vdot).toBeLessThan(40);
    expect(notes.join(' ')).toMatch(/asumsi yang hati-hati.*5K 00:12:00 tidak dipakai/);
  });

  it('a beginner’s 5K in 19:00 is beyond the stated ability', () => {
    expect(checkInputs(form({ ...beginner, personalBests: [{ distance: '5K', time: '00:17:30' }] }))[0]).toMatchObject({ path: 'personalBests.0.time', message: expect.stringMatching(/di atas kemampuan pelari pemula/) });
  });

  it('a typo’d 250 km a week (was: a beginner given 7 runs a week)', () => {
    const f = form({ ...beginner, jarakMingguan: 250, lariTerjauh: 10 });
    expect(checkInputs(f)).toEqual([{ path: 'jarakMingguan', message: expect.stringMatching(/250 km lebih dari 7 × lari terjauh/) }]);
    const { form: safe, notes } = conservativeForm(f);
    expect(safe.jarakMingguan).toBe(30);
    expect(notes.join(' ')).toMatch(/jarak mingguan dihitung 30 km, bukan 250 km/);
  });

  it('two best times that cannot belong to one runner', () => {
    expect(checkInputs(form({ personalBests: [{ distance: '5K', time: '00:32:00' }, { distance: 'Half Marathon', time: '01:20:00' }] }))[0]?.path).toBe('personalBests.1.time');
  });

  it('finds nothing in consistent inputs', () => {
    expect(checkInputs(form({ personalBests: [{ distance: '10K', time: '00:55:00' }] }))).toEqual([]);
    expect(conservativeForm(form())).toEqual({ form: form(), notes: [] });
  });
});
