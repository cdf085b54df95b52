/**
 * Every chat message passes the health screen before any coach (built-in or LLM) reads it (issue
 * 25 §4). A red flag is answered here, with the plan paused, and starts a safety hold the server
 * keeps; while held, nothing that adds or intensifies training goes through, until the runner says
 * a doctor cleared them. The server and the corpus evaluation both call `screenedChat`.
 */
import { safetyMessages, type ChatReply, type Modification } from '../contract';
import { addDays, isoToPlanDate, planDateToIso, type IsoDay } from '../../shared/wire-date';
import {
  askedMessage,
  ASKED_MARKER,
  cautionMessage,
  cautionReason,
  isMedicalClearance,
  screenRedFlags,
  stopFlags,
  stopMessage,
  stopReason,
  type RedFlag,
  type StopFlag,
} from '../safety/red-flags';
import type { CoachChatInput } from './coach-chat';
import { parseRequest } from './intent';
import { modifiableRuns, PAUSE_DAYS } from './modify';
import { dayLabel, normalizeMessage } from './text';

/** The server's hold on a runner's training after a stop flag. */
export interface SafetyHold {
  flags: StopFlag[];
}

export type HoldChange = { type: 'set'; flags: StopFlag[] } | { type: 'lift' } | null;

export interface ScreenedChatInput extends CoachChatInput {
  hold: SafetyHold | null;
}

export interface ScreenedChat {
  reply: ChatReply;
  /** What the server records: a new hold, the hold lifted, or nothing. */
  hold: HoldChange;
  /** Whether the coach (the adapter) was asked at all: never for a red flag. */
  asked: boolean;
}

/** The days a caution keeps the runner off running, from today. */
export const CAUTION_REST_DAYS = 2;
/** The days after a caution (and after a restart) with only easy, shorter runs, counted from today. */
export const EASY_DAYS = 7;

const between = (start: IsoDay, end: IsoDay) => (start === end ? dayLabel(start) : `${dayLabel(start)} s.d. ${dayLabel(end)}`);

/** Whether a modification only removes or softens training (what a hold still lets through). */
export function onlyEases(mod: Modification): boolean {
  if (mod.new_workout || !mod.action) return false;
  const action = mod.action;
  return action.type === 'pause' || action.type === 'rest' || (action.type === 'volume' && action.factor <= 1);
}

/** How many runs the actor may change fall in start..end. */
function editableIn(input: CoachChatInput, start: IsoDay, end: IsoDay): number {
  return modifiableRuns(input.plan, input.today, input.actor).filter((run) => run.day >= start && run.day <= end).length;
}

/** Runs in start..end the AI may not change (the runner's own, or a coach's for the runner): they say so. */
function othersIn(input: CoachChatInput, start: IsoDay, end: IsoDay): number {
  const editable = new Set(modifiableRuns(input.plan, input.today, input.actor).map((run) => run._id));
  return input.plan.filter((run) => {
    const day = planDateToIso(run.date);
    return day !== null && day >= start && day <= end && !editable.has(run._id) && run.trainingdistance === null && run.trainingtime === null;
  }).length;
}

function stopReply(input: CoachChatInput, flags: StopFlag[]): ChatReply {
  const start = input.today;
  const end = addDays(start, PAUSE_DAYS - 1);
  const modifications: Modification[] = [];
  if (editableIn(input, start, end) > 0) {
    modifications.push({
      instruction: `Jeda latihan karena ${stopReason(flags)}: semua latihan ${between(start, end)} dihapus, tanpa lari sama sekali. Lanjutkan hanya setelah dokter menyatakan Anda aman, lalu beri tahu AI Coach.`,
      startDate: isoToPlanDate(start),
      endDate: isoToPlanDate(end),
      action: { type: 'pause', reason: 'red-flag' },
    });
  }
  const others = othersIn(input, start, end);
  const own = others > 0 ? ` ${others} latihan lain di kalender (yang tidak dibuat AI) tidak bisa saya ubah: jangan dijalankan dulu.` : '';
  const lead = modifications.length > 0 ? `Saya usulkan program dijeda ${between(start, end)} (tanpa lari). Setujui usulan di bawah agar latihannya dihapus dari kalender.` : `Tidak ada latihan AI ${between(start, end)} yang perlu dihapus; jangan berlari dulu.`;
  return {
    status: 'COMPLETE',
    clarification_question: `${lead}${own}`,
    modifications,
    safety: { level: 'stop', message: stopMessage(flags) },
  };
}

function cautionReply(input: CoachChatInput, flags: RedFlag[]): ChatReply {
  const today = input.today;
  const restEnd = addDays(today, CAUTION_REST_DAYS - 1);
  const easyStart = addDays(today, CAUTION_REST_DAYS);
  const easyEnd = addDays(today, EASY_DAYS - 1);
  const modifications: Modification[] = [];
  if (editableIn(input, today, restEnd) > 0) {
    modifications.push({
      instruction: `Istirahat total (tanpa lari) ${between(today, restEnd)} karena ${cautionReason(flags)}.`,
      startDate: isoToPlanDate(today),
      endDate: isoToPlanDate(restEnd),
      action: { type: 'pause', reason: 'caution' },
    });
  }
  if (editableIn(input, easyStart, easyEnd) > 0) {
    modifications.push({
      instruction: `Setelah itu, ${between(easyStart, easyEnd)} hanya lari santai (Recovery Run) yang lebih pendek, tanpa tempo, interval atau long run. Hentikan lari bila keluhan bertambah.`,
      startDate: isoToPlanDate(easyStart),
      endDate: isoToPlanDate(easyEnd),
      action: { type: 'rest', reason: 'caution' },
    });
  }
  return {
    status: 'COMPLETE',
    clarification_question: modifications.length > 0 ? 'Saya usulkan program diringankan dulu. Setujui usulan di bawah untuk melihat pratinjaunya.' : 'Tidak ada latihan AI dalam seminggu ke depan yang perlu diubah; istirahat dulu dan mulai pelan-pelan.',
    modifications,
    safety: { level: 'caution', message: cautionMessage(flags) },
  };
}

function restartReply(input: CoachChatInput): ChatReply {
  // The first week back: from the first run the runner would do (the paused days have none).
  const next = modifiableRuns(input.plan, input.today, input.actor)[0]?.day;
  const today = next && next > input.today ? next : input.today;
  const end = addDays(today, EASY_DAYS - 1);
  const modifications: Modification[] = [];
  if (editableIn(input, today, end) > 0) {
    modifications.push({
      instruction: `Mulai lagi pelan-pelan: ${between(today, end)} hanya lari santai (Recovery Run) yang lebih pendek, tanpa latihan berat. Hentikan lari dan periksakan lagi bila keluhannya muncul kembali.`,
      startDate: isoToPlanDate(today),
      endDate: isoToPlanDate(end),
      action: { type: 'rest', reason: 'restart' },
    });
  }
  return {
    status: 'COMPLETE',
    clarification_question:
      'Senang mendengarnya! Jeda latihan saya cabut. ' +
      (modifications.length > 0 ? 'Seminggu pertama saya usulkan hanya lari santai; setujui usulan di bawah untuk melihat pratinjaunya.' : 'Mulailah dengan lari santai yang pendek selama seminggu pertama.'),
    modifications,
  };
}

function holdReply(hold: SafetyHold): ChatReply {
  return { status: 'NEEDS_CLARIFICATION', clarification_question: safetyMessages.holdRefusal, modifications: [], safety: { level: 'stop', message: stopMessage(hold.flags) } };
}

const question = (text: string): ChatReply => ({ status: 'NEEDS_CLARIFICATION', clarification_question: text, modifications: [] });

/** Whether a request would add or intensify training (what a hold refuses before any coach reads it). */
function addsTraining(input: CoachChatInput): boolean {
  const request = parseRequest(input.usermessage, input.today);
  if (request.intent === 'move' || request.intent === 'race') return true;
  if (request.intent === 'volume' && request.direction === 'more') return true;
  // "boleh lari besok?", "kapan bisa latihan lagi?": asking to run while held.
  return !request.intent && request.question && !request.topic && /\b(?:lari|latihan|run|olahraga|race|lomba|interval|tempo)\b/.test(normalizeMessage(input.usermessage));
}

/** The stop flags of a red flag the coach asked about last, when the runner now says yes ("iya, kemarin"). */
function confirmedAsked(input: CoachChatInput): StopFlag[] {
  const history = input.chathistory;
  const last = history.at(-1);
  if (!last || last.role !== 'ai' || !last.content.includes(ASKED_MARKER)) return [];
  const before = [...history].reverse().find((m) => m.role === 'user');
  if (!before) return [];
  const answer = input.usermessage.toLowerCase();
  const yes = /^(?:ya|iya|iyaa|iy|yes|betul|benar|bener|he ?eh|sudah|udah|pernah|lagi|sedang|masih)\b/.test(answer.trim());
  return yes ? screenRedFlags(before.content).asked : [];
}

function screen(input: ScreenedChatInput): ScreenedChat | null {
  const found = screenRedFlags(input.usermessage);
  const stops = [...found.flags.filter((f): f is StopFlag => (stopFlags as readonly string[]).includes(f)), ...confirmedAsked(input)];
  if (stops.length > 0) {
    const flags = [...new Set([...(input.hold?.flags ?? []), ...stops])];
    return { reply: stopReply(input, stops), hold: { type: 'set', flags }, asked: false };
  }
  if (isMedicalClearance(input.usermessage)) {
    if (input.hold) return { reply: restartReply(input), hold: { type: 'lift' }, asked: false };
    return { reply: question('Senang mendengarnya! Bila Anda sempat berhenti berlari, mulailah lagi dengan lari santai yang pendek selama seminggu, lalu naikkan pelan-pelan.'), hold: null, asked: false };
  }
  if (found.asked.length > 0) return { reply: question(askedMessage(found.asked)), hold: null, asked: false };
  if (input.hold && addsTraining(input)) return { reply: holdReply(input.hold), hold: null, asked: false };
  if (found.level === 'caution') return { reply: cautionReply(input, found.flags), hold: null, asked: false };
  return null;
}

/** While held, a coach's answer that adds or intensifies training is replaced by the stop message again. */
function guard(reply: ChatReply, input: ScreenedChatInput): ScreenedChat {
  if (input.hold && reply.status === 'COMPLETE' && !reply.modifications.every(onlyEases)) return { reply: holdReply(input.hold), hold: null, asked: true };
  return { reply, hold: null, asked: true };
}

/**
 * The chat with the health screen in front: `chat` (the built-in coach or an adapter) is called
 * only when the screen has nothing to say. Synchronous with a synchronous coach.
 */
export function screenedChat(input: ScreenedChatInput, chat: (input: CoachChatInput) => ChatReply): ScreenedChat;
export function screenedChat(input: ScreenedChatInput, chat: (input: CoachChatInput) => Promise<ChatReply>): ScreenedChat | Promise<ScreenedChat>;
export function screenedChat(input: ScreenedChatInput, chat: (input: CoachChatInput) => ChatReply | Promise<ChatReply>): ScreenedChat | Promise<ScreenedChat> {
  const answered = screen(input);
  if (answered) return answered;
  const { hold: _hold, ...chatInput } = input;
  const reply = chat(chatInput);
  return reply instanceof Promise ? reply.then((r) => guard(r, input)) : guard(reply, input);
}
