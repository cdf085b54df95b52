import { describe, expect, it } from 'vitest';
import { createPlanRequestSchema } from '../contract';
import { assessFitness, estimateVdot, fitnessSummary, riegelSeconds, secondsForVdot, vdotFromPerformance } from './fitness';
import { formatPaceBand, trainingPaces } from './paces';

const form = (extra: Record<string, unknown> = {}) =>
  createPlanRequestSchema.parse({
    umur: 30,
    jenisKelamin: 'Perempuan',
    runningExperience: '1-3 Tahun',
    kemampuanLari: 'Menengah',
    jarakMingguan: 25,
    lariTerjauh: 12,
    tanggalMulai: '02-03-2026',
    targetLatihan: 'Menjaga Kebugaran',
    kebugaranFocus: 'Jaga Kebugaran Umum',
    hariLatihan: ['Selasa', 'Kamis', 'Minggu'],
    hariLongRun: 'Minggu',
    aksesTrek: 'Tidak',
    ...extra,
  });

describe('VDOT (Daniels–Gilbert), against Daniels tables', () => {
  it.each([
    [5000, 20 * 60, 49.8],
    [10000, 40 * 60, 51.9],
    [42195, 3 * 3600, 53.5],
    [21097.5, 3600 + 30 * 60, 51.0],
  ])('%d m in %d s ≈ VDOT %d', (metres, seconds, expected) => {
    expect(Math.abs(vdotFromPerformance(metres, seconds) - expected)).toBeLessThanOrEqual(0.5);
  });

  it('secondsForVdot inverts vdotFromPerformance', () => {
    expect(secondsForVdot(49.8, 5000)).toBeCloseTo(1200, -1);
  });
});

describe('Riegel', () => {
  it('T2 = T1 · (D2/D1)^1.06', () => {
    expect(riegelSeconds(1200, 5000, 10000)).toBeCloseTo(1200 * Math.pow(2, 1.06), 6);
    expect(Math.round(riegelSeconds(2400, 10000, 42195))).toBe(Math.round(2400 * Math.pow(4.2195, 1.06)));
  });
});

describe('assessFitness', () => {
  it('takes the best personal best (highest VDOT) and predicts by Riegel from it', () => {
    const a = assessFitness(form({ personalBests: [{ distance: '10K', time: '00:55:00' }, { distance: '5K', time: '00:20:00' }] }));
    expect(a.source).toBe('personal-best');
    expect(a.vdot).toBeCloseTo(49.8, 1);
    expect(a.predictions['5K']).toBe(1200);
    expect(a.predictions['10K']).toBe(Math.round(riegelSeconds(1200, 5000, 10000)));
    expect(fitnessSummary(a)).toMatchObject({ vdot: 49.8, predictions: expect.arrayContaining([{ distance: '5K', time: '00:20:00' }]) });
  });

  it('without personal bests estimates conservatively by ability, experience and volume', () => {
    const beginner = estimateVdot({ kemampuanLari: 'Pemula', runningExperience: '< 6 Bulan', jarakMingguan: 0, umur: 25 });
    const advanced = estimateVdot({ kemampuanLari: 'Mahir', runningExperience: '3+ Tahun', jarakMingguan: 80, umur: 25 });
    expect(beginner).toBeGreaterThanOrEqual(20);
    expect(beginner).toBeLessThanOrEqual(32);
    expect(advanced).toBeGreaterThan(beginner);
    expect(advanced).toBeLessThanOrEqual(54);
    expect(estimateVdot({ kemampuanLari: 'Menengah', runningExperience: '1-3 Tahun', jarakMingguan: 30, umur: 60 })).toBeLessThan(
      estimateVdot({ kemampuanLari: 'Menengah', runningExperience: '1-3 Tahun', jarakMingguan: 30, umur: 30 }),
    );
    expect(assessFitness(form()).source).toBe('estimate');
  });

  it('clamps unbelievable personal bests to the 20–85 range', () => {
    expect(assessFitness(form({ personalBests: [{ distance: '5K', time: '00:09:00' }] })).vdot).toBe(85);
    expect(assessFitness(form({ personalBests: [{ distance: '5K', time: '02:30:00' }] })).vdot).toBe(20);
  });
});

describe('training paces', () => {
  const paces = trainingPaces(50);
  const mid = (zone: keyof typeof paces) => (paces[zone].fast + paces[zone].slow) / 2;
  it('match Daniels at VDOT 50', () => {
    expect(paces.easy.fast).toBeGreaterThanOrEqual(295);
    expect(paces.easy.slow).toBeLessThanOrEqual(345);
    expect(Math.abs(paces.threshold.fast - 255)).toBeLessThanOrEqual(10);
    expect(Math.abs(mid('interval') - 235)).toBeLessThanOrEqual(10);
    expect(paces.repetition.fast).toBeLessThan(paces.interval.fast);
    expect(paces.marathon.fast).toBeGreaterThan(paces.threshold.slow - 10);
  });

  it("are written fast first as m'ss - m'ss", () => {
    expect(formatPaceBand(paces.threshold)).toBe("4'15 - 4'25");
    expect(formatPaceBand({ fast: 400, slow: 300 })).toBe("5'00 - 6'40");
    expect(formatPaceBand({ fast: 60, slow: 2000 })).toBe("2'00 - 20'00");
  });
});
