import { describe, expect, it, vi } from 'vitest';
import { chatReplySchema, type ChatMessage, type ModificationAction } from '../contract';
import type { Run } from '../../training-plan/contract';
import { coachChat } from './coach-chat';
import { corpusForm, corpusPlan } from './corpus';
import { run, samplePlan, TODAY } from './fixture';
import { parseRequest } from './intent';
import { findDates, normalizeMessage } from './text';

function chat(usermessage: string, options: { history?: ChatMessage[]; plan?: Run[]; today?: string } = {}) {
  const reply = coachChat({
    form: null,
    maingoal: '',
    chathistory: options.history ?? [],
    usermessage,
    plan: options.plan ?? samplePlan(),
    today: options.today ?? TODAY,
  });
  expect(chatReplySchema.safeParse(reply).success).toBe(true);
  return reply;
}

function onlyAction(usermessage: string, options?: Parameters<typeof chat>[1]): ModificationAction {
  const reply = chat(usermessage, options);
  expect(reply.status, reply.clarification_question ?? '').toBe('COMPLETE');
  expect(reply.clarification_question).toBeNull();
  expect(reply.modifications).toHaveLength(1);
  return reply.modifications[0]!.action!;
}

function question(usermessage: string, options?: Parameters<typeof chat>[1]): string {
  const reply = chat(usermessage, options);
  expect(reply.status).toBe('NEEDS_CLARIFICATION');
  expect(reply.modifications).toEqual([]);
  return reply.clarification_question!;
}

describe('coachChat: moving a run (today Thursday 10-12-2026)', () => {
  it.each([
    'pindahkan long run ke hari Minggu',
    'Pindahin longrun ke hr minggu ya',
    'PINDAHKAN LONG RUN KE MINGGU',
    'pindahkn long run ke hari mingu', // typos
    'long run minggu ini jadi hari minggu',
    'tolong geser lari panjang saya ke hari Minggu karena Sabtu ada acara',
    'move my long run to Sunday',
    'pindahkan latihan 12-12 ke 13-12',
    'pindahkan long run 12/12 ke 13/12/2026',
    'pindahkan long run 12 Desember ke 13 Desember',
  ])('%s → Saturday 12-12 to Sunday 13-12', (message) => {
    expect(onlyAction(message)).toEqual({ type: 'move', from: '12-12-2026', to: '13-12-2026' });
  });

  it('says in Indonesian what moves where, with the range affected', () => {
    const [mod] = chat('pindahkan long run ke hari Minggu').modifications;
    expect(mod!.instruction).toBe('Pindahkan Endurance Long Run Sabtu, 12 Desember 2026 ke Minggu, 13 Desember 2026.');
    expect([mod!.startDate, mod!.endDate]).toEqual(['12-12-2026', '13-12-2026']);
  });

  it('finds the run by time: besok, hari ini, minggu depan, a weekday, a date', () => {
    expect(onlyAction('geser tempo run besok ke Jumat', { today: '2026-12-09' })).toEqual({ type: 'move', from: '10-12-2026', to: '11-12-2026' });
    expect(onlyAction('geser tempo hari ini ke jumat')).toEqual({ type: 'move', from: '10-12-2026', to: '11-12-2026' });
    expect(onlyAction('long run minggu depan pindah ke jumat')).toEqual({ type: 'move', from: '19-12-2026', to: '18-12-2026' });
    expect(onlyAction('pindahkan interval kamis depan ke rabu')).toEqual({ type: 'move', from: '17-12-2026', to: '16-12-2026' });
    expect(onlyAction('pindahkan latihan 24-12-2026 ke 23-12-2026')).toEqual({ type: 'move', from: '24-12-2026', to: '23-12-2026' });
  });

  it('takes the weekday in the run’s own week, and the next run of the kind by default', () => {
    // Next tempo is today (Thursday 10-12): Friday of that week.
    expect(onlyAction('pindahkan tempo ke jumat')).toEqual({ type: 'move', from: '10-12-2026', to: '11-12-2026' });
    // On Sunday 13-12 the coming long run is Saturday 19-12: Sunday of that week is 20-12.
    expect(onlyAction('pindahkan long run ke hari minggu', { today: '2026-12-13' })).toEqual({ type: 'move', from: '19-12-2026', to: '20-12-2026' });
  });

  it('a heavy neighbour is softened, and the instruction says so', () => {
    const [mod] = chat('geser tempo hari ini ke jumat').modifications;
    expect(mod!.instruction).toContain('Endurance Long Run Sabtu, 12 Desember 2026 diganti menjadi Recovery Run');
    expect(mod!.endDate).toBe('12-12-2026');
  });

  it('asks which run when none is named, or several fit', () => {
    expect(question('pindahkan latihan ke hari minggu')).toMatch(/^Latihan yang mana yang ingin dipindahkan\?/);
    expect(question('pindahkan easy run minggu depan ke rabu')).toBe(
      'Easy run yang mana yang ingin dipindahkan? Easy Run Selasa, 15 Desember atau Recovery Run Minggu, 20 Desember?',
    );
  });

  it('asks where to when no day is given, and takes the answer from the next message', () => {
    expect(question('pindahkan long run')).toMatch(/^Mau dipindahkan ke hari apa Endurance Long Run Sabtu, 12 Desember\?/);
    const history: ChatMessage[] = [
      { role: 'user', content: 'pindahkan long run' },
      { role: 'ai', content: "Mau dipindahkan ke hari apa Endurance Long Run Sabtu, 12 Desember? Misalnya 'ke hari Minggu'." },
    ];
    expect(onlyAction('hari minggu', { history })).toEqual({ type: 'move', from: '12-12-2026', to: '13-12-2026' });
    expect(onlyAction('ke 14-12', { history })).toEqual({ type: 'move', from: '12-12-2026', to: '14-12-2026' });
  });

  it('resolves "which one?" with "yang minggu ini" / "Minggu depan" / a weekday', () => {
    const history: ChatMessage[] = [
      { role: 'user', content: 'pindahkan long run ke hari Minggu' },
      { role: 'ai', content: 'Long run yang mana yang ingin dipindahkan? Minggu ini (Sabtu, 12 Desember) atau minggu depan?' },
    ];
    expect(onlyAction('yang minggu ini', { history })).toEqual({ type: 'move', from: '12-12-2026', to: '13-12-2026' });
    expect(onlyAction('Minggu depan', { history })).toEqual({ type: 'move', from: '19-12-2026', to: '20-12-2026' });
    const easy: ChatMessage[] = [
      { role: 'user', content: 'pindahkan easy run minggu depan ke rabu' },
      { role: 'ai', content: 'Easy run yang mana yang ingin dipindahkan? Easy Run Selasa, 15 Desember atau Recovery Run Minggu, 20 Desember?' },
    ];
    expect(onlyAction('yang selasa', { history: easy })).toEqual({ type: 'move', from: '15-12-2026', to: '16-12-2026' });
  });

  it('a day already past gets a proposal, and "ya" accepts it', () => {
    const asked = question('pindahkan long run ke hari Rabu');
    expect(asked).toBe('Rabu, 9 Desember 2026 sudah lewat. Apakah maksud Anda memindahkan Endurance Long Run Sabtu, 12 Desember 2026 ke Rabu, 16 Desember 2026?');
    const history: ChatMessage[] = [
      { role: 'user', content: 'pindahkan long run ke hari Rabu' },
      { role: 'ai', content: asked },
    ];
    expect(onlyAction('ya', { history })).toEqual({ type: 'move', from: '12-12-2026', to: '16-12-2026' });
    expect(onlyAction('Iya boleh', { history })).toEqual({ type: 'move', from: '12-12-2026', to: '16-12-2026' });
    expect(question('tidak', { history })).toBe('Baik, tidak ada yang saya ubah. Ada hal lain yang ingin disesuaikan?');
  });

  it('a new request after a question starts over', () => {
    const history: ChatMessage[] = [
      { role: 'user', content: 'pindahkan long run' },
      { role: 'ai', content: 'Mau dipindahkan ke hari apa Endurance Long Run Sabtu, 12 Desember?' },
    ];
    expect(onlyAction('kurangi volume minggu ini', { history })).toEqual({ type: 'volume', factor: 0.8 });
  });

  it('does not move logged, past, user-made runs, or to the same day', () => {
    expect(question('pindahkan easy run 08-12 ke 09-12')).toMatch(/^Saya tidak menemukan easy run pada Selasa, 8 Desember 2026/);
    const plan = [...samplePlan(), run('11-12-2026', 'Steady Run Klub', '(8k)', { generatedby: 'coach' })];
    expect(question('pindahkan steady run jumat ke minggu', { plan })).toMatch(/dibuat oleh Anda atau pelatih/);
    expect(question('pindahkan long run ke hari sabtu')).toBe('Endurance Long Run sudah dijadwalkan pada Sabtu, 12 Desember 2026. Mau dipindahkan ke hari lain?');
  });

  it('without a plan it says to create one first', () => {
    expect(question('pindahkan long run ke hari minggu', { plan: [] })).toMatch(/belum memiliki latihan AI mendatang/);
  });
});

describe('coachChat: volume', () => {
  it.each([
    ['kurangi volume minggu ini', 0.8],
    ['kurangi jarak 20%', 0.8],
    ['tolong kurangin volumenya dong', 0.8],
    ['kurangi jarak lari minggu ini 30 persen', 0.7],
    ['reduce my mileage this week', 0.8],
    ['latihannya dibuat lebih ringan minggu ini', 0.8],
  ])('%s → factor %d for this week (today..Sunday)', (message, factor) => {
    const reply = chat(message);
    expect(reply.modifications[0]!.action).toEqual({ type: 'volume', factor });
    expect([reply.modifications[0]!.startDate, reply.modifications[0]!.endDate]).toEqual(['10-12-2026', '13-12-2026']);
    expect(reply.modifications[0]!.instruction).toMatch(/^Kurangi jarak latihan \d+% pada Kamis, 10 Desember 2026 s\.d\. Minggu, 13 Desember 2026/);
  });

  it('more kilometres next week, capped at 10 %', () => {
    const reply = chat('tambah jarak minggu depan');
    expect(reply.modifications[0]!.action).toEqual({ type: 'volume', factor: 1.1 });
    expect([reply.modifications[0]!.startDate, reply.modifications[0]!.endDate]).toEqual(['14-12-2026', '20-12-2026']);
    const capped = chat('tambah jarak 50% minggu depan').modifications[0]!;
    expect(capped.action).toEqual({ type: 'volume', factor: 1.1 });
    expect(capped.instruction).toContain('dibatasi 10%');
  });

  it('one named run: only its day', () => {
    const mod = chat('kurangi jarak long run minggu depan').modifications[0]!;
    expect([mod.startDate, mod.endDate]).toEqual(['19-12-2026', '19-12-2026']);
  });
});

describe('coachChat: injury, illness, fatigue, busy', () => {
  it.each(['lutut saya sakit', 'kaki saya cedera', 'betis sakit banget', 'hamstring saya nyeri', 'saya cidera', 'my knee hurts', 'lutut kanan agak ngilu'])(
    '%s → rest injury for 7 days, see a doctor or physio',
    (message) => {
      const mod = chat(message).modifications[0]!;
      expect(mod.action).toEqual({ type: 'rest', reason: 'injury' });
      expect([mod.startDate, mod.endDate]).toEqual(['10-12-2026', '16-12-2026']);
      expect(mod.instruction).toContain('dokter atau fisioterapis');
    },
  );

  it('names the body part in Indonesian', () => {
    expect(chat('my knee hurts').modifications[0]!.instruction).toContain('karena lutut sakit');
  });

  it.each(['saya sakit flu', 'lagi batuk pilek', 'saya sedang sakit', 'I am sick'])('%s → rest illness', (message) => {
    const mod = chat(message).modifications[0]!;
    expect(mod.action).toEqual({ type: 'rest', reason: 'illness' });
    expect(mod.startDate).toBe('10-12-2026');
  });

  it('fever: three days without running, then easy days', () => {
    const mods = chat('saya demam dari kemarin').modifications;
    expect(mods.map((m) => [m.startDate, m.endDate])).toEqual([
      ['10-12-2026', '12-12-2026'],
      ['13-12-2026', '16-12-2026'],
    ]);
    expect(mods[0]!.instruction).toContain('tanpa lari');
  });

  it.each(['saya terlalu capek', 'badan lelah banget', 'I am so tired'])('%s → rest fatigue', (message) => {
    expect(onlyAction(message)).toEqual({ type: 'rest', reason: 'fatigue' });
  });

  it('busy this week', () => {
    const mod = chat('minggu ini saya sibuk').modifications[0]!;
    expect(mod.action).toEqual({ type: 'rest', reason: 'busy' });
    expect([mod.startDate, mod.endDate]).toEqual(['10-12-2026', '13-12-2026']);
  });
});

describe('coachChat: race and anything else', () => {
  it('race changes need the programme form', () => {
    for (const message of ['race saya diundur ke 15-03-2027', 'ganti target ke half marathon', 'target waktu 1:50:00']) {
      expect(question(message)).toMatch(/Buat Program Latihan dengan AI/);
    }
  });

  it('reads the race date, distance and target time', () => {
    expect(parseRequest('race saya diundur ke 15-03-2027', TODAY)).toMatchObject({ intent: 'race', raceDate: '2027-03-15' });
    expect(parseRequest('lombanya dimajukan jadi 7 Februari', TODAY)).toMatchObject({ intent: 'race', raceDate: '2027-02-07' });
    expect(parseRequest('ganti target ke half marathon', TODAY)).toMatchObject({ intent: 'race', raceDistance: 'Half Marathon' });
    expect(parseRequest('target waktu 1:50:00', TODAY)).toMatchObject({ intent: 'race', targetTime: '01:50:00' });
    expect(parseRequest('target saya full marathon 4 jam 30 menit', TODAY)).toMatchObject({ intent: 'race', raceDistance: 'Full Marathon', targetTime: '04:30:00' });
  });

  it('anything else: what the coach can do', () => {
    // What it did not understand is quoted, then what it can do.
    expect(question('apa kabar coach')).toMatch(/^Maaf, saya belum memahami "apa kabar coach"\. Saya bisa membantu/);
    expect(question('halo')).toMatch(/^Halo! Saya AI Coach Derap/);
    expect(question('terima kasih ya')).toMatch(/^Sama-sama/);
  });
});

describe('chat text', () => {
  it('normalises case, accents, spellings and typos', () => {
    expect(normalizeMessage("Pindahin LongRun ke hr Minggu, Jum'at")).toBe('pindahin long run ke hari minggu jumat');
    expect(normalizeMessage('pindahkn lari panjng ke hari mingu')).toBe('pindahkan lari panjang ke hari minggu');
    expect(normalizeMessage('jarang sekali')).toBe('jarang sekali');
  });

  it('finds dates: DD-MM, DD-MM-YYYY, DD/MM, "12 Desember", "tanggal 20", not paces or percentages', () => {
    const days = (text: string) => findDates(normalizeMessage(text), TODAY).map((hit) => hit.day);
    expect(days('12-12 dan 14/12/2026')).toEqual(['2026-12-12', '2026-12-14']);
    expect(days('tanggal 3 januari')).toEqual(['2027-01-03']);
    expect(days('pada 5 Jan 2027')).toEqual(['2027-01-05']);
    expect(days('tanggal 20')).toEqual(['2026-12-20']);
    expect(days('pace 5:30 kurangi 20%')).toEqual([]);
    expect(days('31-02')).toEqual([]);
  });
});

describe('coachChat: what the tester found (issue 25 §5)', () => {
  const formChat = (usermessage: string, plan: Run[] = corpusPlan(), actor?: 'coach') => {
    const reply = coachChat({ form: corpusForm, maingoal: '', chathistory: [], usermessage, plan, today: TODAY, actor });
    expect(chatReplySchema.safeParse(reply).success).toBe(true);
    return reply;
  };

  it('"tidak demam" is no fever: illness without the days off running', () => {
    expect(parseRequest('tidak demam, cuma pilek', TODAY)).toMatchObject({ fever: false, restReason: 'illness' });
    expect(parseRequest('gak demam kok', TODAY).fever).toBe(false);
    expect(parseRequest('lutut tidak sakit lagi', TODAY).intent).toBeNull();
    const mods = chat('tidak demam, cuma pilek').modifications;
    expect(mods.map((m) => m.action?.type)).toEqual(['rest']);
  });

  it('weekday ranges are spans: "senin sampai rabu", "sabtu-minggu", "selasa s/d kamis"', () => {
    const busy = chat('senin sampai rabu saya dinas').modifications[0]!;
    expect([busy.startDate, busy.endDate]).toEqual(['14-12-2026', '16-12-2026']);
    const weekend = chat('kurangi jarak sabtu-minggu').modifications[0]!;
    expect([weekend.startDate, weekend.endDate]).toEqual(['12-12-2026', '13-12-2026']);
    const midweek = chat('selasa s/d kamis minggu depan lembur').modifications[0]!;
    expect([midweek.startDate, midweek.endDate]).toEqual(['15-12-2026', '17-12-2026']);
  });

  it('real words are not "corrected" into others: seminggu, tangga, sabtu', () => {
    expect(normalizeMessage('seminggu naik tangga sabtu')).toBe('seminggu naik tangga sabtu');
    const mod = chat('kurangi volume seminggu ini').modifications[0]!;
    expect([mod.startDate, mod.endDate]).toEqual(['10-12-2026', '16-12-2026']);
    expect(normalizeMessage('intrval gesr')).toBe('interval geser');
  });

  it('the new value after "ke" / "jadi": "ganti target ke 10K, HM kejauhan" → 10K', () => {
    expect(parseRequest('ganti target ke 10K, HM kejauhan', TODAY)).toMatchObject({ intent: 'race', raceDistance: '10K' });
    expect(parseRequest('dari HM ke 10K aja', TODAY)).toMatchObject({ intent: 'race', raceDistance: '10K' });
    expect(formChat('ganti target ke 10K, HM kejauhan').modifications[0]!.action).toMatchObject({ type: 'race', raceDistance: '10K' });
  });

  it('"bisa sub 2 jam HM?" is answered from the runner’s VDOT, not turned into a target', () => {
    const reply = formChat('bisa sub 2 jam HM?');
    expect(reply.status).toBe('NEEDS_CLARIFICATION');
    expect(reply.modifications).toEqual([]);
    expect(reply.clarification_question).toMatch(/prediksi Half Marathon Anda sekarang sekitar \d\d:\d\d:\d\d/);
    expect(reply.clarification_question).toMatch(/Target 02:00:00 butuh kebugaran sekitar VDOT/);
  });

  it('short answers: heart rate zones from 220 − age (or the max the runner states), every day, menstruation, fasting', () => {
    expect(formChat('zona HR saya berapa?').clarification_question).toContain('Zona 2 113–132 bpm');
    expect(formChat('HR max sy 200, zona 2 brp?').clarification_question).toContain('Zona 2 120–140 bpm');
    expect(formChat('boleh lari 7 hari seminggu?').clarification_question).toMatch(/1–2 hari istirahat/);
    const cramps = formChat('lagi haid perut kram, tetep lari ga?');
    expect(cramps.modifications).toEqual([]);
    expect(cramps.clarification_question).toMatch(/^Lari saat menstruasi aman/);
    expect(formChat('lari pas puasa kapan enaknya?').clarification_question).toMatch(/berbuka/);
  });

  it('"terlalu berat" offers a lighter week (less volume), not the capability list', () => {
    const mod = formChat('programnya terlalu berat coach').modifications[0]!;
    expect(mod.action).toEqual({ type: 'volume', factor: 0.8 });
    expect([mod.startDate, mod.endDate]).toEqual(['10-12-2026', '16-12-2026']);
    expect(mod.instruction).toMatch(/^Minggu yang lebih ringan/);
  });

  it('a race change that is not safe is answered with assessGoal’s refusal and alternatives', async () => {
    const feasibility = await import('../safety/feasibility');
    const spy = vi.spyOn(feasibility, 'assessGoal').mockReturnValue({
      ok: false,
      refusal: { code: 'GOAL_NOT_SAFE', message: 'Target Full Marathon pada 07-03-2027 belum aman.', alternatives: [{ kind: 'later-race', message: 'Full Marathon pada 06-06-2027', tanggalRace: '06-06-2027' }] },
    });
    try {
      const reply = formChat('mau ganti dari HM ke full marathon');
      expect(reply.modifications).toEqual([]);
      expect(reply.clarification_question).toBe('Target Full Marathon pada 07-03-2027 belum aman. Pilihan yang aman: 1) Full Marathon pada 06-06-2027. Mau pilih yang mana?');
      expect(spy.mock.calls[0]![0]).toMatchObject({ kategoriTargetRace: 'Full Marathon', tanggalRace: '07-03-2027', tanggalMulai: '10-12-2026' });
    } finally {
      spy.mockRestore();
    }
  });

  it('what it does not understand is quoted', () => {
    expect(formChat('asdfgh').clarification_question).toMatch(/^Maaf, saya belum memahami "asdfgh"\./);
  });

  it('a coach may change the runs they made with the AI; the runner may not', () => {
    const coachRuns = corpusPlan('coach');
    expect(formChat('kurangi volume minggu ini', coachRuns, 'coach').modifications[0]!.action).toEqual({ type: 'volume', factor: 0.8 });
    expect(formChat('pindahkan long run ke hari minggu', coachRuns, 'coach').modifications[0]!.action).toEqual({ type: 'move', from: '12-12-2026', to: '13-12-2026' });
    expect(formChat('kurangi volume minggu ini', coachRuns).clarification_question).toMatch(/dibuat oleh pelatih atau oleh Anda sendiri/);
  });
});
