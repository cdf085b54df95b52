import type { ImageReading } from '../../../../domain/ai-coach/contract';

/**
 * Mock-ups of the workout summaries runners upload (Strava, Garmin Connect, COROS, Apple Fitness,
 * Samsung Health, Polar Flow, Nike Run Club), in English and Indonesian, light and dark, at a phone's
 * size, laid out as those apps lay out their summaries. The OCR adapter's test and `npm run
 * eval:coach` (scripts/eval/screens.ts) render them in Chromium and read them back; the browser tests
 * reuse them to make an upload file. Each screen carries the distractors of a real screenshot
 * (status-bar clock and battery, start time, pace, max HR beside the average, cadence, steps,
 * calories with thousands separators, elevation, power, training load, splits and laps with their own
 * HR, time in HR zones) next to the values the reader must find.
 */

export type WorkoutApp = 'strava' | 'garmin' | 'nrc' | 'coros' | 'apple' | 'samsung' | 'polar';

export interface WorkoutScreen {
  id: string;
  app: WorkoutApp;
  lang: 'en' | 'id';
  theme: 'light' | 'dark';
  html: string;
  /** What a correct reading returns (time as hh:mm:ss; moving time when both are shown). */
  expected: ImageReading;
  /**
   * Fields the built-in OCR is known to miss on this screen, and why: it must then read null there,
   * never a wrong number. Everything else on the screen must read exactly `expected`.
   */
  ocrMisses?: { fields: (keyof ImageReading)[]; why: string };
}

export interface ReadingMiss {
  field: keyof ImageReading;
  expected: unknown;
  got: unknown;
}

/** The fields of a reading that differ from what the screen shows (the measure of issue 25's "≥ 90 % of fields"). */
export function readingMisses(expected: ImageReading, got: ImageReading): ReadingMiss[] {
  return (['distance', 'time', 'avgHeartRate'] as const).filter((field) => got[field] !== expected[field]).map((field) => ({ field, expected: expected[field], got: got[field] }));
}

export interface ScreensScore {
  screens: number;
  fields: number;
  right: number;
  misses: ({ id: string } & ReadingMiss)[];
  /** Fields right and read, per app. */
  byApp: Record<string, { right: number; fields: number }>;
}

/** Scores readings of screens, field by field (three fields a screen). */
export function scoreScreens(results: { screen: WorkoutScreen; reading: ImageReading }[]): ScreensScore {
  const misses = results.flatMap(({ screen, reading }) => readingMisses(screen.expected, reading).map((miss) => ({ id: screen.id, ...miss })));
  const byApp: ScreensScore['byApp'] = {};
  for (const { screen, reading } of results) {
    const app = (byApp[screen.app] ??= { right: 0, fields: 0 });
    app.fields += 3;
    app.right += 3 - readingMisses(screen.expected, reading).length;
  }
  const fields = results.length * 3;
  return { screens: results.length, fields, right: fields - misses.length, misses, byApp };
}

/** "83/90 fields right (92.2 %) over 30 screens; strava 9/9, …" and one line per miss. */
export function describeScore(score: ScreensScore): string {
  const percent = score.fields === 0 ? 0 : (100 * score.right) / score.fields;
  const apps = Object.entries(score.byApp).map(([app, { right, fields }]) => `${app} ${right}/${fields}`);
  return [
    `workout screens: ${score.right}/${score.fields} fields right (${percent.toFixed(1)} %) over ${score.screens} screens; ${apps.join(', ')}`,
    ...score.misses.map((m) => `  miss ${m.id} ${m.field}: expected ${String(m.expected)}, got ${String(m.got)}`),
  ].join('\n');
}

/** An iPhone-sized portrait screen at 2× (the size of a typical upload). */
export const WORKOUT_SCREEN_VIEWPORT = { width: 390, height: 844, deviceScaleFactor: 2 } as const;

interface Theme {
  bg: string;
  card: string;
  text: string;
  muted: string;
  line: string;
}
const LIGHT: Theme = { bg: '#ffffff', card: '#f4f4f6', text: '#1b1b1f', muted: '#6d6d78', line: '#e2e2e8' };
const DARK: Theme = { bg: '#000000', card: '#161618', text: '#f5f5f7', muted: '#9a9aa3', line: '#2c2c30' };

function page(theme: Theme, body: string, font = "-apple-system, 'Helvetica Neue', 'DejaVu Sans', Arial, sans-serif"): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
*{box-sizing:border-box;margin:0;padding:0}
body{width:390px;height:844px;overflow:hidden;background:${theme.bg};color:${theme.text};font-family:${font}}
.status{display:flex;justify-content:space-between;padding:14px 26px 8px;font-weight:600;font-size:15px}
.muted{color:${theme.muted}}
.map{height:190px;margin:0;background:linear-gradient(135deg,${theme.card},${theme.line});position:relative;overflow:hidden}
.map svg{position:absolute;inset:0}
</style></head><body>${body}</body></html>`;
}

function statusBar(clock: string, battery: string): string {
  return `<div class="status"><span>${clock}</span><span>${battery}</span></div>`;
}

const routeSvg = (colour: string) =>
  `<svg width="390" height="190" viewBox="0 0 390 190"><path d="M40 150 C 90 40, 160 170, 210 80 S 320 30, 350 120" stroke="${colour}" stroke-width="5" fill="none"/></svg>`;

interface StravaData {
  title: string;
  when: string;
  distance: string;
  pace: string;
  movingTime: string;
  elapsedTime: string;
  elevation: string;
  calories: string;
  avgHr: string;
  maxHr: string;
}

/** Strava's activity page: label above value in a three-column grid, then a heart-rate block. */
function strava(lang: 'en' | 'id', theme: Theme, d: StravaData): string {
  const t =
    lang === 'en'
      ? { distance: 'Distance', pace: 'Pace', moving: 'Moving Time', elevation: 'Elevation Gain', elapsed: 'Elapsed Time', calories: 'Calories', hr: 'Heart Rate', avg: 'Avg Heart Rate', max: 'Max Heart Rate' }
      : { distance: 'Jarak', pace: 'Tempo', moving: 'Waktu Bergerak', elevation: 'Kenaikan Elevasi', elapsed: 'Waktu Berlalu', calories: 'Kalori', hr: 'Detak Jantung', avg: 'Rata-rata Detak Jantung', max: 'Detak Jantung Maks' };
  const cell = (label: string, value: string) =>
    `<div style="padding:10px 0"><div class="muted" style="font-size:13px">${label}</div><div style="font-size:22px;font-weight:600;margin-top:4px">${value}</div></div>`;
  return page(
    theme,
    `${statusBar('9:41', '87%')}
<div style="padding:10px 18px;display:flex;gap:12px;align-items:center">
  <div style="width:40px;height:40px;border-radius:50%;background:#fc4c02"></div>
  <div><div style="font-weight:600;font-size:15px">Rina Wulandari</div><div class="muted" style="font-size:13px">${d.when}</div></div>
</div>
<div style="padding:4px 18px 12px;font-size:24px;font-weight:700">${d.title}</div>
<div class="map">${routeSvg('#fc4c02')}</div>
<div style="display:grid;grid-template-columns:1fr 1fr 1fr;padding:8px 18px;column-gap:12px">
  ${cell(t.distance, d.distance)}${cell(t.pace, d.pace)}${cell(t.moving, d.movingTime)}
  ${cell(t.elevation, d.elevation)}${cell(t.elapsed, d.elapsedTime)}${cell(t.calories, d.calories)}
</div>
<div style="margin:6px 18px;border-top:1px solid ${theme.line};padding-top:12px">
  <div style="font-size:17px;font-weight:700;margin-bottom:8px">${t.hr}</div>
  <div style="display:flex;justify-content:space-between;font-size:16px;padding:6px 0"><span>${t.avg}</span><span style="font-weight:600">${d.avgHr}</span></div>
  <div style="display:flex;justify-content:space-between;font-size:16px;padding:6px 0"><span>${t.max}</span><span style="font-weight:600">${d.maxHr}</span></div>
</div>`,
  );
}

interface GarminData {
  title: string;
  when: string;
  distance: string;
  time: string;
  pace: string;
  avgHr: string;
  maxHr: string;
  movingTime: string;
  elapsedTime: string;
  calories: string;
  ascent: string;
}

/** Garmin Connect: big value tiles with the label under the value, then a labelled list per section. */
function garmin(lang: 'en' | 'id', theme: Theme, d: GarminData): string {
  const t =
    lang === 'en'
      ? { distance: 'Distance', time: 'Time', pace: 'Avg Pace', hr: 'Avg HR', timing: 'Timing', moving: 'Moving Time', elapsed: 'Elapsed Time', heart: 'Heart Rate', avgHr: 'Avg HR', maxHr: 'Max HR', calories: 'Calories', ascent: 'Total Ascent', stats: 'Stats' }
      : { distance: 'Jarak', time: 'Waktu', pace: 'Kecepatan Rata-rata', hr: 'Denyut Jantung Rata-rata', timing: 'Waktu', moving: 'Waktu Bergerak', elapsed: 'Waktu Berlalu', heart: 'Denyut Jantung', avgHr: 'Denyut Jantung Rata-rata', maxHr: 'Denyut Jantung Maks', calories: 'Kalori', ascent: 'Total Naik', stats: 'Statistik' };
  const tile = (value: string, label: string) =>
    `<div style="padding:12px 0;text-align:center"><div style="font-size:26px;font-weight:600">${value}</div><div class="muted" style="font-size:13px;margin-top:2px">${label}</div></div>`;
  const row = (label: string, value: string) =>
    `<div style="display:flex;justify-content:space-between;padding:7px 0;border-bottom:1px solid ${theme.line};font-size:15px"><span>${label}</span><span style="font-weight:600">${value}</span></div>`;
  return page(
    theme,
    `${statusBar('07:12', '64%')}
<div style="background:#1a73c9;color:#fff;padding:12px 18px"><div style="font-size:20px;font-weight:700">${d.title}</div><div style="font-size:13px;opacity:.85">${d.when}</div></div>
<div class="map" style="height:150px">${routeSvg('#1a73c9')}</div>
<div style="display:grid;grid-template-columns:1fr 1fr;padding:4px 18px;background:${theme.card}">
  ${tile(d.distance, t.distance)}${tile(d.time, t.time)}${tile(d.pace, t.pace)}${tile(d.avgHr, t.hr)}
</div>
<div style="padding:8px 18px">
  <div style="font-size:16px;font-weight:700;margin:6px 0">${t.timing}</div>
  ${row(t.moving, d.movingTime)}${row(t.elapsed, d.elapsedTime)}
  <div style="font-size:16px;font-weight:700;margin:10px 0 6px">${t.heart}</div>
  ${row(t.avgHr, d.avgHr)}${row(t.maxHr, d.maxHr)}
  <div style="font-size:16px;font-weight:700;margin:10px 0 6px">${t.stats}</div>
  ${row(t.calories, d.calories)}${row(t.ascent, d.ascent)}
</div>`,
  );
}

interface NrcData {
  when: string;
  title: string;
  distance: string;
  pace: string;
  time: string;
  calories: string;
  elevation: string;
  heartRate: string;
  cadence: string;
}

/** Nike Run Club: the distance as one huge number over "Kilometers", then value-over-label rows. */
function nrc(lang: 'en' | 'id', theme: Theme, d: NrcData): string {
  const t =
    lang === 'en'
      ? { km: 'Kilometers', pace: 'Avg. Pace', time: 'Time', calories: 'Calories', elevation: 'Elevation Gain', hr: 'Heart Rate', cadence: 'Cadence', splits: 'Splits' }
      : { km: 'Kilometer', pace: 'Tempo Rata-rata', time: 'Waktu', calories: 'Kalori', elevation: 'Kenaikan Elevasi', hr: 'Detak Jantung', cadence: 'Kadens', splits: 'Split' };
  const stat = (value: string, label: string) =>
    `<div><div style="font-size:24px;font-weight:700">${value}</div><div class="muted" style="font-size:13px;margin-top:2px">${label}</div></div>`;
  return page(
    theme,
    `${statusBar('18:47', '52%')}
<div style="padding:14px 22px 0" class="muted"><div style="font-size:14px">${d.when}</div></div>
<div style="padding:2px 22px 8px;font-size:22px;font-weight:700">${d.title}</div>
<div style="padding:0 22px"><div style="font-size:96px;font-weight:800;font-style:italic;letter-spacing:-2px;line-height:1">${d.distance}</div>
<div class="muted" style="font-size:18px;margin-top:4px">${t.km}</div></div>
<div style="display:grid;grid-template-columns:1fr 1fr 1fr;gap:18px 10px;padding:26px 22px">
  ${stat(d.pace, t.pace)}${stat(d.time, t.time)}${stat(d.calories, t.calories)}
  ${stat(d.elevation, t.elevation)}${stat(d.heartRate, t.hr)}${stat(d.cadence, t.cadence)}
</div>
<div class="map" style="height:170px;margin:0 22px;border-radius:10px">${routeSvg('#c6f432')}</div>
<div style="padding:16px 22px;font-size:18px;font-weight:700">${t.splits}</div>`,
    "'Helvetica Neue', 'DejaVu Sans', Arial, sans-serif",
  );
}

// ---- More apps and layouts (issue 25 item 6) ----

/** "m:ss" per km from a distance and an "h:mm:ss" / "mm:ss" time, so every mock-up's pace agrees with its numbers. */
function paceOf(km: number, time: string): { m: number; s: number } {
  const seconds = time.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  const perKm = Math.round(seconds / km);
  return { m: Math.floor(perKm / 60), s: perKm % 60 };
}
const pad = (n: number) => String(n).padStart(2, '0');
/** 5:12 */
const colonPace = (km: number, time: string) => {
  const { m, s } = paceOf(km, time);
  return `${m}:${pad(s)}`;
};
/** 5'12" */
const quotePace = (km: number, time: string) => {
  const { m, s } = paceOf(km, time);
  return `${m}'${pad(s)}"`;
};

/** Per-km splits around the run's pace and heart rate: each row has its own time, pace and HR (never the run's). */
function splitRows(count: number, km: number, time: string, avgHr: number | null): { km: string; pace: string; quote: string; elev: string; hr: string }[] {
  const { m, s } = paceOf(km, time);
  const base = m * 60 + s;
  const wobble = [9, -4, 3, -7, 5, -2, 6];
  const hrStep = [-11, -5, -1, 3, 6, 9, 12];
  return Array.from({ length: count }, (_, i) => {
    const p = base + wobble[i % wobble.length]!;
    return {
      km: String(i + 1),
      pace: `${Math.floor(p / 60)}:${pad(p % 60)}`,
      quote: `${Math.floor(p / 60)}'${pad(p % 60)}"`,
      elev: String([3, -2, 5, 1, -4, 2, 0][i % 7]),
      hr: avgHr === null ? '--' : String(avgHr + hrStep[i % hrStep.length]!),
    };
  });
}

/** A table of splits or laps: a header row and the first rows, in equal columns. */
function table(theme: Theme, header: string[], rows: string[][], size = 14): string {
  const columns = `grid-template-columns:repeat(${header.length},1fr)`;
  const row = (cells: string[], style: string) =>
    `<div style="display:grid;${columns};padding:6px 0;border-bottom:1px solid ${theme.line};${style}">${cells.map((c) => `<span>${c}</span>`).join('')}</div>`;
  return row(header, `font-size:${size - 1}px;color:${theme.muted}`) + rows.map((cells) => row(cells, `font-size:${size}px`)).join('');
}

interface RunData {
  /** km, as the app prints it (the test's expected value is written separately). */
  distance: string;
  /** Moving (or workout) time, as printed. */
  time: string;
  elapsed: string;
  avgHr: string | null;
  maxHr: string | null;
  cadence: string;
  calories: string;
  elevation: string;
  when: string;
  title: string;
  /** For paces and splits. */
  km: number;
}

/** Strava's stats page: label over value in three columns, the heart rate as "Avg | Max" side by side, a splits table with HR. */
function stravaStats(lang: 'en' | 'id', theme: Theme, d: RunData): string {
  const t =
    lang === 'en'
      ? { distance: 'Distance', pace: 'Pace', moving: 'Moving Time', elevation: 'Elevation Gain', elapsed: 'Elapsed Time', calories: 'Calories', hr: 'Heart Rate', avg: 'Avg Heart Rate', max: 'Max Heart Rate', cadence: 'Avg Cadence', effort: 'Relative Effort', splits: 'Splits', head: ['Km', 'Pace', 'Elev', 'HR'] }
      : { distance: 'Jarak', pace: 'Tempo', moving: 'Waktu Bergerak', elevation: 'Kenaikan Elevasi', elapsed: 'Waktu Berlalu', calories: 'Kalori', hr: 'Detak Jantung', avg: 'Rata-rata Detak Jantung', max: 'Detak Jantung Maks', cadence: 'Rata-rata Kadens', effort: 'Upaya Relatif', splits: 'Split', head: ['Km', 'Tempo', 'Elev', 'DJ'] };
  const cell = (label: string, value: string) =>
    `<div style="padding:7px 0"><div class="muted" style="font-size:13px">${label}</div><div style="font-size:21px;font-weight:600;margin-top:3px">${value}</div></div>`;
  const grid = (n: number, cells: string) => `<div style="display:grid;grid-template-columns:repeat(${n},1fr);padding:0 18px;column-gap:12px">${cells}</div>`;
  const splits = splitRows(5, d.km, d.time, d.avgHr === null ? null : Number(d.avgHr));
  return page(
    theme,
    `${statusBar('9:41', '76%')}
<div style="padding:8px 18px;display:flex;gap:12px;align-items:center">
  <div style="width:36px;height:36px;border-radius:50%;background:#fc4c02"></div>
  <div><div style="font-weight:600;font-size:15px">Dimas Pratama</div><div class="muted" style="font-size:13px">${d.when}</div></div>
</div>
<div style="padding:2px 18px 8px;font-size:22px;font-weight:700">${d.title}</div>
<div class="map" style="height:110px">${routeSvg('#fc4c02')}</div>
${grid(3, cell(t.distance, `${d.distance} km`) + cell(t.pace, `${colonPace(d.km, d.time)} /km`) + cell(t.moving, d.time))}
${grid(3, cell(t.elevation, `${d.elevation} m`) + cell(t.elapsed, d.elapsed) + cell(t.calories, d.calories))}
${d.avgHr !== null ? `<div style="padding:6px 18px 0;font-size:16px;font-weight:700;border-top:1px solid ${theme.line};margin-top:4px">${t.hr}</div>${grid(2, cell(t.avg, `${d.avgHr} bpm`) + cell(t.max, `${d.maxHr} bpm`))}` : ''}
${grid(2, cell(t.cadence, `${d.cadence} spm`) + cell(t.effort, '87'))}
<div style="padding:8px 18px 2px;font-size:16px;font-weight:700">${t.splits}</div>
<div style="padding:0 18px">${table(theme, t.head, splits.map((r) => [r.km, r.pace, r.elev, r.hr]))}</div>`,
  );
}

/** Garmin Connect's Stats tab: sections of "label … value" rows, cut at the bottom of the screen like a real screenshot. */
function garminStats(lang: 'en' | 'id', theme: Theme, d: RunData & { timer: string }): string {
  const t =
    lang === 'en'
      ? { tabs: ['Overview', 'Stats', 'Laps'], distance: 'Distance', timing: 'Timing', time: 'Time', moving: 'Moving Time', elapsed: 'Elapsed Time', heart: 'Heart Rate', avgHr: 'Avg HR', maxHr: 'Max HR', pace: 'Pace', avgPace: 'Avg Pace', best: 'Best Pace', cadence: 'Run Cadence', avgCad: 'Avg Run Cadence', maxCad: 'Max Run Cadence', calories: 'Calories', total: 'Total Calories', steps: 'Steps' }
      : { tabs: ['Ikhtisar', 'Statistik', 'Putaran'], distance: 'Jarak', timing: 'Waktu', time: 'Waktu', moving: 'Waktu Bergerak', elapsed: 'Waktu Berlalu', heart: 'Denyut Jantung', avgHr: 'Rata-rata DJ', maxHr: 'DJ Maks', pace: 'Kecepatan', avgPace: 'Kecepatan Rata-rata', best: 'Kecepatan Terbaik', cadence: 'Kadens Lari', avgCad: 'Kadens Lari Rata-rata', maxCad: 'Kadens Lari Maks', calories: 'Kalori', total: 'Total Kalori', steps: 'Langkah' };
  const head = (text: string) => `<div style="font-size:15px;font-weight:700;margin:9px 0 2px">${text}</div>`;
  const row = (label: string, value: string) =>
    `<div style="display:flex;justify-content:space-between;padding:5px 0;border-bottom:1px solid ${theme.line};font-size:15px"><span>${label}</span><span style="font-weight:600">${value}</span></div>`;
  const tabs = t.tabs.map((tab, i) => `<span style="padding:8px 0;${i === 1 ? 'border-bottom:3px solid #1a73c9;font-weight:700' : ''}">${tab}</span>`).join('');
  return page(
    theme,
    `${statusBar('06:41', '92%')}
<div style="background:#1a73c9;color:#fff;padding:10px 18px"><div style="font-size:19px;font-weight:700">${d.title}</div><div style="font-size:13px;opacity:.85">${d.when}</div></div>
<div style="display:flex;justify-content:space-around;font-size:15px;border-bottom:1px solid ${theme.line}">${tabs}</div>
<div style="padding:0 18px">
  ${head(t.distance)}${row(t.distance, `${d.distance} km`)}
  ${head(t.timing)}${row(t.time, d.timer)}${row(t.moving, d.time)}${row(t.elapsed, d.elapsed)}
  ${d.avgHr !== null ? `${head(t.heart)}${row(t.avgHr, `${d.avgHr} bpm`)}${row(t.maxHr, `${d.maxHr} bpm`)}` : ''}
  ${head(t.pace)}${row(t.avgPace, `${colonPace(d.km, d.timer)} /km`)}${row(t.best, '4:31 /km')}
  ${head(t.cadence)}${row(t.avgCad, `${d.cadence} spm`)}${row(t.maxCad, '188 spm')}
  ${head(t.calories)}${row(t.total, d.calories)}${row(t.steps, lang === 'en' ? '9,874' : '9.874')}
</div>`,
  );
}

/** Garmin Connect's overview tiles (value over label) for a run without a heart-rate sensor: cadence where HR would be. */
function garminTiles(lang: 'en' | 'id', theme: Theme, d: RunData): string {
  const t =
    lang === 'en'
      ? { distance: 'Distance', time: 'Time', pace: 'Avg Pace', cadence: 'Avg Run Cadence', ascent: 'Total Ascent', calories: 'Calories', laps: 'Laps', head: ['Lap', 'Time', 'Distance', 'Avg Pace'] }
      : { distance: 'Jarak', time: 'Waktu', pace: 'Kecepatan Rata-rata', cadence: 'Kadens Lari Rata-rata', ascent: 'Total Naik', calories: 'Kalori', laps: 'Putaran', head: ['Putaran', 'Waktu', 'Jarak', 'Kecepatan'] };
  const tile = (value: string, label: string) =>
    `<div style="padding:11px 0;text-align:center"><div style="font-size:25px;font-weight:600">${value}</div><div class="muted" style="font-size:13px;margin-top:2px">${label}</div></div>`;
  const laps = splitRows(4, d.km, d.time, null);
  return page(
    theme,
    `${statusBar('19:05', '38%')}
<div style="background:#1a73c9;color:#fff;padding:12px 18px"><div style="font-size:20px;font-weight:700">${d.title}</div><div style="font-size:13px;opacity:.85">${d.when}</div></div>
<div class="map" style="height:150px">${routeSvg('#1a73c9')}</div>
<div style="display:grid;grid-template-columns:1fr 1fr;padding:4px 18px;background:${theme.card}">
  ${tile(`${d.distance} km`, t.distance)}${tile(d.time, t.time)}${tile(`${colonPace(d.km, d.time)} /km`, t.pace)}${tile(`${d.cadence} spm`, t.cadence)}${tile(`${d.elevation} m`, t.ascent)}${tile(d.calories, t.calories)}
</div>
<div style="padding:10px 18px 4px;font-size:16px;font-weight:700">${t.laps}</div>
<div style="padding:0 18px">${table(theme, t.head, laps.map((r) => [r.km, r.pace, '1.00', `${r.pace} /km`]))}</div>`,
  );
}

/** COROS: the distance huge at the top, then three columns of value over label, then the laps with their own HR. */
function coros(lang: 'en' | 'id', theme: Theme, d: RunData & { load: string }): string {
  const t =
    lang === 'en'
      ? { time: 'Time', pace: 'Avg Pace', avgHr: 'Avg HR', maxHr: 'Max HR', load: 'Training Load', calories: 'Calories', cadence: 'Avg Cadence', stride: 'Avg Stride Length', elev: 'Elev Gain', laps: 'Laps', head: ['Lap', 'Dist', 'Time', 'Pace', 'HR'] }
      : { time: 'Waktu', pace: 'Tempo Rata-rata', avgHr: 'DJ Rata-rata', maxHr: 'DJ Maks', load: 'Beban Latihan', calories: 'Kalori', cadence: 'Kadens Rata-rata', stride: 'Panjang Langkah', elev: 'Kenaikan', laps: 'Putaran', head: ['Putaran', 'Jarak', 'Waktu', 'Tempo', 'DJ'] };
  const stat = (value: string, unit: string, label: string) =>
    `<div style="padding:8px 0"><div style="font-size:22px;font-weight:700">${value}<span style="font-size:13px;font-weight:500"> ${unit}</span></div><div class="muted" style="font-size:12px;margin-top:2px">${label}</div></div>`;
  const laps = splitRows(3, d.km, d.time, d.avgHr === null ? null : Number(d.avgHr));
  return page(
    theme,
    `${statusBar('10:24', '58%')}
<div style="padding:8px 20px;display:flex;justify-content:space-between;align-items:center"><span style="font-size:18px;font-weight:700">${d.title}</span><span class="muted" style="font-size:13px">${d.when}</span></div>
<div class="map" style="height:130px">${routeSvg('#f05a22')}</div>
<div style="padding:12px 20px 4px"><span style="font-size:54px;font-weight:800">${d.distance}</span><span style="font-size:20px;font-weight:600"> km</span></div>
<div style="display:grid;grid-template-columns:1fr 1fr 1fr;padding:0 20px;column-gap:10px">
  ${stat(d.time, '', t.time)}${stat(quotePace(d.km, d.time), '/km', t.pace)}${stat(d.avgHr ?? '--', 'bpm', t.avgHr)}
  ${stat(d.maxHr ?? '--', 'bpm', t.maxHr)}${stat(d.load, '', t.load)}${stat(d.calories, 'kcal', t.calories)}
  ${stat(d.cadence, 'spm', t.cadence)}${stat('1.09', 'm', t.stride)}${stat(d.elevation, 'm', t.elev)}
</div>
<div style="padding:8px 20px 2px;font-size:16px;font-weight:700">${t.laps}</div>
<div style="padding:0 20px">${table(theme, t.head, laps.map((r) => [r.km, '1.00', r.pace, r.quote, r.hr]))}</div>`,
  );
}

/** Apple Fitness' workout details: a two-column grid of label over value, units in capitals glued to the value, then splits. */
function apple(lang: 'en' | 'id', theme: Theme, d: RunData & { power: string; active: string }): string {
  const t =
    lang === 'en'
      ? { back: 'Summary', kind: 'Outdoor Run', goal: 'Open Goal', details: 'Workout Details', time: 'Workout Time', distance: 'Distance', active: 'Active Kilocalories', total: 'Total Kilocalories', elev: 'Elevation Gain', power: 'Avg. Power', cadence: 'Avg. Cadence', pace: 'Avg. Pace', hr: 'Avg. Heart Rate', bpm: 'BPM', spm: 'SPM', cal: 'KCAL', splits: 'Splits', head: ['Km', 'Time', 'Pace', 'Heart Rate'] }
      : { back: 'Ringkasan', kind: 'Lari Luar Ruangan', goal: 'Target Terbuka', details: 'Detail Olahraga', time: 'Waktu Olahraga', distance: 'Jarak', active: 'Kilokalori Aktif', total: 'Total Kilokalori', elev: 'Kenaikan Elevasi', power: 'Daya Rata-Rata', cadence: 'Irama Rata-Rata', pace: 'Kecepatan Rata-Rata', hr: 'Detak Jantung Rata-Rata', bpm: 'DPM', spm: 'LPM', cal: 'KKAL', splits: 'Split', head: ['Km', 'Waktu', 'Kecepatan', 'Detak Jantung'] };
  const colours = theme === DARK ? { time: '#ffd60a', dist: '#64d2ff', cal: '#ff375f', hr: '#ff453a', other: '#30d158' } : { time: '#b38600', dist: '#0a7ea8', cal: '#d1173f', hr: '#d70015', other: '#248a3d' };
  const cell = (label: string, value: string, unit: string, colour: string) =>
    `<div style="padding:8px 0;border-bottom:1px solid ${theme.line}"><div style="font-size:14px">${label}</div><div style="font-size:24px;font-weight:600;color:${colour};margin-top:2px">${value}<span style="font-size:17px">${unit}</span></div></div>`;
  const splits = splitRows(3, d.km, d.time, d.avgHr === null ? null : Number(d.avgHr));
  const timeOfSplit = (pace: string) => `${pace}`;
  return page(
    theme,
    `${statusBar('9:41', '82%')}
<div style="padding:4px 16px;color:#0a84ff;font-size:17px">‹ ${t.back}</div>
<div style="padding:6px 16px;display:flex;gap:12px;align-items:center">
  <div style="width:52px;height:52px;border-radius:50%;background:#2c5e1a"></div>
  <div><div style="font-size:19px;font-weight:700">${t.kind}</div><div class="muted" style="font-size:14px">${t.goal}</div><div class="muted" style="font-size:14px">${d.when}</div></div>
</div>
<div style="padding:10px 16px 0;font-size:21px;font-weight:700">${t.details}</div>
<div style="display:grid;grid-template-columns:1fr 1fr;column-gap:18px;margin:4px 16px;padding:0 14px;background:${theme.card};border-radius:12px">
  ${cell(t.time, d.time, '', colours.time)}${cell(t.distance, d.distance, 'KM', colours.dist)}
  ${cell(t.active, d.active, t.cal, colours.cal)}${cell(t.total, d.calories, t.cal, colours.cal)}
  ${cell(t.elev, d.elevation, 'M', colours.other)}${cell(t.power, d.power, 'W', colours.other)}
  ${cell(t.cadence, d.cadence, t.spm, colours.dist)}${cell(t.pace, quotePace(d.km, d.time), '/KM', colours.dist)}
  ${d.avgHr !== null ? cell(t.hr, d.avgHr, t.bpm, colours.hr) : ''}
</div>
<div style="padding:12px 16px 2px;font-size:21px;font-weight:700">${t.splits}</div>
<div style="margin:0 16px;padding:0 14px;background:${theme.card};border-radius:12px">${table(theme, t.head, splits.map((r) => [r.km, timeOfSplit(r.pace), `${r.quote}/KM`, r.hr === '--' ? '--' : `${r.hr}${t.bpm}`]), 15)}</div>`,
  );
}

/** Samsung Health: the workout time on top, then sections of two columns (label over value, or value over a bare "Average"). */
function samsung(lang: 'en' | 'id', theme: Theme, d: RunData & { style: 'label-over-value' | 'value-over-label' }): string {
  const t =
    lang === 'en'
      ? { kind: 'Running', time: 'Workout time', distance: 'Distance', calories: 'Total calories', pace: 'Pace', avgPace: 'Avg. pace', maxPace: 'Max. pace', hr: 'Heart rate', avgHr: 'Avg. heart rate', maxHr: 'Max. heart rate', avg: 'Average', max: 'Maximum', cadence: 'Cadence', avgCad: 'Avg. cadence', maxCad: 'Max. cadence', elev: 'Elevation gain', steps: 'Steps' }
      : { kind: 'Lari', time: 'Waktu olahraga', distance: 'Jarak', calories: 'Total kalori', pace: 'Tempo', avgPace: 'Tempo rata-rata', maxPace: 'Tempo maks.', hr: 'Detak jantung', avgHr: 'Detak jantung rata-rata', maxHr: 'Detak jantung maks.', avg: 'Rata-rata', max: 'Maksimum', cadence: 'Irama', avgCad: 'Irama rata-rata', maxCad: 'Irama maks.', elev: 'Kenaikan elevasi', steps: 'Langkah' };
  const pair = (a: [string, string], b: [string, string]) => {
    const one = ([label, value]: [string, string]) =>
      d.style === 'label-over-value'
        ? `<div><div class="muted" style="font-size:13px">${label}</div><div style="font-size:19px;font-weight:600;margin-top:2px">${value}</div></div>`
        : `<div><div style="font-size:19px;font-weight:600">${value}</div><div class="muted" style="font-size:13px;margin-top:2px">${label}</div></div>`;
    return `<div style="display:grid;grid-template-columns:1fr 1fr;gap:10px;padding:6px 0">${one(a)}${one(b)}</div>`;
  };
  const section = (title: string, body: string) => `<div style="margin:8px 16px;padding:8px 16px;background:${theme.card};border-radius:18px"><div style="font-size:16px;font-weight:700">${title}</div>${body}</div>`;
  const hrPair: [[string, string], [string, string]] =
    d.style === 'label-over-value' ? [[t.avgHr, `${d.avgHr} bpm`], [t.maxHr, `${d.maxHr} bpm`]] : [[t.avg, `${d.avgHr} bpm`], [t.max, `${d.maxHr} bpm`]];
  return page(
    theme,
    `${statusBar('06:58', '71%')}
<div style="padding:6px 18px;font-size:19px;font-weight:700">‹ ${t.kind}</div>
<div class="muted" style="padding:0 18px;font-size:13px">${d.when}</div>
<div style="margin:8px 16px;padding:12px 16px;background:${theme.card};border-radius:18px">
  <div class="muted" style="font-size:13px">${t.time}</div><div style="font-size:34px;font-weight:700">${d.time}</div>
  ${pair([t.distance, `${d.distance} km`], [t.calories, `${d.calories} kcal`])}
</div>
${section(t.pace, pair([t.avgPace, `${quotePace(d.km, d.time)}/km`], [t.maxPace, `4'31"/km`]))}
${d.avgHr !== null ? section(t.hr, `<svg width="320" height="46"><path d="M0 40 L40 22 L80 28 L120 12 L160 18 L200 8 L240 14 L280 6 L320 10" stroke="#f2545b" stroke-width="2" fill="none"/></svg>${pair(...hrPair)}`) : ''}
${section(t.cadence, pair([t.avgCad, `${d.cadence} spm`], [t.maxCad, '191 spm']))}
${section('', pair([t.elev, `${d.elevation} m`], [t.steps, lang === 'en' ? '9,874' : '9.874']))}`,
  );
}

/** Polar Flow: three big tiles (value over label), then rows of "Heart rate avg … 152 bpm" or an "avg / max" line, then time in zones. */
function polar(lang: 'en' | 'id', theme: Theme, d: RunData & { style: 'rows' | 'inline' }): string {
  const t =
    lang === 'en'
      ? { kind: 'Running', duration: 'Duration', distance: 'Distance', calories: 'Calories', hr: 'Heart rate', hrAvg: 'Heart rate avg', hrMax: 'Heart rate max', avg: 'avg', max: 'max', min: 'min', paceAvg: 'Pace avg', paceMax: 'Pace max', cadAvg: 'Cadence avg', ascent: 'Ascent', load: 'Cardio load', index: 'Running Index', zones: 'Heart rate zones', zone: 'Zone' }
      : { kind: 'Lari', duration: 'Durasi', distance: 'Jarak', calories: 'Kalori', hr: 'Detak jantung', hrAvg: 'Detak jantung rata-rata', hrMax: 'Detak jantung maks.', avg: 'rata-rata', max: 'maks.', min: 'min.', paceAvg: 'Tempo rata-rata', paceMax: 'Tempo maks.', cadAvg: 'Kadens rata-rata', ascent: 'Pendakian', load: 'Beban kardio', index: 'Indeks Lari', zones: 'Zona detak jantung', zone: 'Zona' };
  const tile = (value: string, label: string) =>
    `<div style="text-align:center"><div style="font-size:21px;font-weight:700">${value}</div><div class="muted" style="font-size:13px;margin-top:2px">${label}</div></div>`;
  const row = (label: string, value: string) =>
    `<div style="display:flex;justify-content:space-between;padding:6px 0;border-bottom:1px solid ${theme.line};font-size:15px"><span>${label}</span><span style="font-weight:600">${value}</span></div>`;
  const heart =
    d.avgHr === null
      ? ''
      : d.style === 'rows'
        ? row(t.hrAvg, `${d.avgHr} bpm`) + row(t.hrMax, `${d.maxHr} bpm`)
        : `<div style="font-size:16px;font-weight:700;margin-top:8px">${t.hr}</div><div style="display:flex;justify-content:space-between;padding:6px 0;border-bottom:1px solid ${theme.line};font-size:16px"><span>${t.avg} <b>${d.avgHr}</b> bpm</span><span>${t.max} <b>${d.maxHr}</b> bpm</span><span>${t.min} <b>96</b> bpm</span></div>`;
  const zones = ['0:02:10', '0:12:34', '0:25:01'];
  return page(
    theme,
    `${statusBar('08:15', '45%')}
<div style="padding:8px 18px"><div style="font-size:20px;font-weight:700">${t.kind}</div><div class="muted" style="font-size:13px">${d.when}</div></div>
<div style="display:grid;grid-template-columns:1fr 1fr 1fr;padding:14px 10px;margin:4px 12px;background:${theme.card};border-radius:10px">
  ${tile(d.time, t.duration)}${tile(`${d.distance} km`, t.distance)}${tile(`${d.calories} kcal`, t.calories)}
</div>
<div style="padding:0 18px">
  ${heart}
  ${row(t.paceAvg, `${colonPace(d.km, d.time)} min/km`)}${row(t.paceMax, '4:18 min/km')}
  ${row(t.cadAvg, `${d.cadence} spm`)}${row(t.ascent, `${d.elevation} m`)}${row(t.load, '98')}${row(t.index, '52')}
  <div style="font-size:16px;font-weight:700;margin:10px 0 4px">${t.zones}</div>
  ${zones.map((z, i) => row(`${t.zone} ${5 - i}`, z)).join('')}
</div>`,
    "Roboto, 'DejaVu Sans', Arial, sans-serif",
  );
}

/** Nike Run Club with an average-HR label, optionally in miles, and its splits list. */
function nrcSplits(lang: 'en' | 'id', theme: Theme, d: RunData & { miles: boolean; heartRate: string }): string {
  const t =
    lang === 'en'
      ? { km: d.miles ? 'Miles' : 'Kilometers', pace: 'Avg. Pace', time: 'Time', calories: 'Calories', elevation: 'Elevation Gain', hr: 'Avg. Heart Rate', cadence: 'Cadence', splits: 'Splits', head: [d.miles ? 'Mi' : 'Km', 'Avg. Pace', 'Elev'] }
      : { km: d.miles ? 'Mil' : 'Kilometer', pace: 'Tempo Rata-rata', time: 'Waktu', calories: 'Kalori', elevation: 'Kenaikan Elevasi', hr: 'Detak Jantung', cadence: 'Kadens', splits: 'Split', head: ['Km', 'Tempo', 'Elev'] };
  const stat = (value: string, label: string) =>
    `<div><div style="font-size:23px;font-weight:700">${value}</div><div class="muted" style="font-size:13px;margin-top:2px">${label}</div></div>`;
  const perUnit = d.miles ? d.km / 1.609344 : d.km;
  const splits = splitRows(3, perUnit, d.time, null);
  return page(
    theme,
    `${statusBar('20:03', '33%')}
<div style="padding:14px 22px 0" class="muted"><div style="font-size:14px">${d.when}</div></div>
<div style="padding:2px 22px 8px;font-size:22px;font-weight:700">${d.title}</div>
<div style="padding:0 22px"><div style="font-size:92px;font-weight:800;font-style:italic;letter-spacing:-2px;line-height:1">${d.distance}</div>
<div class="muted" style="font-size:18px;margin-top:4px">${t.km}</div></div>
<div style="display:grid;grid-template-columns:1fr 1fr 1fr;gap:18px 10px;padding:22px 22px">
  ${stat(quotePace(perUnit, d.time), t.pace)}${stat(d.time, t.time)}${stat(d.calories, t.calories)}
  ${stat(`${d.elevation} m`, t.elevation)}${stat(d.heartRate, t.hr)}${stat(d.cadence, t.cadence)}
</div>
<div style="padding:6px 22px;font-size:18px;font-weight:700">${t.splits}</div>
<div style="padding:0 22px">${table(theme, t.head, splits.map((r) => [r.km, r.quote, r.elev]), 16)}</div>`,
    "'Helvetica Neue', 'DejaVu Sans', Arial, sans-serif",
  );
}

export const workoutScreens: WorkoutScreen[] = [
  {
    id: 'strava-en-light',
    app: 'strava',
    lang: 'en',
    theme: 'light',
    html: strava('en', LIGHT, {
      title: 'Morning Run',
      when: 'June 12, 2025 at 6:05 AM · Jakarta',
      distance: '10.02 km',
      pace: '5:12 /km',
      movingTime: '52:13',
      elapsedTime: '54:40',
      elevation: '45 m',
      calories: '712',
      avgHr: '152 bpm',
      maxHr: '178 bpm',
    }),
    expected: { distance: 10.02, time: '00:52:13', avgHeartRate: 152 },
  },
  {
    id: 'strava-id-dark',
    app: 'strava',
    lang: 'id',
    theme: 'dark',
    html: strava('id', DARK, {
      title: 'Lari Pagi',
      when: '14 Juni 2025 pukul 05.32 · Bandung',
      distance: '21,10 km',
      pace: '5:36 /km',
      movingTime: '1:58:07',
      elapsedTime: '2:03:30',
      elevation: '112 m',
      calories: '1.480',
      avgHr: '158 bpm',
      maxHr: '181 bpm',
    }),
    expected: { distance: 21.1, time: '01:58:07', avgHeartRate: 158 },
  },
  {
    id: 'garmin-en-light',
    app: 'garmin',
    lang: 'en',
    theme: 'light',
    html: garmin('en', LIGHT, {
      title: 'Jakarta Running',
      when: 'Jun 15, 2025 @ 6:20 AM',
      distance: '5.00 km',
      time: '27:45',
      pace: '5:33 /km',
      avgHr: '147 bpm',
      maxHr: '169 bpm',
      movingTime: '27:30',
      elapsedTime: '28:10',
      calories: '412',
      ascent: '23 m',
    }),
    // Garmin's headline "Time" is the timer time; the moving time is preferred when shown.
    expected: { distance: 5, time: '00:27:30', avgHeartRate: 147 },
  },
  {
    id: 'garmin-id-dark',
    app: 'garmin',
    lang: 'id',
    theme: 'dark',
    html: garmin('id', DARK, {
      title: 'Lari Surabaya',
      when: '16 Jun 2025 @ 05.45',
      distance: '8,45 km',
      time: '45:20',
      pace: '5:22 /km',
      avgHr: '149 bpm',
      maxHr: '171 bpm',
      movingTime: '44:58',
      elapsedTime: '46:02',
      calories: '598',
      ascent: '31 m',
    }),
    expected: { distance: 8.45, time: '00:44:58', avgHeartRate: 149 },
  },
  {
    id: 'nrc-en-dark',
    app: 'nrc',
    lang: 'en',
    theme: 'dark',
    html: nrc('en', DARK, {
      when: 'Sunday 6/15/25',
      title: 'Sunday Morning Run',
      distance: '5.01',
      pace: `5'32"`,
      time: '27:44',
      calories: '312',
      elevation: '18 m',
      heartRate: '145',
      cadence: '172',
    }),
    expected: { distance: 5.01, time: '00:27:44', avgHeartRate: 145 },
  },
  {
    id: 'nrc-id-light',
    app: 'nrc',
    lang: 'id',
    theme: 'light',
    html: nrc('id', LIGHT, {
      when: 'Minggu 15/6/25',
      title: 'Lari Minggu Pagi',
      distance: '7,32',
      pace: `6'05"`,
      time: '44:32',
      calories: '455',
      elevation: '27 m',
      heartRate: '139',
      cadence: '168',
    }),
    expected: { distance: 7.32, time: '00:44:32', avgHeartRate: 139 },
  },
  // ---- Issue 25 item 6: more apps, the "Avg | Max" heart-rate row, screens without HR, splits with their own HR ----
  {
    id: 'strava-stats-en-dark',
    app: 'strava',
    lang: 'en',
    theme: 'dark',
    html: stravaStats('en', DARK, { title: 'Tempo Tuesday', when: 'Today at 5:45 AM · Jakarta Selatan', distance: '12.04', km: 12.04, time: '1:02:47', elapsed: '1:05:10', avgHr: '148', maxHr: '171', cadence: '174', calories: '1,024', elevation: '58' }),
    expected: { distance: 12.04, time: '01:02:47', avgHeartRate: 148 },
  },
  {
    id: 'strava-stats-id-light',
    app: 'strava',
    lang: 'id',
    theme: 'light',
    html: stravaStats('id', LIGHT, { title: 'Lari Sore', when: 'Kemarin pukul 17.20 · Yogyakarta', distance: '8,20', km: 8.2, time: '46:31', elapsed: '48:02', avgHr: '156', maxHr: '183', cadence: '170', calories: '634', elevation: '21' }),
    expected: { distance: 8.2, time: '00:46:31', avgHeartRate: 156 },
  },
  {
    id: 'strava-stats-en-light-no-hr',
    app: 'strava',
    lang: 'en',
    theme: 'light',
    html: stravaStats('en', LIGHT, { title: 'Evening Shakeout', when: 'June 18, 2025 at 6:10 PM · Depok', distance: '6.50', km: 6.5, time: '38:12', elapsed: '39:40', avgHr: null, maxHr: null, cadence: '166', calories: '402', elevation: '12' }),
    // No heart-rate sensor: the cadence (166 spm) and the splits must not become the average HR.
    expected: { distance: 6.5, time: '00:38:12', avgHeartRate: null },
  },
  {
    id: 'garmin-stats-en-dark',
    app: 'garmin',
    lang: 'en',
    theme: 'dark',
    html: garminStats('en', DARK, { title: 'Bogor Long Run', when: 'Jun 22, 2025 @ 5:30 AM', distance: '15.03', km: 15.03, timer: '1:21:40', time: '1:20:58', elapsed: '1:24:05', avgHr: '151', maxHr: '176', cadence: '178', calories: '1,132', elevation: '96' }),
    expected: { distance: 15.03, time: '01:20:58', avgHeartRate: 151 },
  },
  {
    id: 'garmin-stats-id-light',
    app: 'garmin',
    lang: 'id',
    theme: 'light',
    html: garminStats('id', LIGHT, { title: 'Lari Tempo Senayan', when: '24 Jun 2025 @ 05.40', distance: '10,00', km: 10, timer: '55:05', time: '54:47', elapsed: '57:30', avgHr: '162', maxHr: '184', cadence: '176', calories: '702', elevation: '14' }),
    expected: { distance: 10, time: '00:54:47', avgHeartRate: 162 },
  },
  {
    id: 'garmin-tiles-en-light-no-hr',
    app: 'garmin',
    lang: 'en',
    theme: 'light',
    html: garminTiles('en', LIGHT, { title: 'Morning Easy Run', when: 'Jun 25, 2025 @ 6:02 AM', distance: '4.02', km: 4.02, time: '24:51', elapsed: '25:30', avgHr: null, maxHr: null, cadence: '168', calories: '286', elevation: '9' }),
    expected: { distance: 4.02, time: '00:24:51', avgHeartRate: null },
  },
  {
    id: 'garmin-tiles-id-dark-no-hr',
    app: 'garmin',
    lang: 'id',
    theme: 'dark',
    html: garminTiles('id', DARK, { title: 'Lari Pagi Medan', when: '26 Jun 2025 @ 06.10', distance: '11,37', km: 11.37, time: '1:07:12', elapsed: '1:09:00', avgHr: null, maxHr: null, cadence: '171', calories: '1.046', elevation: '35' }),
    expected: { distance: 11.37, time: '01:07:12', avgHeartRate: null },
  },
  {
    id: 'coros-en-dark',
    app: 'coros',
    lang: 'en',
    theme: 'dark',
    html: coros('en', DARK, { title: 'Run', when: '06/29/2025 05:02', distance: '21.10', km: 21.1, time: '1:52:36', elapsed: '1:54:00', avgHr: '158', maxHr: '179', load: '187', cadence: '180', calories: '1,402', elevation: '64' }),
    expected: { distance: 21.1, time: '01:52:36', avgHeartRate: 158 },
  },
  {
    id: 'coros-id-light',
    app: 'coros',
    lang: 'id',
    theme: 'light',
    html: coros('id', LIGHT, { title: 'Lari', when: '30/06/2025 06:15', distance: '7,85', km: 7.85, time: '43:20', elapsed: '44:02', avgHr: '143', maxHr: '165', load: '62', cadence: '172', calories: '498', elevation: '18' }),
    expected: { distance: 7.85, time: '00:43:20', avgHeartRate: 143 },
  },
  {
    id: 'coros-en-light',
    app: 'coros',
    lang: 'en',
    theme: 'light',
    html: coros('en', LIGHT, { title: 'Parkrun', when: '07/05/2025 07:00', distance: '5.00', km: 5, time: '19:48', elapsed: '20:10', avgHr: '172', maxHr: '186', load: '98', cadence: '186', calories: '342', elevation: '6' }),
    expected: { distance: 5, time: '00:19:48', avgHeartRate: 172 },
  },
  {
    id: 'apple-en-light',
    app: 'apple',
    lang: 'en',
    theme: 'light',
    html: apple('en', LIGHT, { title: '', when: '6:05–6:58 AM', distance: '10.02', km: 10.02, time: '0:52:13', elapsed: '0:53:40', avgHr: '152', maxHr: null, power: '248', active: '612', calories: '708', cadence: '172', elevation: '45' }),
    expected: { distance: 10.02, time: '00:52:13', avgHeartRate: 152 },
  },
  {
    id: 'apple-en-dark',
    app: 'apple',
    lang: 'en',
    theme: 'dark',
    html: apple('en', DARK, { title: '', when: '5:31–5:52 PM', distance: '3.21', km: 3.21, time: '0:19:05', elapsed: '0:19:40', avgHr: '139', maxHr: null, power: '221', active: '201', calories: '246', cadence: '168', elevation: '8' }),
    expected: { distance: 3.21, time: '00:19:05', avgHeartRate: 139 },
  },
  {
    id: 'apple-id-dark',
    app: 'apple',
    lang: 'id',
    theme: 'dark',
    html: apple('id', DARK, { title: '', when: '05.10–06.45', distance: '16,09', km: 16.09, time: '1:31:44', elapsed: '1:34:02', avgHr: '149', maxHr: null, power: '236', active: '1.102', calories: '1.260', cadence: '170', elevation: '88' }),
    expected: { distance: 16.09, time: '01:31:44', avgHeartRate: 149 },
  },
  {
    id: 'apple-id-light',
    app: 'apple',
    lang: 'id',
    theme: 'light',
    html: apple('id', LIGHT, { title: '', when: '16.30–17.05', distance: '5,03', km: 5.03, time: '0:31:27', elapsed: '0:32:10', avgHr: '131', maxHr: null, power: '205', active: '318', calories: '372', cadence: '162', elevation: '11' }),
    expected: { distance: 5.03, time: '00:31:27', avgHeartRate: 131 },
  },
  {
    id: 'samsung-en-light',
    app: 'samsung',
    lang: 'en',
    theme: 'light',
    html: samsung('en', LIGHT, { style: 'label-over-value', title: '', when: 'Sun, 15 Jun  06:05 - 06:57', distance: '9.12', km: 9.12, time: '00:49:55', elapsed: '00:51:02', avgHr: '154', maxHr: '177', cadence: '168', calories: '587', elevation: '33' }),
    expected: { distance: 9.12, time: '00:49:55', avgHeartRate: 154 },
  },
  {
    id: 'samsung-id-dark',
    app: 'samsung',
    lang: 'id',
    theme: 'dark',
    html: samsung('id', DARK, { style: 'value-over-label', title: '', when: 'Min, 22 Jun  05.50 - 06.33', distance: '6,42', km: 6.42, time: '00:41:18', elapsed: '00:42:40', avgHr: '141', maxHr: '163', cadence: '164', calories: '398', elevation: '17' }),
    // The heart-rate card says only "Rata-rata" and "Maksimum" under its "Detak jantung" title.
    expected: { distance: 6.42, time: '00:41:18', avgHeartRate: 141 },
  },
  {
    id: 'samsung-en-dark',
    app: 'samsung',
    lang: 'en',
    theme: 'dark',
    html: samsung('en', DARK, { style: 'value-over-label', title: '', when: 'Sat, 28 Jun  17:02 - 18:13', distance: '12.30', km: 12.3, time: '01:08:20', elapsed: '01:11:05', avgHr: '147', maxHr: '169', cadence: '172', calories: '803', elevation: '41' }),
    expected: { distance: 12.3, time: '01:08:20', avgHeartRate: 147 },
  },
  {
    id: 'samsung-id-light',
    app: 'samsung',
    lang: 'id',
    theme: 'light',
    html: samsung('id', LIGHT, { style: 'label-over-value', title: '', when: 'Sel, 1 Jul  19.40 - 19.58', distance: '3,05', km: 3.05, time: '00:17:42', elapsed: '00:18:10', avgHr: '165', maxHr: '181', cadence: '178', calories: '221', elevation: '4' }),
    expected: { distance: 3.05, time: '00:17:42', avgHeartRate: 165 },
  },
  {
    id: 'polar-en-light',
    app: 'polar',
    lang: 'en',
    theme: 'light',
    html: polar('en', LIGHT, { style: 'rows', title: '', when: 'Sunday, June 29, 2025 6:05 AM', distance: '10.51', km: 10.51, time: '0:58:02', elapsed: '0:59:30', avgHr: '146', maxHr: '170', cadence: '170', calories: '745', elevation: '52' }),
    expected: { distance: 10.51, time: '00:58:02', avgHeartRate: 146 },
  },
  {
    id: 'polar-en-dark',
    app: 'polar',
    lang: 'en',
    theme: 'dark',
    html: polar('en', DARK, { style: 'inline', title: '', when: 'Wednesday, July 2, 2025 5:40 PM', distance: '8.00', km: 8, time: '0:40:31', elapsed: '0:41:10', avgHr: '160', maxHr: '181', cadence: '176', calories: '566', elevation: '19' }),
    expected: { distance: 8, time: '00:40:31', avgHeartRate: 160 },
  },
  {
    id: 'polar-id-dark',
    app: 'polar',
    lang: 'id',
    theme: 'dark',
    html: polar('id', DARK, { style: 'rows', title: '', when: 'Sabtu, 5 Juli 2025 05.30', distance: '14,20', km: 14.2, time: '1:17:45', elapsed: '1:19:20', avgHr: '150', maxHr: '172', cadence: '174', calories: '1.018', elevation: '77' }),
    expected: { distance: 14.2, time: '01:17:45', avgHeartRate: 150 },
  },
  {
    id: 'polar-id-light',
    app: 'polar',
    lang: 'id',
    theme: 'light',
    html: polar('id', LIGHT, { style: 'inline', title: '', when: 'Senin, 7 Juli 2025 18.05', distance: '4,50', km: 4.5, time: '0:27:09', elapsed: '0:27:50', avgHr: '137', maxHr: '158', cadence: '166', calories: '301', elevation: '10' }),
    expected: { distance: 4.5, time: '00:27:09', avgHeartRate: 137 },
  },
  {
    id: 'nrc-en-light-miles',
    app: 'nrc',
    lang: 'en',
    theme: 'light',
    html: nrcSplits('en', LIGHT, { miles: true, heartRate: '151', title: 'Saturday Morning Run', when: 'Saturday 6/21/25', distance: '3.11', km: 3.11 * 1.609344, time: '27:44', elapsed: '28:00', avgHr: '151', maxHr: null, cadence: '170', calories: '320', elevation: '14' }),
    expected: { distance: 5.01, time: '00:27:44', avgHeartRate: 151 },
  },
  {
    id: 'nrc-id-dark-no-hr',
    app: 'nrc',
    lang: 'id',
    theme: 'dark',
    html: nrcSplits('id', DARK, { miles: false, heartRate: '--', title: 'Lari Jumat Pagi', when: 'Jumat 27/6/25', distance: '10,55', km: 10.55, time: '1:03:10', elapsed: '1:04:00', avgHr: null, maxHr: null, cadence: '169', calories: '702', elevation: '22' }),
    // "--" under Detak Jantung: the cadence beside it is not a heart rate.
    expected: { distance: 10.55, time: '01:03:10', avgHeartRate: null },
    ocrMisses: { fields: ['distance'], why: 'tesseract reads the huge italic "10,55" as "10,5"; the average pace (5\'59") disagrees, so the reader drops it' },
  },
  {
    id: 'nrc-en-dark-marathon',
    app: 'nrc',
    lang: 'en',
    theme: 'dark',
    html: nrcSplits('en', DARK, { miles: false, heartRate: '155', title: 'Jakarta Marathon', when: 'Sunday 6/29/25', distance: '42.20', km: 42.2, time: '3:58:41', elapsed: '4:02:10', avgHr: '155', maxHr: null, cadence: '172', calories: '2,911', elevation: '63' }),
    expected: { distance: 42.2, time: '03:58:41', avgHeartRate: 155 },
  },
];

/** The part of a Playwright page this module needs (so it does not import a browser library). */
export interface ScreenshotPage {
  setContent(html: string, options?: { waitUntil?: 'load' }): Promise<void>;
  screenshot(options?: { type?: 'png' | 'jpeg'; quality?: number }): Promise<Buffer>;
}

/**
 * Renders a screen to image bytes, in a page made with WORKOUT_SCREEN_VIEWPORT's size and scale
 * (`browser.newContext({ viewport: { width, height }, deviceScaleFactor })`).
 */
export async function renderWorkoutScreen(page: ScreenshotPage, screen: WorkoutScreen, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  await page.setContent(screen.html, { waitUntil: 'load' });
  return format === 'png' ? page.screenshot({ type: 'png' }) : page.screenshot({ type: 'jpeg', quality: 80 });
}
