/**
 * The demo runners' plans come from the coaching engine (src/domain/ai-coach), as a runner's would:
 * a form, a periodised plan toward a race, then logged results on the runs already behind today
 * (one session skipped, the way real training goes). Deterministic, so screenshots and tests see the
 * same plan on every fresh start.
 */
import { createPlanRequestSchema, type CreatePlanRequest, type PlanForm } from '../../domain/ai-coach/contract';
import { buildPlan, type PlanSpan } from '../../domain/ai-coach/engine/plan';
import { addDays, daysBetween, isoToPlanDate, planDateToIso, startOfWeek, type IsoDay } from '../../domain/shared/wire-date';
import { parsePaceRange } from '../../domain/training-plan/pace';
import { plannedDistanceKm } from '../../domain/training-plan/training-program';
import type { RunInput } from '../../domain/training-plan/contract';
import { runType } from '../../domain/training-plan/run-types';

export interface DemoPlan {
  form: PlanForm;
  span: PlanSpan;
  runs: RunInput[];
}

/** A small deterministic wobble in [-1, 1] so logged results look like real runs. */
const wobble = (n: number) => Math.sin(n * 12.9898) % 1;

/** Average heart rate of a run of this kind for a recreational runner (max HR 195). */
const heartRate = { recovery: 132, endurance: 146, steady: 152, tempo: 164, interval: 168, race: 172, other: 140 } as const;

/**
 * `weeks` Monday-first weeks toward a race on the last Sunday, `weeksBehind` of them before this
 * week. `form` overrides the demo runner's answers (a half marathon by default).
 */
export function buildDemoPlan(today: IsoDay, weeks = 8, weeksBehind = 4, form: Partial<CreatePlanRequest> = {}): DemoPlan {
  const start = addDays(startOfWeek(today), -7 * weeksBehind);
  const race = addDays(start, weeks * 7 - 1);
  const answers = createPlanRequestSchema.parse({
    umur: 31,
    jenisKelamin: 'Perempuan',
    runningExperience: '1-3 Tahun',
    kemampuanLari: 'Menengah',
    riwayatCidera: '',
    personalBests: [{ distance: '10K', time: '01:02:00' }],
    // Fit enough for a half marathon in 8 weeks by the coach's rules (the long run reaches 16 km).
    jarakMingguan: 36,
    lariTerjauh: 15,
    tanggalMulai: isoToPlanDate(start),
    targetLatihan: 'Race Selanjutnya',
    tanggalRace: isoToPlanDate(race),
    kategoriTargetRace: 'Half Marathon',
    targetWaktu: '02:15:00',
    hariLatihan: ['Selasa', 'Kamis', 'Sabtu', 'Minggu'],
    hariLongRun: 'Minggu',
    aksesTrek: 'Tidak',
    catatanLainnya: '',
    ...form,
  });
  const span = { startDay: start, endDay: race };
  const runs: RunInput[] = buildPlan(answers, span).runs.map((run, index) => {
    const day = planDateToIso(run.date)!;
    const input: RunInput = { date: run.date, title: run.title, program: run.program, paceRange: run.paceRange, periodization: run.periodization, generatedby: 'ai' };
    // Past runs are logged, except one skipped session in nine.
    const planned = plannedDistanceKm(run.program);
    const band = parsePaceRange(run.paceRange);
    if (daysBetween(day, today) > 0 && index % 9 !== 4 && planned !== null && band) {
      const km = Math.round(planned * (1 + 0.04 * wobble(index)) * 100) / 100;
      const pace = band[0] + 5 + 12 * wobble(index + 1);
      input.trainingdistance = km;
      input.trainingtime = Math.round(km * pace);
      input.traininghr = Math.round(heartRate[runType(run.title)] + 6 * wobble(index + 2));
    }
    return input;
  });
  // Two sessions the runner added herself.
  runs.push(
    { date: isoToPlanDate(addDays(start, 7 * weeksBehind - 4)), title: 'Fun Run Komunitas', program: '5k', paceRange: "6'30 - 7'00", generatedby: 'user', trainingdistance: 5.02, trainingtime: 1985, traininghr: 138 },
    { date: isoToPlanDate(addDays(today, 2)), title: 'Easy Run Pagi', program: '4k', paceRange: "6'45 - 7'00", generatedby: 'user' },
  );
  return { form: answers, span, runs };
}
