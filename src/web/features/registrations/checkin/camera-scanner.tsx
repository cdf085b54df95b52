import { CameraOff, Flashlight, FlashlightOff, Power, PowerOff, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../../components/cn';
import { Spinner } from '../../../components/spinner';
import type { QrDetector } from './barcode-reader';
import {
  CAMERA_SETTLE_MS,
  CAMERA_START_TIMEOUT_MS,
  SAME_CODE_QUIET_MS,
  SCAN_RETRY_DELAY_MS,
  TOGGLE_LOCK_MS,
  cameraErrorMessage,
  cameraMessages,
  cameraSupportProblem,
  canZoomIn,
  canZoomOut,
  hasTorch,
  nextZoom,
  withTimeout,
  zoomRangeOf,
  type ZoomRange,
} from './scanner-controls';

export interface CameraScannerProps {
  /** Whether the camera should run. */
  scanning: boolean;
  /** Called with each QR value read (the same value again only after a few seconds). */
  onScan(value: string): void;
  /** The camera's on/off control is shown only when this handler is supplied (§2). */
  onToggleScanning?(): void;
  /** Told when the camera fails (and with null when it runs again). */
  onError?(message: string | null): void;
  className?: string;
}

type Phase = 'off' | 'starting' | 'running' | 'error';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The camera scanner view (§2, §9): the back camera behind a dashed square frame with red corner
 * brackets, and on the right edge the on/off, torch and zoom controls the device supports. The QR
 * decoder (zxing-wasm, served by our own server) loads only when the camera starts.
 */
export function CameraScanner({ scanning, onScan, onToggleScanning, onError, className }: CameraScannerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const trackRef = useRef<MediaStreamTrack | null>(null);
  const onScanRef = useRef(onScan);
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onScanRef.current = onScan;
    onErrorRef.current = onError;
  });

  const [phase, setPhase] = useState<Phase>('off');
  const [error, setError] = useState<string | null>(null);
  const [zoomRange, setZoomRange] = useState<ZoomRange | null>(null);
  const [zoom, setZoom] = useState(0);
  const [torchAvailable, setTorchAvailable] = useState(false);
  const [torchOn, setTorchOn] = useState(false);
  const [toggleLocked, setToggleLocked] = useState(false);

  useEffect(() => {
    if (!scanning) {
      setPhase('off');
      return;
    }
    let cancelled = false;
    let stream: MediaStream | null = null;
    const videoEl = videoRef.current;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stream?.getTracks().forEach((t) => t.stop());
      stream = null;
      trackRef.current = null;
    };

    const fail = (message: string) => {
      if (cancelled) return;
      stop();
      setPhase('error');
      setError(message);
      onErrorRef.current?.(message);
    };

    async function start() {
      setPhase('starting');
      setError(null);
      setTorchOn(false);
      setZoomRange(null);
      setTorchAvailable(false);
      const problem = cameraSupportProblem({
        isSecureContext: window.isSecureContext,
        hasGetUserMedia: typeof navigator.mediaDevices?.getUserMedia === 'function',
      });
      if (problem) return fail(problem);

      // The decoder downloads while the camera starts.
      const detectorReady = import('./barcode-reader').then((m) => m.createQrDetector());
      detectorReady.catch(() => undefined);

      const request = navigator.mediaDevices.getUserMedia({
        audio: false,
        video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
      });
      // A camera that answers after the time-out (or after closing) must still be released.
      let gaveUp = false;
      request.then(
        (late) => {
          if (gaveUp || cancelled) late.getTracks().forEach((t) => t.stop());
        },
        () => undefined,
      );
      try {
        stream = await withTimeout(request, CAMERA_START_TIMEOUT_MS, cameraMessages.timeout);
      } catch (err) {
        gaveUp = true;
        return fail(cameraErrorMessage(err));
      }
      if (cancelled) return stop();
      const video = videoEl;
      if (!video) return stop();
      video.srcObject = stream;
      try {
        await video.play();
      } catch {
        // autoplay of a muted inline video is allowed; a refusal here still leaves frames to read
      }
      await sleep(CAMERA_SETTLE_MS);
      if (cancelled) return stop();

      const track = stream.getVideoTracks()[0] ?? null;
      trackRef.current = track;
      const capabilities = track && typeof track.getCapabilities === 'function' ? track.getCapabilities() : null;
      const range = zoomRangeOf(capabilities);
      setZoomRange(range);
      if (range && track) {
        const current = (track.getSettings() as { zoom?: number }).zoom;
        setZoom(typeof current === 'number' ? current : range.min);
      }
      setTorchAvailable(hasTorch(capabilities));

      let detector: QrDetector;
      try {
        detector = await detectorReady;
      } catch {
        return fail(cameraMessages.decoder);
      }
      if (cancelled) return stop();
      setPhase('running');
      onErrorRef.current?.(null);

      let last: { value: string; at: number } | null = null;
      const tick = async () => {
        if (cancelled) return;
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
          try {
            const [code] = await detector.detect(video);
            const value = code?.rawValue.trim();
            const now = Date.now();
            if (value && !cancelled && !(last && last.value === value && now - last.at < SAME_CODE_QUIET_MS)) {
              last = { value, at: now };
              onScanRef.current(value);
            }
          } catch {
            // a frame can fail while the camera warms up; the next attempt follows
          }
        }
        if (!cancelled) timer = setTimeout(() => void tick(), SCAN_RETRY_DELAY_MS);
      };
      void tick();
    }

    void start();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stop();
      if (videoEl) videoEl.srcObject = null;
    };
  }, [scanning]);

  const pressToggle = () => {
    if (toggleLocked || !onToggleScanning) return;
    setToggleLocked(true);
    setTimeout(() => setToggleLocked(false), TOGGLE_LOCK_MS);
    onToggleScanning();
  };

  const applyZoom = async (direction: 'in' | 'out') => {
    const track = trackRef.current;
    if (!track || !zoomRange) return;
    const target = nextZoom(zoom, zoomRange, direction);
    try {
      await track.applyConstraints({ advanced: [{ zoom: target } as MediaTrackConstraintSet] });
      setZoom(target);
    } catch {
      // the camera refused this zoom: keep the current one
    }
  };

  const toggleTorch = async () => {
    const track = trackRef.current;
    if (!track) return;
    try {
      await track.applyConstraints({ advanced: [{ torch: !torchOn } as MediaTrackConstraintSet] });
      setTorchOn(!torchOn);
    } catch {
      setTorchAvailable(false);
    }
  };

  const running = phase === 'running';

  return (
    <div
      className={cn('relative aspect-square w-full overflow-hidden rounded-xl bg-slate-950 sm:aspect-[4/3]', className)}
      data-testid="camera-scanner"
      data-phase={phase}
    >
      <video ref={videoRef} className="absolute inset-0 size-full object-cover" muted playsInline aria-hidden="true" />

      {/* The scan frame: a dashed square (70% of the width) with red corner brackets. */}
      <div className="pointer-events-none absolute inset-0 flex items-center justify-center" aria-hidden="true">
        <div className="relative aspect-square w-[70%] max-h-[85%] rounded-md border-2 border-dashed border-white/70">
          <span className="absolute -top-1 -left-1 size-8 rounded-tl-md border-t-4 border-l-4 border-red-500" />
          <span className="absolute -top-1 -right-1 size-8 rounded-tr-md border-t-4 border-r-4 border-red-500" />
          <span className="absolute -bottom-1 -left-1 size-8 rounded-bl-md border-b-4 border-l-4 border-red-500" />
          <span className="absolute -right-1 -bottom-1 size-8 rounded-br-md border-r-4 border-b-4 border-red-500" />
        </div>
      </div>

      {phase !== 'running' && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-slate-950/70 px-14 text-center text-sm text-white">
          {phase === 'starting' ? (
            <>
              <Spinner className="size-7" label="" />
              <p>Menyalakan kamera...</p>
            </>
          ) : phase === 'error' ? (
            <>
              <CameraOff className="size-8 text-red-300" aria-hidden="true" />
              <p role="alert" className="max-w-xs">
                {error}
              </p>
            </>
          ) : (
            <>
              <CameraOff className="size-8 text-slate-300" aria-hidden="true" />
              <p>Kamera mati{onToggleScanning ? '. Tekan tombol daya untuk menyalakan.' : '.'}</p>
            </>
          )}
        </div>
      )}

      <div className="absolute top-1/2 right-2 flex -translate-y-1/2 flex-col gap-2">
        {onToggleScanning && (
          <ControlButton
            label={scanning ? 'Matikan kamera' : 'Nyalakan kamera'}
            onClick={pressToggle}
            disabled={toggleLocked}
            pressed={scanning}
          >
            {scanning ? <PowerOff className="size-5" aria-hidden="true" /> : <Power className="size-5" aria-hidden="true" />}
          </ControlButton>
        )}
        {running && torchAvailable && (
          <ControlButton label={torchOn ? 'Matikan senter' : 'Nyalakan senter'} onClick={() => void toggleTorch()} pressed={torchOn}>
            {torchOn ? <FlashlightOff className="size-5" aria-hidden="true" /> : <Flashlight className="size-5" aria-hidden="true" />}
          </ControlButton>
        )}
        {running && zoomRange && (
          <>
            <ControlButton label="Perbesar" onClick={() => void applyZoom('in')} disabled={!canZoomIn(zoom, zoomRange)}>
              <ZoomIn className="size-5" aria-hidden="true" />
            </ControlButton>
            <ControlButton label="Perkecil" onClick={() => void applyZoom('out')} disabled={!canZoomOut(zoom, zoomRange)}>
              <ZoomOut className="size-5" aria-hidden="true" />
            </ControlButton>
          </>
        )}
      </div>
    </div>
  );
}

function ControlButton({
  label,
  onClick,
  disabled,
  pressed,
  children,
}: {
  label: string;
  onClick(): void;
  disabled?: boolean;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
      disabled={disabled}
      className="flex size-11 items-center justify-center rounded-full bg-slate-900/70 text-white shadow ring-1 ring-white/30 backdrop-blur-sm hover:bg-slate-900/90 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-40"
    >
      {children}
    </button>
  );
}
