import type { ImageReading } from '../../../../domain/ai-coach/contract';

/**
 * Mock-ups of the workout summaries runners upload (Strava, Garmin Connect, Nike Run Club), in
 * English and Indonesian, light and dark, at a phone's size. The OCR adapter's test renders them in
 * Chromium and reads them back; the browser tests reuse them to make an upload file. Each screen
 * carries the distractors of a real screenshot (status-bar clock, start time, pace, max HR, calories)
 * next to the values the reader must find.
 */

export type WorkoutApp = 'strava' | 'garmin' | 'nrc';

export interface WorkoutScreen {
  id: string;
  app: WorkoutApp;
  lang: 'en' | 'id';
  theme: 'light' | 'dark';
  html: string;
  /** What a correct reading returns (time as hh:mm:ss; moving time when both are shown). */
  expected: ImageReading;
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
