import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CameraError,
  cameraErrorMessage,
  cameraMessages,
  cameraSupportProblem,
  canZoomIn,
  canZoomOut,
  hasTorch,
  isToggleLocked,
  nextZoom,
  withTimeout,
  zoomRangeOf,
  zoomStep,
} from './scanner-controls';

describe('scanner controls', () => {
  afterEach(() => vi.useRealTimers());

  it('zooms in thirds of the range and stops at both ends', () => {
    const range = { min: 1, max: 4 };
    expect(zoomStep(range)).toBe(1);
    let zoom = 1;
    expect(canZoomOut(zoom, range)).toBe(false);
    const seen: number[] = [];
    while (canZoomIn(zoom, range)) {
      zoom = nextZoom(zoom, range, 'in');
      seen.push(zoom);
    }
    expect(seen).toEqual([2, 3, 4]);
    expect(nextZoom(4, range, 'in')).toBe(4);
    expect(canZoomOut(4, range)).toBe(true);
    expect(nextZoom(1.5, range, 'out')).toBe(1);
  });

  it('reaches the end in three presses even with float ranges', () => {
    const range = { min: 1, max: 8.1 };
    let zoom = range.min;
    for (let i = 0; i < 3; i++) zoom = nextZoom(zoom, range, 'in');
    expect(canZoomIn(zoom, range)).toBe(false);
    for (let i = 0; i < 3; i++) zoom = nextZoom(zoom, range, 'out');
    expect(zoom).toBeCloseTo(1);
    expect(canZoomOut(zoom, range)).toBe(false);
  });

  it('reads zoom and torch from track capabilities only when reported', () => {
    expect(zoomRangeOf({ zoom: { min: 1, max: 5, step: 0.1 } })).toEqual({ min: 1, max: 5 });
    expect(zoomRangeOf({ zoom: { min: 1, max: 1 } })).toBeNull();
    expect(zoomRangeOf({})).toBeNull();
    expect(zoomRangeOf(null)).toBeNull();
    expect(hasTorch({ torch: true })).toBe(true);
    expect(hasTorch({ torch: false })).toBe(false);
    expect(hasTorch(undefined)).toBe(false);
  });

  it('locks the on/off control for one second after each press', () => {
    expect(isToggleLocked(null, 5000)).toBe(false);
    expect(isToggleLocked(1000, 1000)).toBe(true);
    expect(isToggleLocked(1000, 1999)).toBe(true);
    expect(isToggleLocked(1000, 2000)).toBe(false);
  });

  it('times the camera start out after 3 seconds with a readable message', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => {});
    const started = withTimeout(never, 3000, cameraMessages.timeout);
    const check = expect(started).rejects.toThrow(cameraMessages.timeout);
    await vi.advanceTimersByTimeAsync(3000);
    await check;
    await expect(withTimeout(Promise.resolve(7), 3000, 'x')).resolves.toBe(7);
  });

  it('explains camera failures', () => {
    expect(cameraErrorMessage(Object.assign(new Error('x'), { name: 'NotAllowedError' }))).toBe(
      'Could not access the camera. Please check permissions.',
    );
    expect(cameraErrorMessage(Object.assign(new Error('x'), { name: 'NotFoundError' }))).toBe(cameraMessages.notFound);
    expect(cameraErrorMessage(new CameraError(cameraMessages.timeout))).toBe(cameraMessages.timeout);
    expect(cameraSupportProblem({ isSecureContext: false, hasGetUserMedia: true })).toBe(cameraMessages.insecure);
    expect(cameraSupportProblem({ isSecureContext: true, hasGetUserMedia: false })).toBe(cameraMessages.unsupported);
    expect(cameraSupportProblem({ isSecureContext: true, hasGetUserMedia: true })).toBeNull();
  });
});
