import { describe, expect, it, vi } from 'vitest';
import { chatReplySchema, safetyMessages, type ChatMessage, type ChatReply } from '../contract';
import type { Run } from '../../training-plan/contract';
import { applyModifications } from './modify';
import { coachChat, type CoachChatInput } from './coach-chat';
import { corpusForm, corpusPlan, CORPUS_TODAY } from './corpus';
import { screenedChat, type SafetyHold } from './safe-chat';

function run(usermessage: string, options: { hold?: SafetyHold | null; history?: ChatMessage[]; plan?: Run[]; chat?: (input: CoachChatInput) => ChatReply } = {}) {
  const plan = options.plan ?? corpusPlan();
  const out = screenedChat(
    { form: corpusForm, maingoal: '', chathistory: options.history ?? [], usermessage, plan, today: CORPUS_TODAY, hold: options.hold ?? null },
    options.chat ?? coachChat,
  );
  expect(chatReplySchema.safeParse(out.reply).success).toBe(true);
  return { ...out, plan };
}

const daysOf = (runs: { date: string }[]) => runs.map((r) => r.date);

describe('screenedChat: a stop flag', () => {
  it('"chest tight and heart racing …": stop, doctor / IGD / 119, a pause of the next 7 days, a hold — and the coach is not asked', () => {
    const coach = vi.fn(coachChat);
    const { reply, hold, asked, plan } = run('chest tight and heart racing while running yesterday, still dizzy today', { chat: coach });
    expect(coach).not.toHaveBeenCalled();
    expect(asked).toBe(false);
    expect(reply.status).toBe('COMPLETE');
    expect(reply.safety?.level).toBe('stop');
    expect(reply.safety?.message).toMatch(/^Hentikan latihan sekarang/);
    expect(reply.safety?.message).toContain('IGD');
    expect(reply.safety?.message).toContain('119');
    expect(reply.modifications).toHaveLength(1);
    expect(reply.modifications[0]).toMatchObject({ startDate: '10-12-2026', endDate: '16-12-2026', action: { type: 'pause', reason: 'red-flag' } });
    expect(hold).toEqual({ type: 'set', flags: ['chest', 'palpitations'] });

    // Approved, the range has no runs left the AI may change (the runner's own Friday run stays, and is mentioned).
    const applied = applyModifications({ form: corpusForm, plan, modifications: reply.modifications, today: CORPUS_TODAY });
    expect(applied.runs).toEqual([]);
    expect([applied.startDay, applied.endDay]).toEqual(['2026-12-10', '2026-12-16']);
    expect(applied.notes[0]).toMatch(/latihan dijeda karena keluhan kesehatan/);
  });

  it('"tidak pusing, dada tidak sakit": no alarm, the coach is asked', () => {
    const coach = vi.fn(coachChat);
    const { reply, hold, asked } = run('tidak pusing, dada tidak sakit', { chat: coach });
    expect(coach).toHaveBeenCalledOnce();
    expect(asked).toBe(true);
    expect(reply.safety).toBeUndefined();
    expect(hold).toBeNull();
  });

  it('a flag only asked about gets the advice and a question; "iya" then stops', () => {
    const first = run('kalau nyeri dada pas lari harus gimana?');
    expect(first.reply.safety).toBeUndefined();
    expect(first.reply.clarification_question).toMatch(/IGD/);
    expect(first.hold).toBeNull();
    const history: ChatMessage[] = [
      { role: 'user', content: 'kalau nyeri dada pas lari harus gimana?' },
      { role: 'ai', content: first.reply.clarification_question! },
    ];
    const second = run('iya, kemarin pas tempo', { history });
    expect(second.reply.safety?.level).toBe('stop');
    expect(second.hold?.type).toBe('set');
  });
});

describe('screenedChat: caution', () => {
  it('fever: two days without runs, then only easy shorter runs to a week, no hold', () => {
    const { reply, hold, plan } = run('lagi demam 38 derajat, besok tempo gmn?');
    expect(reply.safety?.level).toBe('caution');
    expect(hold).toBeNull();
    expect(reply.modifications.map((m) => [m.action?.type, m.startDate, m.endDate])).toEqual([
      ['pause', '10-12-2026', '11-12-2026'],
      ['rest', '12-12-2026', '16-12-2026'],
    ]);
    const applied = applyModifications({ form: corpusForm, plan, modifications: reply.modifications, today: CORPUS_TODAY });
    expect(daysOf(applied.runs)).not.toContain('10-12-2026');
    expect(daysOf(applied.runs)).toEqual(['12-12-2026', '13-12-2026', '15-12-2026']);
    expect(applied.runs.every((r) => r.title === 'Recovery Run')).toBe(true);
  });

  it('"tidak demam" is no caution', () => {
    expect(run('tidak demam, cuma pilek dikit').reply.safety).toBeUndefined();
  });
});

describe('screenedChat: the hold', () => {
  const hold: SafetyHold = { flags: ['chest'] };

  it('refuses what adds or intensifies training with the stop message, before the coach is asked', () => {
    for (const message of ['tambah jarak minggu depan', 'pindahkan long run ke minggu', 'race saya diundur ke 14-03-2027', 'boleh lari besok?']) {
      const coach = vi.fn(coachChat);
      const { reply, hold: change } = run(message, { hold, chat: coach });
      expect(coach, message).not.toHaveBeenCalled();
      expect(reply.safety?.level, message).toBe('stop');
      expect(reply.clarification_question).toBe(safetyMessages.holdRefusal);
      expect(reply.modifications).toEqual([]);
      expect(change).toBeNull();
    }
  });

  it('lets through what eases training, and questions', () => {
    expect(run('kurangi volume minggu ini', { hold }).reply.modifications[0]?.action).toEqual({ type: 'volume', factor: 0.8 });
    expect(run('sepatu bagus apa ya', { hold }).reply.clarification_question).toMatch(/500–800 km/);
  });

  it('an adapter that answers with more training while held is replaced by the stop message', async () => {
    const llm = vi.fn(async (): Promise<ChatReply> => ({ status: 'COMPLETE', clarification_question: null, modifications: [{ instruction: 'Tambah interval hari Sabtu', date: '12-12-2026' }] }));
    const out = await screenedChat({ form: corpusForm, maingoal: '', chathistory: [], usermessage: 'latihan apa yang bagus sabtu ini', plan: corpusPlan(), today: CORPUS_TODAY, hold }, llm);
    expect(llm).toHaveBeenCalledOnce();
    expect(out.reply.safety?.level).toBe('stop');
    expect(out.reply.modifications).toEqual([]);
  });

  it('the doctor’s clearance lifts it and proposes a gentle week (easy runs only)', () => {
    const { reply, hold: change, plan } = run('dokter sudah mengizinkan saya lari lagi', { hold });
    expect(change).toEqual({ type: 'lift' });
    expect(reply.safety).toBeUndefined();
    expect(reply.modifications).toHaveLength(1);
    expect(reply.modifications[0]).toMatchObject({ startDate: '10-12-2026', endDate: '16-12-2026', action: { type: 'rest', reason: 'restart' } });
    const applied = applyModifications({ form: corpusForm, plan, modifications: reply.modifications, today: CORPUS_TODAY });
    expect(applied.runs.length).toBeGreaterThan(0);
    expect(applied.runs.every((r) => r.title === 'Recovery Run')).toBe(true);
    // Without a hold there is nothing to lift.
    expect(run('dokter sudah mengizinkan saya lari lagi').hold).toBeNull();
  });

  it('a new stop flag while held keeps the earlier flags', () => {
    expect(run('hampir pingsan tadi', { hold }).hold).toEqual({ type: 'set', flags: ['chest', 'fainting'] });
  });
});
