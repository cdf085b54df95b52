/**
 * The AI coach's honest refusals of a createplan (issue 25 §3) as the form reads them: which
 * refusal a failed call was, what a goal alternative changes in the form, and which inputs a
 * runner's "my data is right" covers. Pure apart from reading the API client's error.
 */
import { planRefusalSchema, type CreatePlanRequest, type GoalAlternative, type PlanRefusal } from '../../../domain/ai-coach/contract';
import { planDateToIso } from '../../../domain/shared/wire-date';
import { ApiError } from '../../api/client';
import type { PlanFormValues } from './plan-form';

/** The refusal a createplan answered (422 with SEE_A_DOCTOR, CHECK_INPUT or GOAL_NOT_SAFE), or null for any other failure. */
export function planRefusalOf(error: unknown): PlanRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const body = error.body !== null && typeof error.body === 'object' ? error.body : { code: error.code, message: error.message, errors: error.details };
  const parsed = planRefusalSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** The form fields a goal alternative sets (dates as the date input's YYYY-MM-DD). */
export function alternativeValues(alternative: GoalAlternative): Partial<PlanFormValues> {
  const raceDay = alternative.tanggalRace ? planDateToIso(alternative.tanggalRace) : null;
  return {
    ...(raceDay ? { tanggalRace: raceDay } : {}),
    ...(alternative.kategoriTargetRace ? { kategoriTargetRace: alternative.kategoriTargetRace } : {}),
    ...(alternative.targetWaktu ? { targetWaktu: alternative.targetWaktu } : {}),
    ...(alternative.hariLatihan ? { hariLatihan: [...alternative.hariLatihan] } : {}),
  };
}

/**
 * What a CHECK_INPUT weighs against each other (ability, experience, best times, weekly and longest
 * km). A runner's confirmation holds while these stay as confirmed: choosing a goal alternative
 * afterwards keeps it, changing the data asks again.
 */
export function checkedInputsKey(request: CreatePlanRequest): string {
  const { kemampuanLari, runningExperience, personalBests, jarakMingguan, lariTerjauh } = request;
  return JSON.stringify([kemampuanLari, runningExperience, personalBests ?? [], jarakMingguan, lariTerjauh]);
}

/** The panel's heading per refusal. */
export const refusalTitles: Record<PlanRefusal['code'], string> = {
  GOAL_NOT_SAFE: 'Target ini belum aman',
  CHECK_INPUT: 'Periksa kembali data Anda',
  SEE_A_DOCTOR: 'Perlu izin dokter dulu',
};

export const MEDICAL_CLEARANCE_LABEL = 'Dokter sudah mengizinkan saya berlatih';
export const CONFIRM_INPUTS_LABEL = 'Data saya sudah benar, lanjutkan';
export const FIX_INPUTS_LABEL = 'Perbaiki data';
export const EDIT_FORM_LABEL = 'Ubah formulir';
