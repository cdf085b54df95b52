/**
 * The 'Log Hasil Latihan' form as pure functions: what the runner typed → parsed result, the
 * all-or-none rule, live pace and scores, and the PATCH to send. The dialog only renders this.
 */
import { formatDuration, formatPace, parseDuration, paceSecondsPerKm } from '../../../../domain/training-plan/pace';
import { isoToPlanDate, isValidIsoDay, planDateToIso, type IsoDay } from '../../../../domain/shared/wire-date';
import { scoreRun, type RunScores } from '../../../../domain/training-plan/scoring';
import { canLogResultOn, coachResultIsComplete, messages } from '../../../../domain/training-plan/training-plan';
import { runPatchSchema, type Run, type RunPatch } from '../../../../domain/training-plan/contract';

export interface LogFormValues {
  /** ISO day from the date input, '' when cleared. */
  date: IsoDay | '';
  /** km, decimal comma or point. */
  distance: string;
  /** hh:mm:ss, mm:ss or plain seconds. */
  time: string;
  /** Average heart rate, bpm. */
  hr: string;
}

export type ResultField = 'distance' | 'time' | 'hr';

export interface LoggedResult {
  trainingdistance: number | null;
  trainingtime: number | null;
  traininghr: number | null;
}

export interface LogFormCheck {
  /** Parsed values; a field that is empty or invalid is null. */
  result: LoggedResult;
  /** Why a filled field cannot be read (shown under it). */
  fieldErrors: Partial<Record<ResultField, string>>;
  dateError: string | null;
  /** The spec's all-or-none alert when only some result fields are filled. */
  allOrNoneError: string | null;
  /** 'Data latihan tidak valid.' when a filled field cannot be read. */
  invalidError: string | null;
  /**
   * The run's (chosen) date is after today: its result cannot be logged yet. The result fields are
   * disabled while they are empty; a filled one (typed, or logged before a move) blocks saving.
   */
  notYet: boolean;
  /** The spec-style refusal shown when a result is filled on a day still to come. */
  futureError: string | null;
  canSave: boolean;
  /** 'mm:ss/km' or '--:--/km'. */
  pace: string;
  scores: RunScores;
}

const resultShape = runPatchSchema.shape;
const TIME_FORMAT_ERROR = 'Waktu harus berformat hh:mm:ss, mm:ss atau detik.';

/** Distance text → km; accepts '10', '10,5', '10.5'. Null when empty or not a number. */
export function parseDistanceKm(text: string): number | null {
  const value = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(value)) return null;
  return Number(value);
}

/** Distance for the field, in the Indonesian way (decimal comma). */
export function formatDistanceKm(km: number): string {
  return String(Math.round(km * 1000) / 1000).replace('.', ',');
}

/** The form as it opens for a run: its date and any result already logged. */
export function logFormValues(run: Pick<Run, 'date' | 'trainingdistance' | 'trainingtime' | 'traininghr'>): LogFormValues {
  return {
    date: planDateToIso(run.date) ?? '',
    distance: run.trainingdistance !== null ? formatDistanceKm(run.trainingdistance) : '',
    time: run.trainingtime !== null ? formatDuration(run.trainingtime) : '',
    hr: run.traininghr !== null ? String(run.traininghr) : '',
  };
}

function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? messages.invalidResult);
}

function readField(field: ResultField, text: string): { value: number | null; error: string | null } {
  const raw = text.trim();
  if (raw === '') return { value: null, error: null };
  if (field === 'distance') {
    const km = parseDistanceKm(raw);
    if (km === null) return { value: null, error: 'Jarak lari harus berupa angka.' };
    const issue = firstIssue(resultShape.trainingdistance.safeParse(km));
    return issue ? { value: null, error: issue } : { value: km, error: null };
  }
  if (field === 'time') {
    const seconds = parseDuration(raw);
    if (seconds === null) return { value: null, error: TIME_FORMAT_ERROR };
    const issue = firstIssue(resultShape.trainingtime.safeParse(seconds));
    return issue ? { value: null, error: issue } : { value: seconds, error: null };
  }
  if (!/^\d+$/.test(raw)) return { value: null, error: 'Rata-rata HR harus bilangan bulat.' };
  const bpm = Number(raw);
  const issue = firstIssue(resultShape.traininghr.safeParse(bpm));
  return issue ? { value: null, error: issue } : { value: bpm, error: null };
}

/**
 * Everything the dialog shows and decides from the current values; `today` (Jakarta) turns on the
 * rule that a run dated in the future cannot be logged as done (the server enforces it too).
 */
export function checkLogForm(values: LogFormValues, run: Pick<Run, 'title' | 'program' | 'paceRange'>, today?: IsoDay, view: 'runner' | 'coach' = 'runner'): LogFormCheck {
  const fields: [ResultField, string][] = [
    ['distance', values.distance],
    ['time', values.time],
    ['hr', values.hr],
  ];
  const fieldErrors: Partial<Record<ResultField, string>> = {};
  const parsed = {} as Record<ResultField, number | null>;
  for (const [field, text] of fields) {
    const { value, error } = readField(field, text);
    parsed[field] = value;
    if (error) fieldErrors[field] = error;
  }
  const filled = fields.filter(([, text]) => text.trim() !== '').length;
  // The runner's rule is all or none; a coach logging for a runner needs distance and time, HR optional (spec §5).
  const filledText = (text: string) => (text.trim() === '' ? null : 1);
  const allOrNoneError =
    view === 'coach'
      ? coachResultIsComplete({ trainingdistance: filledText(values.distance), trainingtime: filledText(values.time), traininghr: filledText(values.hr) })
        ? null
        : messages.coachDistanceAndTime
      : filled > 0 && filled < 3
        ? messages.allOrNone
        : null;
  const invalidError = Object.keys(fieldErrors).length > 0 ? messages.invalidResult : null;
  const dateError = values.date === '' ? messages.dateRequired : isValidIsoDay(values.date) ? null : messages.dateInvalid;

  const notYet = today !== undefined && !dateError && values.date !== '' && !canLogResultOn(values.date, today);
  const futureError = notYet && filled > 0 ? messages.resultInFuture : null;

  const result: LoggedResult = { trainingdistance: parsed.distance, trainingtime: parsed.time, traininghr: parsed.hr };
  return {
    result,
    fieldErrors,
    dateError,
    allOrNoneError,
    invalidError,
    notYet,
    futureError,
    canSave: !allOrNoneError && !invalidError && !dateError && !futureError,
    pace: formatPace(paceSecondsPerKm(result.trainingdistance, result.trainingtime)),
    scores: scoreRun({ title: run.title, program: run.program, paceRange: run.paceRange, ...result }),
  };
}

/**
 * The PATCH for what changed: the new date (DD-MM-YYYY) when moved, and the three result fields
 * together when any of them changed (all null clears a logged result). Empty when nothing changed.
 * `keepResult` (a result Strava filled): the result is sent even unchanged, so Simpan makes it the
 * runner's own log entry.
 */
export function buildRunPatch(
  run: Pick<Run, 'date' | 'trainingdistance' | 'trainingtime' | 'traininghr'>,
  values: LogFormValues,
  check: LogFormCheck,
  options: { keepResult?: boolean } = {},
): RunPatch {
  const patch: RunPatch = {};
  if (values.date !== '' && isoToPlanDate(values.date) !== run.date) patch.date = isoToPlanDate(values.date);
  const { result } = check;
  const changed =
    result.trainingdistance !== run.trainingdistance || result.trainingtime !== run.trainingtime || result.traininghr !== run.traininghr;
  if (changed || options.keepResult) Object.assign(patch, result);
  return patch;
}

export const isEmptyPatch = (patch: RunPatch) => Object.keys(patch).length === 0;
