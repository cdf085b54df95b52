import { describe, expect, it } from 'vitest';
import { cautionMessage, isMedicalClearance, longestDurationDays, normalizeHealthText, screenHealthHistory, screenRedFlags, stopMessage, type RedFlag } from './red-flags';

const flagsOf = (text: string) => screenRedFlags(text).flags;

describe('screenRedFlags: stop', () => {
  it.each<[string, RedFlag]>([
    ['dada saya nyeri waktu lari tadi pagi', 'chest'],
    ['dadaku sesek bgt pas interval', 'chest'],
    ['sesak di dada kiri sejak kemarin', 'chest'],
    ['dada terasa berat dan tertekan habis tempo', 'chest'],
    ['chest tight and heart racing while running yesterday, still dizzy today', 'chest'],
    ['I had chest pain on my long run', 'chest'],
    ['jantung berdebar kencang banget pas easy run', 'palpitations'],
    ['jantungku berdetak cepat banget padahal cuma jogging', 'palpitations'],
    ['deg2an gak normal padahal lagi duduk', 'palpitations'],
    ['detak jantung tidak teratur setelah interval', 'palpitations'],
    ['hampir pingsan pas long run', 'fainting'],
    ['sempat pingsan di km 18', 'fainting'],
    ['pandangan gelap setelah sprint', 'fainting'],
    ['mata berkunang-kunang abis lari siang', 'fainting'],
    ['I nearly fainted after my run', 'fainting'],
    ['pusiing abis lari', 'dizzy-exercise'],
    ['kliyengan tiap kali lari siang', 'dizzy-exercise'],
    ['kepala pusing saat interval tadi', 'dizzy-exercise'],
    ['felt dizzy during my run', 'dizzy-exercise'],
    ['sesak napas padahal lagi tidur', 'breathless-rest'],
    ['susah napas pas istirahat', 'breathless-rest'],
    ['nafas sesek walaupun cuma duduk', 'breathless-rest'],
    ['lutut bengkak dan gk bisa jalan', 'swollen-joint'],
    ['engkel bengkak besar, susah buat jalan', 'swollen-joint'],
    ['kaki gak bisa menumpu abis jatuh', 'fracture'],
    ['curiga stress fracture di tulang kering', 'fracture'],
    ['kayaknya tulang kaki saya retak', 'fracture'],
  ])('%s → %s', (text, flag) => {
    const screen = screenRedFlags(text);
    expect(screen.level).toBe('stop');
    expect(screen.flags).toContain(flag);
  });
});

describe('screenRedFlags: caution', () => {
  it.each<[string, RedFlag]>([
    ['saya demam dari kemarin', 'fever'],
    ['badan panas dingin', 'fever'],
    ['lagi meriang nih coach', 'fever'],
    ['suhu badan 38,5', 'fever'],
    ['I have a fever', 'fever'],
    ['keseleo kemarin pas lari trail', 'sprain'],
    ['pergelangan kaki terkilir tadi pagi', 'sprain'],
    ['lutut sakit udah seminggu', 'long-pain'],
    ['betis nyeri sudah 5 hari', 'long-pain'],
    ['shin splint sakit gak sembuh2', 'long-pain'],
  ])('%s → %s', (text, flag) => {
    const screen = screenRedFlags(text);
    expect(screen.level).toBe('caution');
    expect(screen.flags).toContain(flag);
  });
});

describe('screenRedFlags: no flag (negation, history, ordinary words)', () => {
  it.each([
    'tidak demam',
    'gak demam cuma pilek',
    'sudah tidak demam',
    'no fever, just tired',
    'dada tidak sakit kok',
    'bukan nyeri dada, cuma pegal di punggung',
    'tidak pusing, cuma capek',
    'sy gk pernah pingsan',
    'deg-degan mau race besok',
    'saya pusing karena kurang tidur, boleh lari?',
    'sesak napas saat lari cepat itu normal kan',
    'patah kaki 2 tahun lalu, sudah sembuh total',
    'dulu pernah keseleo',
    'lari 4 hari seminggu, lutut sakit',
    'lutut sakit sudah 2 hari',
    'race 2 minggu lagi, betis sakit',
    'cuaca panas banget',
    'lari sore sudah seminggu ini',
    'HR saya tinggi terus pas easy run, normal?',
    'lutut tidak bengkak, masih bisa jalan',
    'dokter bilang bukan stress fracture',
  ])('%s', (text) => {
    expect(screenRedFlags(text)).toEqual({ level: null, flags: [], asked: [] });
  });

  it('only the negated one is denied: "tidak pusing tapi dada sesak"', () => {
    expect(flagsOf('tidak pusing tapi dada sesak')).toEqual(['chest']);
    expect(flagsOf('tidak demam, tapi keseleo kemarin')).toEqual(['sprain']);
  });

  it('a stop flag only asked about, or someone else’s, is asked back, not reported', () => {
    expect(screenRedFlags('kalau nyeri dada saat lari harus gimana?')).toEqual({ level: null, flags: [], asked: ['chest'] });
    expect(screenRedFlags('teman saya pingsan saat lari')).toEqual({ level: null, flags: [], asked: ['fainting'] });
    // "kalau" with the runner's own experience is a report.
    expect(screenRedFlags('kalau lari dada saya nyeri').level).toBe('stop');
  });
});

describe('reading the text', () => {
  it('normalises slang, typos and repeated letters', () => {
    expect(normalizeHealthText('Dadaku sesek bgt, gk bisa napas!!')).toBe('dada sesak banget , tidak bisa napas ! !');
    expect(normalizeHealthText('pusiiing kliyengan')).toBe('pusing pusing');
  });

  it('durations: how long, not how often or how far ahead', () => {
    expect(longestDurationDays('sudah 4 hari')).toBe(4);
    expect(longestDurationDays('udah seminggu')).toBe(7);
    expect(longestDurationDays('lari 4 hari seminggu')).toBe(0);
    expect(longestDurationDays('race 2 minggu lagi')).toBe(0);
    expect(longestDurationDays('sejak bulan lalu')).toBe(30);
  });
});

describe('messages', () => {
  it('stop: stop now, doctor; IGD / 119 for chest pain, fainting, breathlessness at rest', () => {
    for (const flag of ['chest', 'fainting', 'breathless-rest'] as const) {
      expect(stopMessage([flag])).toMatch(/^Hentikan latihan sekarang\./);
      expect(stopMessage([flag])).toContain('IGD');
      expect(stopMessage([flag])).toContain('119');
    }
    expect(stopMessage(['palpitations'])).toContain('dokter hari ini');
    expect(stopMessage(['fracture'])).toContain('Jangan menumpu');
  });

  it('caution: rest first, then easy only, and when to see a doctor', () => {
    const message = cautionMessage(['fever']);
    expect(message).toContain('Jangan berlari saat demam');
    expect(message).toContain('2 hari tanpa lari');
  });
});

describe('isMedicalClearance', () => {
  it.each(['dokter sudah mengizinkan saya lari lagi', 'sudah diperiksa, kata dokter aman', 'udah ke dokter, hasil EKG normal, boleh lari', 'my doctor cleared me to run'])('%s → cleared', (text) => {
    expect(isMedicalClearance(text)).toBe(true);
  });
  it.each(['dokter belum mengizinkan', 'dokter bilang jangan lari dulu', 'belum sempat ke dokter', 'lari lagi boleh?'])('%s → not cleared', (text) => {
    expect(isMedicalClearance(text)).toBe(false);
  });
});

describe('screenHealthHistory (the plan form’s riwayatCidera / catatanLainnya)', () => {
  it.each([
    'patah tulang kering bulan lalu',
    'retak tulang kaki, masih pakai gips',
    'lutut masih sakit kalau jalan',
    'nyeri tumit bahkan saat istirahat',
    'operasi ACL 2 bulan lalu',
    'baru operasi meniskus',
    'kadang dada terasa berat saat naik tangga',
    'riwayat penyakit jantung',
    'pernah pingsan saat lari bulan lalu',
  ])('%s → see a doctor', (text) => {
    const result = screenHealthHistory(text);
    expect(result.seeDoctor).toBe(true);
    expect(result.reason).toBeTruthy();
  });

  it.each([
    '',
    'patah kaki 2 tahun lalu, sudah sembuh total',
    'operasi usus buntu 3 tahun lalu',
    'pernah cedera hamstring tahun lalu, sudah pulih',
    'tidak ada riwayat jantung',
    'kadang pegal di betis setelah long run',
    'plantar fasciitis tahun lalu, sekarang aman',
  ])('%s → no', (text) => {
    expect(screenHealthHistory(text).seeDoctor).toBe(false);
  });
});
