import { describe, expect, it, vi } from 'vitest';
import type { CreatePlanRequest, PlanRefusal } from '../../../domain/ai-coach/contract';
import { ApiError, createApiClient } from '../../api/client';
import { alternativeValues, checkedInputsKey, planRefusalOf } from './plan-refusal';

const goalNotSafe: PlanRefusal = {
  code: 'GOAL_NOT_SAFE',
  message: 'Target Full Marathon pada 10-01-2027 belum bisa dicapai dengan aman.',
  alternatives: [
    { kind: 'later-race', message: 'Full Marathon pada 11-07-2027 (26 minggu lebih lambat).', tanggalRace: '11-07-2027', targetWaktu: '05:40:00' },
    { kind: 'shorter-distance', message: '5K pada tanggal yang sama.', kategoriTargetRace: '5K', targetWaktu: '00:26:00' },
  ],
};

/** What the real API client throws for an answer of the server. */
async function thrown(status: number, body: unknown): Promise<unknown> {
  const fetchImpl = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  try {
    await createApiClient({ fetch: fetchImpl as typeof fetch, onSessionExpired: () => {} }).post('/api/ai/createplan', {});
  } catch (error) {
    return error;
  }
  throw new Error('no error thrown');
}

describe('planRefusalOf', () => {
  it("reads a 422 refusal through the API client, alternatives and field errors included", async () => {
    expect(planRefusalOf(await thrown(422, goalNotSafe))).toEqual(goalNotSafe);
    const checkInput: PlanRefusal = { code: 'CHECK_INPUT', message: 'Beberapa data Anda saling bertentangan.', errors: [{ path: 'personalBests.0.time', message: 'Terlalu cepat.' }] };
    expect(planRefusalOf(await thrown(422, checkInput))).toEqual(checkInput);
    expect(planRefusalOf(await thrown(422, { code: 'SEE_A_DOCTOR', message: 'Periksakan ke dokter.' }))).toEqual({ code: 'SEE_A_DOCTOR', message: 'Periksakan ke dokter.' });
  });

  it('is null for every other failure: another 422, a 400, a 500, the network', async () => {
    expect(planRefusalOf(await thrown(422, { code: 'AI_NEEDS_PROFILE', message: 'Buat program dulu.' }))).toBeNull();
    expect(planRefusalOf(await thrown(400, { code: 'CHECK_INPUT', message: 'x', errors: [{ path: 'umur', message: 'y' }] }))).toBeNull();
    expect(planRefusalOf(await thrown(500, { message: 'Terjadi kesalahan.' }))).toBeNull();
    expect(planRefusalOf(new TypeError('Failed to fetch'))).toBeNull();
    // An error made without a body (as tests and other callers do) is read from its fields.
    expect(planRefusalOf(new ApiError(422, 'Periksakan ke dokter.', 'SEE_A_DOCTOR'))).toEqual({ code: 'SEE_A_DOCTOR', message: 'Periksakan ke dokter.' });
  });
});

describe('alternativeValues', () => {
  it("gives the form fields an alternative changes, dates as the date input's, and nothing else", () => {
    expect(alternativeValues(goalNotSafe.alternatives![0]!)).toEqual({ tanggalRace: '2027-07-11', targetWaktu: '05:40:00' });
    expect(alternativeValues(goalNotSafe.alternatives![1]!)).toEqual({ kategoriTargetRace: '5K', targetWaktu: '00:26:00' });
    expect(alternativeValues({ kind: 'more-days', message: '4 hari', hariLatihan: ['Selasa', 'Kamis', 'Sabtu', 'Minggu'] })).toEqual({
      hariLatihan: ['Selasa', 'Kamis', 'Sabtu', 'Minggu'],
    });
  });
});

describe('checkedInputsKey', () => {
  const request = {
    kemampuanLari: 'Pemula',
    runningExperience: '< 6 Bulan',
    personalBests: [{ distance: '5K', time: '00:12:00' }],
    jarakMingguan: 8,
    lariTerjauh: 3,
    tanggalRace: '10-01-2027',
    kategoriTargetRace: 'Full Marathon',
  } as CreatePlanRequest;

  it('stays the same when only the goal changes, and changes with the data a CHECK_INPUT weighs', () => {
    expect(checkedInputsKey({ ...request, tanggalRace: '11-07-2027', kategoriTargetRace: '5K', hariLatihan: ['Senin'] })).toBe(checkedInputsKey(request));
    expect(checkedInputsKey({ ...request, personalBests: [{ distance: '5K', time: '00:32:00' }] })).not.toBe(checkedInputsKey(request));
    expect(checkedInputsKey({ ...request, jarakMingguan: 20 })).not.toBe(checkedInputsKey(request));
    expect(checkedInputsKey({ ...request, kemampuanLari: 'Mahir' })).not.toBe(checkedInputsKey(request));
  });
});
