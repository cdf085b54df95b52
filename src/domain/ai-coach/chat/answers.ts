/**
 * Short answers to what runners ask the coach rather than ask it to change (issue 25 §5): a race
 * prediction from their fitness, heart-rate zones, running every day, menstruation, heat, fasting,
 * rain and shoes. Each answer is advice, never a change of the plan; where health is concerned it
 * says when to stop and see a doctor.
 */
import { hmsToSeconds, raceDistanceKm, secondsToHms, type PlanForm, type RaceDistance } from '../contract';
import { assessFitness, vdotFromPerformance } from '../engine/fitness';
import type { ParsedRequest, Topic } from './intent';

export interface AnswerContext {
  form: PlanForm | null;
  request: ParsedRequest;
  /** The runner's message (a max HR they state is used). */
  text?: string;
}

/** Used where the form does not give the runner's age (max HR from 220 − age needs one). */
const DEFAULT_MAX_HR = 190;
const ZONES: [string, number, number, string][] = [
  ['Zona 1', 0.5, 0.6, 'pemulihan, jalan cepat'],
  ['Zona 2', 0.6, 0.7, 'easy run, long run, recovery run'],
  ['Zona 3', 0.7, 0.8, 'steady run'],
  ['Zona 4', 0.8, 0.9, 'tempo/threshold'],
  ['Zona 5', 0.9, 1, 'interval pendek'],
];

/** A max HR the runner states ('HR max sy 200'), when plausible. */
export function statedMaxHr(text: string): number | null {
  const m = /\b(?:hr ?max|max ?hr|hr maks\w*|maks\w* hr|detak (?:jantung )?maks\w*|max heart ?rate)\s*(?:saya|sy|aku|ku|my)?\s*(?:adalah|=|:|is)?\s*(\d{3})\b/i.exec(text);
  const hr = m ? Number(m[1]) : null;
  return hr !== null && hr >= 150 && hr <= 220 ? hr : null;
}

/** Max HR and the five zones: the runner's stated max, else 220 − age (the form's), else a default. */
export function heartRateZones(form: Pick<PlanForm, 'umur'> | null, stated: number | null = null): { maxHr: number; source: 'stated' | 'age' | 'default'; zones: { name: string; low: number; high: number; use: string }[] } {
  const maxHr = stated ?? (form ? 220 - form.umur : DEFAULT_MAX_HR);
  return {
    maxHr,
    source: stated !== null ? 'stated' : form ? 'age' : 'default',
    zones: ZONES.map(([name, low, high, use]) => ({ name, low: Math.round(maxHr * low), high: Math.round(maxHr * high), use })),
  };
}

function heartRate(form: PlanForm | null, text: string): string {
  const { maxHr, source, zones } = heartRateZones(form, statedMaxHr(text));
  const basis =
    source === 'stated'
      ? `Dengan HR maksimal ${maxHr} bpm yang Anda sebut`
      : source === 'age'
        ? `Dengan umur ${form!.umur} tahun, perkiraan HR maksimal Anda ${maxHr} bpm (220 − umur; HR maksimal hasil tes lebih tepat)`
        : `Tanpa data umur, saya memakai perkiraan HR maksimal ${maxHr} bpm (rumusnya 220 − umur)`;
  const list = zones.map((z) => `${z.name} ${z.low}–${z.high} bpm (${z.use})`).join('; ');
  return (
    `${basis}. Zona latihan: ${list}. Sebagian besar lari (sekitar 80%) sebaiknya di Zona 2: masih bisa bicara dalam kalimat utuh. ` +
    'Bila HR tinggi padahal pace santai, perlambat atau selingi jalan; cuaca panas, kurang tidur, kafein dan dehidrasi ikut menaikkan HR. ' +
    'Hentikan lari dan periksakan ke dokter bila jantung berdebar tidak normal, nyeri dada, atau pusing.'
  );
}

function everyDay(form: PlanForm | null): string {
  const days = form ? `Program Anda sekarang memakai ${form.hariLatihan.length} hari latihan per minggu. ` : '';
  return (
    'Lari setiap hari (7 hari seminggu) menaikkan risiko cedera karena beban berulang (shin splint, nyeri lutut, stress fracture) dan tubuh tidak sempat pulih. ' +
    'Sisakan minimal 1–2 hari istirahat atau latihan lain yang ringan (jalan, sepeda, renang, penguatan) per minggu, terutama bila Anda belum lebih dari setahun rutin berlari; pelari berpengalaman yang ingin lari tiap hari membuat sebagian besar larinya sangat santai dan pendek. ' +
    `${days}Untuk mengubah hari latihan, buat ulang program lewat 'Buat Program Latihan dengan AI' dan pilih harinya.`
  );
}

const MENSTRUATION =
  'Lari saat menstruasi aman, dan lari santai sering membantu meredakan kram. Dengarkan tubuh Anda: easy run yang lebih pendek tidak apa-apa; bila kram terasa berat atau perdarahan banyak, istirahat saja hari itu tanpa rasa bersalah. ' +
  "Minum cukup, kompres hangat di perut membantu. Periksakan ke dokter bila nyerinya sangat hebat atau tidak seperti biasanya. Bila ingin latihan beberapa hari ini diringankan, tulis misalnya 'kurangi volume 3 hari'.";

const HEAT =
  'Lari di cuaca panas dan lembap: pilih pagi sebelum jam 7 atau sore setelah matahari turun; minum 400–600 ml 1–2 jam sebelum lari dan bawa minum untuk lari lebih dari 45 menit (tambah elektrolit bila berkeringat banyak); ' +
  'perlambat pace 15–30 detik/km dan ikuti rasa atau HR, bukan pace; pakai baju tipis berwarna terang dan topi. Hentikan lari dan cari tempat teduh bila pusing, mual, merinding, atau berhenti berkeringat: itu tanda kepanasan (heat exhaustion).';

const FASTING =
  'Lari saat puasa Ramadan: pilih 30–45 menit lari santai menjelang berbuka (ngabuburit) atau 1–2 jam setelah berbuka; bisa juga sebelum sahur. ' +
  'Selama puasa jaga lari tetap santai dan pendek, dan pindahkan latihan berat (tempo, interval) ke setelah berbuka. Minum sekitar 8 gelas antara berbuka dan sahur, makan karbohidrat dan protein saat sahur. Hentikan lari bila pusing, lemas, atau pandangan gelap.';

const RAIN =
  'Lari saat hujan aman selama tidak ada petir: bila ada petir, tunda atau pindah ke treadmill. Pakai jaket tipis atau baju cepat kering dan topi agar mata tidak kena air; ' +
  'pilih sepatu dengan grip baik, hindari genangan, cat jalan dan jalan licin, perpendek langkah di tikungan. Setelahnya segera ganti baju basah, dan keringkan sepatu dengan kertas koran (jangan dijemur di bawah terik).';

const SHOES =
  'Ganti sepatu lari setiap 500–800 km, atau lebih cepat bila bantalan terasa keras, sol aus miring, atau muncul pegal yang tidak biasa. ' +
  'Saat memilih: coba di sore hari (kaki sedikit membesar) dengan kaus kaki lari Anda, sisakan ruang sekitar satu jari di depan jempol, tumit tidak selip, pas tanpa menekan. Pakai sepatu baru untuk beberapa lari santai pendek dulu sebelum long run atau race.';

const NERVES =
  'Deg-degan menjelang race itu wajar dan justru membantu tubuh siap. Yang menenangkan: ikuti taper di program, tidur cukup dua malam sebelum race, siapkan perlengkapan sehari sebelumnya, ' +
  'sarapan yang sudah biasa Anda makan, dan mulai dengan pace sedikit lebih lambat dari target di kilometer awal. Bila jantung berdebar tidak normal saat istirahat, nyeri dada, atau pusing, itu lain hal: periksakan ke dokter.';

const BREATHING =
  'Napas terengah-engah saat interval, tempo atau tanjakan itu wajar: tubuh sedang bekerja keras, dan napas pulih dalam 1–2 menit setelah intensitas turun. Pada easy run Anda seharusnya masih bisa bicara dalam kalimat utuh; bila tidak, perlambat. ' +
  'Yang tidak wajar: sesak saat istirahat, napas berbunyi (mengi), atau sesak disertai nyeri dada, pusing atau jantung berdebar. Itu tanda untuk berhenti berlari dan segera ke dokter (ke IGD atau hubungi 119 bila berat).';

/** "bisa sub 2 jam HM?": the prediction from the runner's fitness and what the target would take. */
function prediction(form: PlanForm | null, request: ParsedRequest): string {
  const distance: RaceDistance | null = request.raceDistance ?? (form?.targetLatihan === 'Race Selanjutnya' ? (form.kategoriTargetRace ?? null) : null);
  if (!form) {
    return "Untuk memperkirakan waktu race, saya butuh data program AI Anda (umur, kemampuan dan catatan waktu terbaik). Buat program lewat 'Buat Program Latihan dengan AI' terlebih dahulu.";
  }
  if (!distance) return 'Jarak race yang mana yang ingin diperkirakan: 5K, 10K, Half Marathon, atau Full Marathon?';
  const fitness = assessFitness(form);
  const predicted = fitness.predictions[distance];
  const vdot = Math.round(fitness.vdot * 10) / 10;
  const basis = fitness.source === 'personal-best' ? 'catatan waktu terbaik Anda' : 'data kemampuan dan jarak mingguan Anda (tanpa catatan waktu, perkiraannya sengaja hati-hati)';
  const head = `Dari ${basis} (VDOT ${vdot}), prediksi ${distance} Anda sekarang sekitar ${secondsToHms(predicted)}.`;
  const target = request.targetTime ? hmsToSeconds(request.targetTime) : null;
  if (target === null || target <= 0) return `${head} Prediksi ini berlaku bila race dijalani dengan pace rata dan persiapan lengkap (long run dan taper).`;
  if (predicted <= target) {
    return `${head} Target ${secondsToHms(target)} realistis bila Anda konsisten menjalani program sampai race, dengan pace rata sejak awal (jangan terlalu cepat di kilometer pertama).`;
  }
  const needed = vdotFromPerformance(raceDistanceKm[distance] * 1000, target);
  const gap = needed - fitness.vdot;
  // A sustainable gain is about one VDOT point per 4–6 weeks of consistent training.
  const weeks = Math.ceil(gap * 5);
  const far = gap > 5 ? ' Ini terlalu jauh untuk satu musim latihan: pasang target antara dulu, misalnya mendekati prediksi sekarang, lalu naikkan bertahap.' : '';
  return (
    `${head} Target ${secondsToHms(target)} butuh kebugaran sekitar VDOT ${Math.round(needed * 10) / 10}, jadi selisihnya ${Math.round(gap * 10) / 10} poin. ` +
    `Kenaikan yang wajar sekitar 1 poin per 4–6 minggu latihan konsisten (easy run, tempo, interval dan long run bertahap), jadi perlu kira-kira ${weeks} minggu lagi.${far} ` +
    "Targetnya tidak saya ubah; bila ingin mengganti target race, tulis misalnya 'ganti target waktu ke 02:05:00'."
  );
}

/** The coach's answer to a topic (Indonesian). */
export function answerTopic(topic: Topic, { form, request, text = '' }: AnswerContext): string {
  switch (topic) {
    case 'prediction':
      return prediction(form, request);
    case 'heart-rate':
      return heartRate(form, text);
    case 'every-day':
      return everyDay(form);
    case 'menstruation':
      return MENSTRUATION;
    case 'heat':
      return HEAT;
    case 'fasting':
      return FASTING;
    case 'rain':
      return RAIN;
    case 'shoes':
      return SHOES;
    case 'nerves':
      return NERVES;
    case 'breathing':
      return BREATHING;
  }
}

/** The examples the coach gives when it did not understand. */
export const CHAT_EXAMPLES =
  "Saya bisa membantu: memindahkan latihan ('pindahkan long run ke hari Minggu'), mengurangi atau menambah jarak ('kurangi volume minggu ini'), " +
  "menyesuaikan program saat cedera, sakit, lelah atau sibuk ('lutut saya sakit', 'senin sampai rabu saya sibuk'), mengubah tanggal atau target race ('race saya diundur ke 15 Maret 2027'), " +
  "dan menjawab pertanyaan seputar zona HR, prediksi waktu race, lari saat puasa, cuaca panas atau hujan, dan sepatu.";

/** A complaint the runner says is over. */
export const RECOVERED_ANSWER =
  'Syukurlah sudah membaik. Mulai lagi dengan lari santai dan perhatikan apakah keluhannya muncul kembali; bila muncul lagi saat berlari, atau disertai nyeri dada, pusing atau sesak, hentikan lari dan periksakan ke dokter. Ada yang ingin disesuaikan dari program Anda?';

/** A runner who names complaints only to deny them. */
export const FINE_ANSWER =
  'Baik, syukurlah tidak ada keluhan itu. Tetap dengarkan tubuh Anda: bila muncul nyeri dada, pusing, sesak saat istirahat atau jantung berdebar tidak normal, hentikan lari dan periksakan ke dokter. Ada yang ingin disesuaikan dari program Anda?';

/** What the coach did not understand, quoted, and what it can do. */
export function notUnderstood(raw: string): string {
  const text = raw.replace(/\s+/g, ' ').trim();
  const quote = text.length > 80 ? `${text.slice(0, 77).trimEnd()}…` : text;
  return `Maaf, saya belum memahami "${quote}". ${CHAT_EXAMPLES} Apa yang ingin Anda ubah atau tanyakan?`;
}
