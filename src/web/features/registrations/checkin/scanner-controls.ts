/**
 * The camera scanner's rules (events-and-coach-pages §4, §8, §9), kept apart from the DOM so they
 * can be tested: zoom in thirds of the range, the 1-second lock of the on/off control, the camera
 * start timeout, and the messages a person at the racepack desk reads.
 */

export const CAMERA_START_TIMEOUT_MS = 3000;
export const CAMERA_SETTLE_MS = 500;
export const SCAN_RETRY_DELAY_MS = 500;
export const TOGGLE_LOCK_MS = 1000;
/** The same code seen again within this time is the same runner still in front of the camera. */
export const SAME_CODE_QUIET_MS = 3000;

export interface ZoomRange {
  min: number;
  max: number;
}

/** One zoom step: a third of the range (max minus min). */
export function zoomStep(range: ZoomRange): number {
  return (range.max - range.min) / 3;
}

/** The zoom after one press, clamped to the range. */
export function nextZoom(current: number, range: ZoomRange, direction: 'in' | 'out'): number {
  const step = zoomStep(range);
  const target = direction === 'in' ? current + step : current - step;
  return Math.min(range.max, Math.max(range.min, target));
}

// A float step can land a hair short of the end; treat that as the end.
const EPSILON = 1e-6;
export const canZoomIn = (current: number, range: ZoomRange) => current < range.max - EPSILON;
export const canZoomOut = (current: number, range: ZoomRange) => current > range.min + EPSILON;

/** Reads a usable zoom range from track capabilities, or null when the camera cannot zoom. */
export function zoomRangeOf(capabilities: unknown): ZoomRange | null {
  const zoom = (capabilities as { zoom?: { min?: number; max?: number } } | null)?.zoom;
  if (!zoom || typeof zoom.min !== 'number' || typeof zoom.max !== 'number' || !(zoom.max > zoom.min)) return null;
  return { min: zoom.min, max: zoom.max };
}

export function hasTorch(capabilities: unknown): boolean {
  return (capabilities as { torch?: unknown } | null)?.torch === true;
}

/** True while the on/off control is still locked after a press at `pressedAt`. */
export function isToggleLocked(pressedAt: number | null, now: number, lockMs = TOGGLE_LOCK_MS): boolean {
  return pressedAt !== null && now - pressedAt < lockMs;
}

export const cameraMessages = {
  /** Spec §8, verbatim. */
  denied: 'Could not access the camera. Please check permissions.',
  insecure: 'Kamera hanya bisa dipakai di halaman aman (HTTPS atau localhost). Buka halaman ini lewat alamat HTTPS.',
  unsupported: 'Peramban ini tidak mendukung akses kamera. Gunakan input scanner atau peramban lain.',
  timeout: 'Kamera tidak merespons dalam 3 detik. Tutup aplikasi lain yang memakai kamera, lalu coba lagi.',
  notFound: 'Tidak ada kamera yang ditemukan di perangkat ini.',
  decoder: 'Pemindai QR gagal dimuat. Gunakan input scanner atau muat ulang halaman.',
} as const;

export class CameraError extends Error {}

/** What to tell the user when starting the camera failed. */
export function cameraErrorMessage(error: unknown): string {
  if (error instanceof CameraError) return error.message;
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return cameraMessages.notFound;
  return cameraMessages.denied;
}

/** Rejects with `message` when `promise` takes longer than `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new CameraError(message)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Checks what the browser can do before asking for a camera (secure context, getUserMedia). */
export function cameraSupportProblem(env: { isSecureContext: boolean; hasGetUserMedia: boolean }): string | null {
  if (!env.isSecureContext) return cameraMessages.insecure;
  if (!env.hasGetUserMedia) return cameraMessages.unsupported;
  return null;
}
