/**
 * The demo runner's plan: eight periodised weeks (Base → Build → Taper) toward a half marathon,
 * four behind today with logged results and four ahead. Deterministic, so screenshots and tests
 * see the same plan on every fresh start.
 */
import { addDays, daysBetween, isoToPlanDate, startOfWeek, type IsoDay } from '../../domain/shared/wire-date';
import { formatPlanPace, parsePaceRange } from '../../domain/training-plan/pace';
import { plannedDistanceKm } from '../../domain/training-plan/training-program';
import type { RunInput } from '../../domain/training-plan/contract';

interface Session {
  weekday: number; // 0 = Monday
  title: string;
  km: number;
  /** Target pace in seconds per km, as a 10-second band. */
  pace: number;
  hr: number;
}

const BASE_PACE = 400; // 6'40/km easy pace of a recreational half-marathoner

function weekSessions(week: number, weeks: number): Session[] {
  const taper = week === weeks - 1;
  const grow = Math.min(week, weeks - 3); // volume grows until two weeks before the end
  if (taper) {
    return [
      { weekday: 1, title: 'Easy Run', km: 5, pace: BASE_PACE, hr: 140 },
      { weekday: 3, title: 'Tempo Run', km: 4, pace: BASE_PACE - 55, hr: 165 },
      { weekday: 6, title: 'Race Day', km: 21.1, pace: BASE_PACE - 45, hr: 172 },
    ];
  }
  return [
    { weekday: 1, title: week % 2 ? 'Interval 6x800m' : 'Speed Work', km: 6 + Math.floor(grow / 2), pace: BASE_PACE - 75, hr: 168 },
    { weekday: 2, title: 'Recovery Run', km: 5, pace: BASE_PACE + 20, hr: 128 },
    { weekday: 3, title: 'Tempo Run', km: 6 + grow, pace: BASE_PACE - 55, hr: 162 },
    { weekday: 5, title: 'Easy Run', km: 5 + Math.floor(grow / 2), pace: BASE_PACE, hr: 140 },
    { weekday: 6, title: 'Long Run Endurance', km: 10 + 2 * grow, pace: BASE_PACE + 10, hr: 148 },
  ];
}

const periodization = (week: number, weeks: number) => (week < 3 ? 'Base' : week < weeks - 1 ? 'Build' : 'Taper');

/** A small deterministic wobble in [-1, 1] so logged results look like real runs. */
const wobble = (n: number) => Math.sin(n * 12.9898) % 1;

export function buildDemoPlan(today: IsoDay, weeks = 8, weeksBehind = 4): RunInput[] {
  const start = addDays(startOfWeek(today), -7 * weeksBehind);
  const runs: RunInput[] = [];
  for (let week = 0; week < weeks; week++) {
    for (const s of weekSessions(week, weeks)) {
      const day = addDays(start, week * 7 + s.weekday);
      const index = runs.length;
      const program = s.title === 'Race Day' ? 'HM' : `${s.km}k`;
      const paceRange = `${formatPlanPace(s.pace)} - ${formatPlanPace(s.pace + 10)}`;
      const run: RunInput = {
        date: isoToPlanDate(day),
        title: s.title,
        program,
        paceRange,
        periodization: periodization(week, weeks),
        generatedby: 'ai',
      };
      // Past runs are logged, except one skipped session, the way real training goes.
      if (daysBetween(day, today) > 0 && index % 9 !== 4) {
        const km = Math.round((plannedDistanceKm(program) ?? s.km) * (1 + 0.04 * wobble(index)) * 100) / 100;
        const [fast] = parsePaceRange(paceRange)!;
        const pace = fast + 5 + 12 * wobble(index + 1);
        run.trainingdistance = km;
        run.trainingtime = Math.round(km * pace);
        run.traininghr = Math.round(s.hr + 6 * wobble(index + 2));
      }
      runs.push(run);
    }
  }
  // Two sessions the runner added herself.
  runs.push(
    { date: isoToPlanDate(addDays(start, 7 * weeksBehind - 3)), title: 'Fun Run Komunitas', program: '5k', paceRange: "6'30 - 7'00", generatedby: 'user', trainingdistance: 5.02, trainingtime: 1985, traininghr: 138 },
    { date: isoToPlanDate(addDays(today, 2)), title: 'Easy Run Pagi', program: '4k', paceRange: "6'45 - 7'00", generatedby: 'user' },
  );
  return runs;
}
