/**
 * Strava sync (issue 15; spec runner-and-coach §1, §2, §7, §8): the values and messages both sides
 * share. Strava-derived data belongs to its runner alone (Strava API agreement): a result that came
 * from Strava (`source: 'strava'`) is shown to the runner only, until they keep it in their own log.
 */

/** Where a run's logged result came from: typed or kept by the runner, or filled by Strava. */
export const resultSources = ['manual', 'strava'] as const;
export type ResultSource = (typeof resultSources)[number];

/**
 * A synced Strava activity:
 * - matched: it filled a planned run of the same day;
 * - unplanned: no planned run that day; waits for the runner to keep or discard it;
 * - kept: the runner kept it, as a run of their own log;
 * - discarded: the runner did not want it (a later update of the activity leaves it discarded).
 */
export const stravaActivityStatuses = ['matched', 'unplanned', 'kept', 'discarded'] as const;
export type StravaActivityStatus = (typeof stravaActivityStatuses)[number];

/** Strava's sport types that count as runs. */
export const RUN_SPORT_TYPES = ['Run', 'TrailRun', 'VirtualRun'] as const;
export const isRunSport = (sportType: string) => (RUN_SPORT_TYPES as readonly string[]).includes(sportType);

/** How far back 'Sinkronkan sekarang' reads. */
export const MANUAL_SYNC_DAYS = 30;
/** The scope Derap asks for: private runs too, read only. */
export const STRAVA_SCOPE = 'activity:read_all';

/**
 * How a connect ends, as the server writes it in `?strava=` and the web app reads it: linked, or
 * why not (`failed`: Strava or our server could not complete the exchange).
 */
export const stravaReturnReasons = ['connected', 'denied', 'scope', 'taken', 'invalid', 'unconfigured', 'failed'] as const;
export type StravaReturn = (typeof stravaReturnReasons)[number];

export const stravaMessages = {
  notConfigured: 'Strava belum dikonfigurasi di server ini. Unggah file aktivitas (.fit, .gpx, .tcx) di Log Hasil Latihan.',
  notConnected: 'Akun Strava belum terhubung.',
  connected: 'Strava berhasil terhubung.',
  disconnected: 'Strava berhasil diputuskan.',
  // The spec's alert is English ('Failed to disconnect Strava. Please try again.'): a slip, said in Indonesian.
  disconnectFailed: 'Gagal memutuskan Strava. Silakan coba lagi.',
  stateInvalid: 'Tautan Strava tidak valid atau sudah kedaluwarsa. Silakan hubungkan ulang.',
  denied: 'Izin Strava tidak diberikan.',
  scopeMissing: 'Izinkan akses aktivitas (activity:read_all) agar Derap dapat membaca lari Anda.',
  athleteTaken: 'Akun Strava ini sudah terhubung ke pengguna Derap lain.',
  connectFailed: 'Gagal menghubungkan Strava. Silakan coba lagi.',
  syncStarted: 'Sinkronisasi dimulai. Lari 30 hari terakhir akan muncul di kalender dalam beberapa saat.',
  syncBusy: 'Sinkronisasi sedang berjalan. Silakan tunggu sebentar.',
  activityNotFound: 'Aktivitas Strava tidak ditemukan.',
  activityKept: 'Lari disimpan ke log latihan.',
  activityDiscarded: 'Lari dibuang.',
} as const;
