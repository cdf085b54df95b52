/**
 * From a runner's request (with the conversation before it) to modifications of their plan, or a
 * question when the coach is not sure: which run, which days, how much. Pure; `today` decides
 * what "besok" and "minggu ini" mean.
 */
import { secondsToHms, type ChatActor, type ChatMessage, type Modification, type PlanForm } from '../contract';
import { assessFitness } from '../engine/fitness';
import { assessGoal } from '../safety/feasibility';
import type { Run } from '../../training-plan/contract';
import { isSpecialRun } from '../../training-plan/run-types';
import { addDays, daysBetween, isoToPlanDate, planDateToIso, startOfWeek, type IsoDay } from '../../shared/wire-date';
import { answerTopic, FINE_ANSWER, notUnderstood, RECOVERED_ANSWER } from './answers';
import { isEditableBy } from './editable';
import { KIND_LABELS, KIND_TITLES, mergeRequests, parseRequest, type ParsedRequest, type RestReason } from './intent';
import { dayLabel, dayMonthLabel, shortDayLabel, timeRefSpan, weekdayOn, type TimeRef } from './text';

export type Interpretation = { status: 'complete'; modifications: Modification[] } | { status: 'ask'; question: string };

export interface InterpretInput {
  text: string;
  history: readonly ChatMessage[];
  plan: readonly Run[];
  form: PlanForm | null;
  today: IsoDay;
  /** A coach may change the runs they made too (decision 025). Default runner. */
  actor?: ChatActor;
}

export const chatQuestions = {
  greeting:
    "Halo! Saya AI Coach Derap. Saya bisa memindahkan latihan ('pindahkan long run ke hari Minggu'), mengurangi atau menambah jarak ('kurangi volume minggu ini'), " +
    "menyesuaikan program saat cedera atau sakit ('lutut saya sakit'), atau mengubah tanggal dan target race. Apa yang ingin Anda sesuaikan?",
  thanks: 'Sama-sama! Ada lagi yang ingin disesuaikan dari program latihan Anda?',
  cancelled: 'Baik, tidak ada yang saya ubah. Ada hal lain yang ingin disesuaikan?',
  noPlan: "Anda belum memiliki latihan AI mendatang yang bisa diubah. Buat program terlebih dahulu lewat 'Buat Program Latihan dengan AI'.",
  notAiRuns:
    'Latihan mendatang Anda dibuat oleh pelatih atau oleh Anda sendiri, jadi tidak diubah oleh AI. Anda bisa mengubahnya langsung di kalender atau meminta pelatih Anda. Ada hal lain yang bisa saya bantu?',
  needsForm:
    "Untuk mengubah race atau target, saya membutuhkan data program Anda. Buat program terlebih dahulu lewat 'Buat Program Latihan dengan AI' dengan tanggal dan kategori race yang baru.",
  raceDetails: 'Kapan tanggal race Anda (misalnya 15 Maret 2027) dan berapa jaraknya (5K, 10K, Half Marathon atau Full Marathon)?',
  raceDate: 'Kapan tanggal race yang baru? Tulis tanggalnya, misalnya 15 Maret 2027.',
  raceInPast: 'Tanggal race harus setelah hari ini. Kapan tanggal race yang baru?',
  raceSame: 'Race Anda sudah dijadwalkan seperti itu. Apa yang ingin diubah: tanggal, jarak, atau target waktunya?',
  whichTarget: "Mau dipindahkan ke hari apa? Misalnya 'ke hari Minggu' atau 'ke 14 Desember'.",
} as const;

/** The days a rest reason covers by default, from today. */
export function restRange(reason: RestReason | 'caution' | 'restart', today: IsoDay): { start: IsoDay; end: IsoDay } {
  switch (reason) {
    case 'caution':
    case 'restart':
      return { start: today, end: addDays(today, 6) };
    case 'injury':
      return { start: today, end: addDays(today, 6) };
    case 'illness':
      return { start: today, end: addDays(today, 4) };
    case 'fatigue':
      return { start: today, end: addDays(today, 3) };
    case 'busy':
      return { start: today, end: addDays(startOfWeek(today), 6) };
  }
}

interface PlanRun extends Run {
  day: IsoDay;
}

function datedRuns(plan: readonly Run[]): PlanRun[] {
  return plan
    .map((run) => ({ ...run, day: planDateToIso(run.date) ?? '' }))
    .filter((run) => run.day !== '')
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

const logged = (run: Run) => run.trainingdistance !== null || run.trainingtime !== null;

/** The requests the current message continues: user messages each answered by a question. */
function conversation(history: readonly ChatMessage[]): { earlier: string[]; lastQuestion: string | null } {
  const earlier: string[] = [];
  let lastQuestion: string | null = null;
  for (let i = history.length - 1; i >= 1 && earlier.length < 3; i -= 2) {
    const ai = history[i]!;
    const user = history[i - 1]!;
    if (ai.role !== 'ai' || user.role !== 'user' || !ai.content.includes('?')) break;
    if (lastQuestion === null) lastQuestion = ai.content;
    earlier.unshift(user.content);
    if (parseRequest(user.content, '2000-01-01').intent) break;
  }
  return { earlier, lastQuestion };
}

/** A proposal the coach asked the runner to confirm ("Apakah maksud Anda …?"). */
const PROPOSAL = /apakah maksud anda\s+(.*)\?\s*$/is;

export function interpretRequest(input: InterpretInput): Interpretation {
  const { today } = input;
  const current = parseRequest(input.text, today);
  const { earlier, lastQuestion } = conversation(input.history);
  let request = current;
  if (lastQuestion !== null) {
    const proposal = PROPOSAL.exec(lastQuestion);
    if (current.yes && proposal) request = parseRequest(proposal[1]!, today);
    else if (current.no) return ask(chatQuestions.cancelled);
    else if (!current.intent || current.yes) {
      request = earlier.map((text) => parseRequest(text, today)).reduce(mergeRequests);
      request = mergeRequests(request, current);
    }
  }
  return resolve(request, input);
}

function ask(question: string): Interpretation {
  return { status: 'ask', question };
}

function resolve(request: ParsedRequest, input: InterpretInput): Interpretation {
  const runs = datedRuns(input.plan);
  const open = runs.filter((run) => isEditableBy(run, input.actor) && run.day >= input.today && !logged(run));
  // A question is answered; the plan stays as it is.
  if (request.topic && !request.intent) return ask(answerTopic(request.topic, { form: input.form, request, text: input.text }));
  // Upcoming runs, but none the AI may change: they are the runner's own or their coach's.
  const noneOpen = () => ask(runs.some((run) => run.day >= input.today && !logged(run)) ? chatQuestions.notAiRuns : chatQuestions.noPlan);
  switch (request.intent) {
    case 'move':
      return open.length === 0 ? noneOpen() : resolveMove(request, runs, open, input.today);
    case 'volume':
      return open.length === 0 ? noneOpen() : resolveVolume(request, open, input.today);
    case 'rest':
      return open.length === 0 ? noneOpen() : resolveRest(request, open, input.today);
    case 'race':
      return resolveRace(request, input);
    default:
      if (request.thanks) return ask(chatQuestions.thanks);
      if (request.greeting) return ask(chatQuestions.greeting);
      if (request.recovered) return ask(RECOVERED_ANSWER);
      if (request.deniedComplaint) return ask(FINE_ANSWER);
      return ask(notUnderstood(input.text));
  }
}

function listRuns(runs: readonly PlanRun[]): string {
  const labels = runs.slice(0, 3).map((run) => `${run.title} ${shortDayLabel(run.day)}`);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} atau ${labels.at(-1)}`;
}

function inRef(day: IsoDay, ref: TimeRef, today: IsoDay): boolean {
  const span = timeRefSpan(ref, today);
  return day >= span.start && day <= span.end;
}

function describeRef(ref: TimeRef, today: IsoDay): string {
  switch (ref.kind) {
    case 'day':
      return `pada ${dayLabel(ref.day)}`;
    case 'week':
      return ref.offset === 0 ? 'minggu ini' : 'minggu depan';
    case 'weekday':
      return `pada ${shortDayLabel(timeRefSpan(ref, today).start)}`;
    case 'span':
      return `antara ${dayLabel(ref.start)} dan ${dayLabel(ref.end)}`;
  }
}

/** Where the run goes: a date as written, a weekday in the run's own week (or the week named). */
function targetDay(target: TimeRef, runDay: IsoDay, today: IsoDay): IsoDay {
  switch (target.kind) {
    case 'day':
      return target.day;
    case 'span':
      return target.start;
    case 'weekday':
      return target.weekOffset === null ? weekdayOn(target.index, 0, runDay) : weekdayOn(target.index, target.weekOffset, today);
    case 'week':
      return addDays(runDay, 7 * target.offset - daysBetween(startOfWeek(today), startOfWeek(runDay)));
  }
}

function resolveMove(request: ParsedRequest, runs: PlanRun[], open: PlanRun[], today: IsoDay): Interpretation {
  const kind = request.runKind;
  const matches = (run: PlanRun) => (kind ? KIND_TITLES[kind].test(run.title) : true);
  const label = kind ? KIND_LABELS[kind] : 'Latihan';
  let candidates = open.filter(matches);
  if (request.source) candidates = candidates.filter((run) => inRef(run.day, request.source!, today));
  else if (!kind) {
    return ask(`Latihan yang mana yang ingin dipindahkan? Misalnya ${listRuns(open.filter((r) => isSpecialRun(r.title)).concat(open).slice(0, 3))}.`);
  }
  if (candidates.length === 0) {
    const others = runs.filter((run) => run.day >= today && matches(run) && (!request.source || inRef(run.day, request.source, today)));
    if (others.some((run) => run.generatedby !== 'ai')) {
      return ask(`${label} itu dibuat oleh Anda atau pelatih, jadi tidak diubah oleh AI. Anda bisa memindahkannya langsung di kalender. Ada latihan lain yang ingin dipindahkan?`);
    }
    const where = request.source ? ` ${describeRef(request.source, today)}` : ' mendatang';
    const upcoming = open.filter(matches);
    const suggestion = upcoming.length > 0 ? `${label} berikutnya: ${listRuns(upcoming)}.` : `Latihan mendatang: ${listRuns(open)}.`;
    return ask(`Saya tidak menemukan ${label.toLowerCase()}${where} yang bisa dipindahkan. ${suggestion} Latihan mana yang Anda maksud?`);
  }
  // Several runs fit a named time: ask which one. With no time named, the next one is meant.
  if (candidates.length > 1 && (request.source || !kind)) {
    return ask(`${label} yang mana yang ingin dipindahkan? ${listRuns(candidates)}?`);
  }
  const run = candidates[0]!;
  if (!request.target) return ask(`Mau dipindahkan ke hari apa ${run.title} ${shortDayLabel(run.day)}? Misalnya 'ke hari Minggu' atau 'ke ${dayMonthLabel(addDays(run.day, 1))}'.`);
  const to = targetDay(request.target, run.day, today);
  if (to < today) {
    const next = addDays(to, 7);
    return ask(`${dayLabel(to)} sudah lewat. Apakah maksud Anda memindahkan ${run.title} ${dayLabel(run.day)} ke ${dayLabel(next)}?`);
  }
  if (to === run.day) return ask(`${run.title} sudah dijadwalkan pada ${dayLabel(run.day)}. Mau dipindahkan ke hari lain?`);
  return {
    status: 'complete',
    modifications: [
      {
        instruction: `Pindahkan ${run.title} ${dayLabel(run.day)} ke ${dayLabel(to)}.`,
        startDate: isoToPlanDate(run.day < to ? run.day : to),
        endDate: isoToPlanDate(run.day < to ? to : run.day),
        action: { type: 'move', from: isoToPlanDate(run.day), to: isoToPlanDate(to) },
      },
    ],
  };
}

function rangeOf(ref: TimeRef | undefined, today: IsoDay, fallback: { start: IsoDay; end: IsoDay }): { start: IsoDay; end: IsoDay } {
  const span = ref ? timeRefSpan(ref, today) : fallback;
  return { start: span.start < today ? today : span.start, end: span.end };
}

const between = (range: { start: IsoDay; end: IsoDay }) =>
  range.start === range.end ? dayLabel(range.start) : `${dayLabel(range.start)} s.d. ${dayLabel(range.end)}`;

/** The largest increase the coach proposes at once (the 10 % rule). */
const MAX_INCREASE = 1.1;

function resolveVolume(request: ParsedRequest, open: PlanRun[], today: IsoDay): Interpretation {
  const thisWeek = { start: today, end: addDays(startOfWeek(today), 6) };
  let range = rangeOf(request.source, today, thisWeek);
  const has = (r: { start: IsoDay; end: IsoDay }) => open.some((run) => run.day >= r.start && run.day <= r.end);
  // Nothing left this week: the coming week is meant.
  if (!request.source && !has(range)) range = { start: addDays(startOfWeek(today), 7), end: addDays(startOfWeek(today), 13) };
  if (range.end < today) return ask('Hari itu sudah lewat. Minggu mana yang ingin disesuaikan, minggu ini atau minggu depan?');
  let inRange = open.filter((run) => run.day >= range.start && run.day <= range.end);
  if (inRange.length === 0) return ask(`Tidak ada latihan AI ${between(range)} yang bisa diubah. Minggu mana yang ingin disesuaikan?`);
  const kind = request.runKind;
  if (kind) {
    const ofKind = inRange.filter((run) => KIND_TITLES[kind].test(run.title));
    // One run of the kind named: only its day changes.
    if (ofKind.length === 1) {
      range = { start: ofKind[0]!.day, end: ofKind[0]!.day };
      inRange = open.filter((run) => run.day === range.start);
    }
  }
  const less = request.direction !== 'more';
  let factor = request.factor ?? (less ? 0.8 : MAX_INCREASE);
  factor = Math.min(Math.max(factor, 0.3), 1.5);
  let caution = '';
  if (factor > MAX_INCREASE) {
    factor = MAX_INCREASE;
    caution = ' Penambahan dibatasi 10% agar risiko cedera tetap rendah.';
  }
  const percent = Math.round(Math.abs(1 - factor) * 100);
  const verb = factor < 1 ? 'Kurangi' : 'Tambah';
  const lead = request.lighter ? `Minggu yang lebih ringan: jarak semua latihan ${between(range)} dikurangi ${percent}% (${inRange.length} latihan), dibulatkan ke 0,5 km, agar tubuh sempat pulih.` : '';
  return {
    status: 'complete',
    modifications: [
      {
        instruction: lead || `${verb} jarak latihan ${percent}% pada ${between(range)} (${inRange.length} latihan), dibulatkan ke 0,5 km.${caution}`,
        startDate: isoToPlanDate(range.start),
        endDate: isoToPlanDate(range.end),
        action: { type: 'volume', factor: Math.round(factor * 100) / 100 },
      },
    ],
  };
}

function resolveRest(request: ParsedRequest, open: PlanRun[], today: IsoDay): Interpretation {
  const reason = request.restReason!;
  const range = rangeOf(request.source, today, restRange(reason, today));
  const mod = (instruction: string, start: IsoDay, end: IsoDay, action: Modification['action'] = { type: 'rest', reason }): Modification => ({
    instruction,
    startDate: isoToPlanDate(start),
    endDate: isoToPlanDate(end),
    action,
  });
  const count = open.filter((run) => run.day >= range.start && run.day <= range.end).length;
  if (count === 0) return ask(`Tidak ada latihan AI ${between(range)} yang perlu diubah. Istirahatlah yang cukup. Ada hal lain yang ingin disesuaikan?`);
  switch (reason) {
    case 'injury': {
      const part = request.bodyPart ? ` karena ${request.bodyPart} sakit` : ' karena cedera';
      return {
        status: 'complete',
        modifications: [
          mod(
            `Program disesuaikan${part}: ${between(range)} hanya lari pemulihan (Recovery Run) yang lebih pendek dengan pace santai, tanpa latihan berat. ` +
              'Hentikan lari bila nyeri bertambah. Jika nyeri tidak membaik dalam beberapa hari, periksakan ke dokter atau fisioterapis.',
            range.start,
            range.end,
          ),
        ],
      };
    }
    case 'illness': {
      if (request.fever) {
        const restEnd = addDays(range.start, 2) < range.end ? addDays(range.start, 2) : range.end;
        const mods = [mod(`Istirahat total (tanpa lari) ${between({ start: range.start, end: restEnd })} karena demam.`, range.start, restEnd, { type: 'pause', reason: 'caution' })];
        const easyStart = addDays(restEnd, 1);
        const easyEnd = range.end > addDays(range.start, 6) ? range.end : addDays(range.start, 6);
        mods.push(
          mod(
            `Setelah demam reda, ${between({ start: easyStart, end: easyEnd })} hanya lari pemulihan (Recovery Run) yang pendek dengan pace santai. Jika demam lebih dari 3 hari, periksakan ke dokter.`,
            easyStart,
            easyEnd,
          ),
        );
        return { status: 'complete', modifications: mods };
      }
      return {
        status: 'complete',
        modifications: [
          mod(
            `Karena sedang sakit, ${between(range)} hanya lari pemulihan (Recovery Run) yang pendek dengan pace santai, tanpa latihan berat. Jika demam atau sesak napas, jangan berlari dan periksakan ke dokter.`,
            range.start,
            range.end,
          ),
        ],
      };
    }
    case 'fatigue':
      return {
        status: 'complete',
        modifications: [
          mod(
            `Karena Anda kelelahan, ${between(range)} latihan berat diganti lari pemulihan (Recovery Run) dan jarak latihan lain dikurangi 30%. Utamakan tidur dan makan yang cukup.`,
            range.start,
            range.end,
          ),
        ],
      };
    case 'busy':
      return {
        status: 'complete',
        modifications: [mod(`Karena Anda sibuk, jarak semua latihan ${between(range)} dipersingkat 40% (jenis latihannya tetap).`, range.start, range.end)],
      };
  }
}

function resolveRace(request: ParsedRequest, input: InterpretInput): Interpretation {
  const form = input.form;
  if (!form) return ask(chatQuestions.needsForm);
  const today = input.today;
  const wasRace = form.targetLatihan === 'Race Selanjutnya';
  const raceDay = request.raceDate ?? (wasRace && form.tanggalRace ? planDateToIso(form.tanggalRace) : null);
  const distance = request.raceDistance ?? (wasRace ? (form.kategoriTargetRace ?? null) : null);
  if (!raceDay && !distance) return ask(chatQuestions.raceDetails);
  if (!raceDay) return ask(chatQuestions.raceDate);
  if (!distance) return ask(chatQuestions.raceDetails);
  if (raceDay <= today) return ask(chatQuestions.raceInPast);
  const oldDay = wasRace && form.tanggalRace ? planDateToIso(form.tanggalRace) : null;
  const parts: string[] = [];
  if (raceDay !== oldDay) parts.push(oldDay ? `pindahkan race dari ${dayLabel(oldDay)} ke ${dayLabel(raceDay)}` : `race pada ${dayLabel(raceDay)}`);
  if (distance !== (wasRace ? form.kategoriTargetRace : null)) parts.push(`target race ${distance}`);
  if (request.targetTime && request.targetTime !== form.targetWaktu) parts.push(`target waktu ${request.targetTime}`);
  if (parts.length === 0) return ask(chatQuestions.raceSame);
  // A new race must be reachable safely from today: otherwise the coach says why and offers the safe ways.
  const changed: PlanForm = {
    ...form,
    targetLatihan: 'Race Selanjutnya',
    tanggalRace: isoToPlanDate(raceDay),
    kategoriTargetRace: distance,
    targetWaktu: request.targetTime ?? (distance === form.kategoriTargetRace ? form.targetWaktu : null) ?? secondsToHms(assessFitness(form).predictions[distance]),
    // The rest of the programme starts today, whenever the first one started.
    tanggalMulai: (planDateToIso(form.tanggalMulai) ?? today) < today ? isoToPlanDate(today) : form.tanggalMulai,
  };
  const verdict = assessGoal(changed, today);
  if (!verdict.ok) {
    const options = (verdict.refusal.alternatives ?? []).map((alt, i) => `${i + 1}) ${alt.message}`);
    return ask(options.length > 0 ? `${verdict.refusal.message} Pilihan yang aman: ${options.join('; ')}. Mau pilih yang mana?` : `${verdict.refusal.message} Ada hal lain yang ingin disesuaikan?`);
  }
  const sentence = parts.join(', ');
  return {
    status: 'complete',
    modifications: [
      {
        instruction: `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}; program dari ${dayLabel(today)} sampai hari race disusun ulang (Base, Build, Taper).`,
        startDate: isoToPlanDate(today),
        endDate: isoToPlanDate(raceDay),
        action: {
          type: 'race',
          raceDate: isoToPlanDate(raceDay),
          raceDistance: distance,
          ...(request.targetTime ? { targetTime: request.targetTime } : {}),
        },
      },
    ],
  };
}
