import { describe, expect, it } from 'vitest';
import { aiMessages } from '../../../domain/ai-coach/contract';
import { checkPlanForm, emptyPlanForm, loadPlanForm, savePlanForm, toPlanRequest, type PlanFormValues } from './plan-form';

const today = '2027-07-14';

/** A complete fitness form. */
const filled = (over: Partial<PlanFormValues> = {}): PlanFormValues => ({
  ...emptyPlanForm(today),
  umur: '30',
  jenisKelamin: 'Perempuan',
  runningExperience: '1-3 Tahun',
  kemampuanLari: 'Menengah',
  personalBests: [{ distance: '10K', time: '00:55:00' }],
  jarakMingguan: '20,5',
  lariTerjauh: '10',
  targetLatihan: 'Menjaga Kebugaran',
  kebugaranFocus: 'Jaga Kebugaran Umum',
  hariLatihan: ['Selasa', 'Kamis', 'Minggu'],
  hariLongRun: 'Minggu',
  aksesTrek: 'Tidak',
  ...over,
});

const errorsOf = (values: PlanFormValues) => {
  const check = checkPlanForm(values, today);
  return check.ok ? {} : check.errors;
};

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
}

describe('checkPlanForm', () => {
  it('turns a complete fitness form into the createplan request: wire dates, numbers, 4 weeks, no race fields', () => {
    const check = checkPlanForm(filled(), today);
    expect(check).toEqual({
      ok: true,
      request: expect.objectContaining({
        umur: 30,
        jarakMingguan: 20.5,
        lariTerjauh: 10,
        tanggalMulai: '14-07-2027',
        startDate: '14-07-2027',
        endDate: '10-08-2027',
        tanggalRace: null,
        kategoriTargetRace: null,
        targetWaktu: null,
        kebugaranFocus: 'Jaga Kebugaran Umum',
        personalBests: [{ distance: '10K', time: '00:55:00' }],
        hariLatihan: ['Selasa', 'Kamis', 'Minggu'],
      }),
    });
  });

  it('says every required field is missing on an empty form, but not the optional ones', () => {
    const errors = errorsOf({ ...emptyPlanForm(today), tanggalMulai: '' });
    expect(errors).toMatchObject({
      umur: aiMessages.ageRequired,
      jenisKelamin: aiMessages.genderRequired,
      runningExperience: aiMessages.experienceRequired,
      kemampuanLari: aiMessages.abilityRequired,
      jarakMingguan: aiMessages.weeklyKmRequired,
      lariTerjauh: aiMessages.longestRunRequired,
      tanggalMulai: aiMessages.startRequired,
      targetLatihan: aiMessages.goalRequired,
      hariLatihan: aiMessages.trainingDaysRequired,
      hariLongRun: aiMessages.longRunDayRequired,
      aksesTrek: aiMessages.trackRequired,
      'personalBests.0.distance': aiMessages.personalBestDistance,
      'personalBests.0.time': aiMessages.timeFormat,
    });
    expect(errors).not.toHaveProperty('riwayatCidera');
    expect(errors).not.toHaveProperty('catatanLainnya');
  });

  it('wants the long-run day among the training days', () => {
    expect(errorsOf(filled({ hariLongRun: 'Sabtu' }))).toEqual({ hariLongRun: aiMessages.longRunDayNotTrainingDay });
  });

  it('checks every personal-best row, and sends none when the runner has none', () => {
    const rows = [
      { distance: '5K', time: '00:25:00' },
      { distance: '', time: '1:05' },
    ];
    expect(errorsOf(filled({ personalBests: rows }))).toEqual({
      'personalBests.1.distance': aiMessages.personalBestDistance,
      'personalBests.1.time': aiMessages.timeFormat,
    });
    const none = checkPlanForm(filled({ personalBests: rows, noPersonalBests: true }), today);
    expect(none.ok && none.request.personalBests).toEqual([]);
  });

  it('asks a race goal for its date, category and target time, and ends the programme on race day', () => {
    const race = filled({ targetLatihan: 'Race Selanjutnya', kebugaranFocus: '' });
    expect(errorsOf(race)).toEqual({
      tanggalRace: aiMessages.raceDateRequired,
      kategoriTargetRace: aiMessages.raceCategoryRequired,
      targetWaktu: aiMessages.targetTimeRequired,
    });
    expect(errorsOf({ ...race, tanggalRace: '2027-09-12', kategoriTargetRace: '10K', targetWaktu: '55 menit' })).toEqual({ targetWaktu: aiMessages.timeFormat });
    const ok = checkPlanForm({ ...race, tanggalRace: '2027-09-12', kategoriTargetRace: '10K', targetWaktu: '00:55:00' }, today);
    expect(ok.ok && ok.request).toMatchObject({ tanggalRace: '12-09-2027', endDate: '12-09-2027', kebugaranFocus: null, kategoriTargetRace: '10K' });
  });

  it('keeps the dates in order: start from today, race from the start, at most 52 weeks on', () => {
    expect(errorsOf(filled({ tanggalMulai: '2027-07-13' }))).toEqual({ tanggalMulai: aiMessages.startBeforeToday });
    const race = filled({ targetLatihan: 'Race Selanjutnya', kategoriTargetRace: '5K', targetWaktu: '00:25:00', tanggalMulai: '2027-08-01' });
    expect(errorsOf({ ...race, tanggalRace: '2027-07-31' })).toEqual({ tanggalRace: aiMessages.raceBeforeStart });
    expect(errorsOf({ ...race, tanggalRace: '2028-08-01' })).toEqual({ tanggalRace: aiMessages.raceTooFar });
    expect(errorsOf({ ...race, tanggalRace: '2027-08-01' })).toEqual({});
  });

  it('reads numbers with a decimal comma and refuses words', () => {
    expect(toPlanRequest(filled({ jarakMingguan: '12,5' })).jarakMingguan).toBe(12.5);
    expect(errorsOf(filled({ lariTerjauh: 'sepuluh' }))).toHaveProperty('lariTerjauh');
  });
});

describe('remembered form', () => {
  it('comes back for the same runner only, without a start date already past', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    savePlanForm('u1', filled({ tanggalMulai: '2027-07-10', umur: '41' }), storage);
    const back = loadPlanForm('u1', today, storage);
    expect(back.umur).toBe('41');
    expect(back.hariLatihan).toEqual(['Selasa', 'Kamis', 'Minggu']);
    expect(back.tanggalMulai).toBe(today);
    expect(loadPlanForm('u2', today, storage)).toEqual(emptyPlanForm(today));
  });

  it("sends the doctor's clearance, and asks for it again on the next visit", () => {
    expect(toPlanRequest(filled({ medicalClearance: true })).medicalClearance).toBe(true);
    expect(toPlanRequest(filled()).medicalClearance).toBe(false);
    const storage = new MemoryStorage() as unknown as Storage;
    savePlanForm('u1', filled({ medicalClearance: true, riwayatCidera: 'Stress fracture' }), storage);
    const back = loadPlanForm('u1', today, storage);
    expect(back.riwayatCidera).toBe('Stress fracture');
    expect(back.medicalClearance).toBe(false);
  });

  it('ignores a stored value that is not a form', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    storage.setItem('derap:ai-plan-form:u1', '{"umur": 5, "personalBests": "x"');
    expect(loadPlanForm('u1', today, storage)).toEqual(emptyPlanForm(today));
    storage.setItem('derap:ai-plan-form:u1', '{"umur": 5, "personalBests": []}');
    expect(loadPlanForm('u1', today, storage)).toEqual(emptyPlanForm(today));
  });
});
