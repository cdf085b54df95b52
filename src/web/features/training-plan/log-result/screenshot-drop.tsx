import { ImageUp, Sparkles, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '../../../components/button';
import { cn } from '../../../components/cn';
import { checkScreenshotFile, formatFileSize, SCREENSHOT_ACCEPT } from './screenshot-file';

/** What was read from a screenshot (null: not found on it). */
export interface ScreenshotReading {
  distance: number | null;
  time: string | null;
  avgHeartRate: number | null;
}
/** Reads a screenshot given as a data URL; rejects with an Error whose message is ready to show. */
export type AnalyzeScreenshot = (dataUrl: string) => Promise<ScreenshotReading>;

export const ANALYZE_FAILED = 'Gagal menganalisis gambar. Silakan coba lagi.';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(ANALYZE_FAILED));
    reader.readAsDataURL(file);
  });
}

/** 'Terisi dari screenshot: jarak, waktu.' and what could not be read. */
function readingSummary(reading: ScreenshotReading): string {
  const fields = [
    ['jarak', reading.distance !== null],
    ['waktu', reading.time !== null],
    ['HR', reading.avgHeartRate !== null],
  ] as const;
  const found = fields.filter(([, ok]) => ok).map(([name]) => name);
  const missing = fields.filter(([, ok]) => !ok).map(([name]) => name);
  return `Terisi dari screenshot: ${found.join(', ')}.${missing.length ? ` Tidak terbaca: ${missing.join(', ')}; isi sendiri.` : ''}`;
}

export interface ScreenshotDropProps {
  /** Reads the chosen screenshot ('Analisis dengan AI'); without it the button says it is coming. */
  onAnalyze?: AnalyzeScreenshot;
  /** Receives what was read, to fill the form. */
  onRead?: (reading: ScreenshotReading) => void;
}

/**
 * The workout screenshot area: drop a PNG/JPG or pick one (the file input itself stays
 * keyboard-focusable), see a preview, and let the AI read distance, time and HR from it.
 */
export function ScreenshotDrop({ onAnalyze, onRead }: ScreenshotDropProps = {}) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const aiHintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [analyzing, setAnalyzing] = useState(false);
  const [analysis, setAnalysis] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => {
      URL.revokeObjectURL(url);
      setPreview(null);
    };
  }, [file]);

  const choose = (picked: File | undefined) => {
    if (!picked) return;
    const problem = checkScreenshotFile(picked);
    setError(problem);
    setAnalysis(null);
    if (!problem) setFile(picked);
  };

  const analyze = async () => {
    if (!onAnalyze || !file || analyzing) return;
    setAnalyzing(true);
    setAnalysis(null);
    try {
      const reading = await onAnalyze(await readAsDataUrl(file));
      onRead?.(reading);
      setAnalysis({ ok: true, text: readingSummary(reading) });
    } catch (problem) {
      setAnalysis({ ok: false, text: problem instanceof Error && problem.message ? problem.message : ANALYZE_FAILED });
    } finally {
      setAnalyzing(false);
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  return (
    <section aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className="text-sm font-bold text-slate-900">
        Screenshot latihan
      </h3>
      <div
        data-testid="screenshot-drop"
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'mt-2 rounded-xl border-2 border-dashed transition-colors focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-200',
          dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50/60',
          error && !dragging && 'border-red-400',
        )}
      >
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={SCREENSHOT_ACCEPT}
          className="sr-only"
          aria-describedby={cn(!file && hintId, error && errorId) || undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            choose(event.target.files?.[0]);
            // Picking the same file again must fire change again.
            event.target.value = '';
          }}
        />
        {file ? (
          <div className="flex items-center gap-3 p-3">
            {preview && <img src={preview} alt="Pratinjau screenshot latihan" className="size-16 shrink-0 rounded-lg object-cover" />}
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold text-slate-900" data-testid="screenshot-name">
                {file.name}
              </p>
              <p className="text-xs text-slate-600">{formatFileSize(file.size)}</p>
              <button
                type="button"
                onClick={() => inputRef.current?.click()}
                className="mt-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                Ganti gambar
              </button>
            </div>
            <button
              type="button"
              onClick={() => {
                setFile(null);
                setError(null);
                setAnalysis(null);
              }}
              className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              aria-label="Hapus gambar"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        ) : (
          <label htmlFor={inputId} className="flex cursor-pointer flex-col items-center gap-1 px-4 py-5 text-center">
            <ImageUp className="size-7 text-brand-600" aria-hidden="true" />
            <span className="text-sm text-slate-700">
              <span className="font-semibold text-brand-700">Pilih screenshot</span> atau seret ke sini
            </span>
            <span id={hintId} className="text-xs text-slate-600">
              PNG atau JPG, maksimal 10MB
            </span>
          </label>
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          variant="outline"
          size="sm"
          disabled={!onAnalyze || !file}
          loading={analyzing}
          onClick={() => void analyze()}
          aria-describedby={aiHintId}
        >
          {!analyzing && <Sparkles className="size-4" aria-hidden="true" />}
          {analyzing ? 'Menganalisis…' : 'Analisis dengan AI'}
        </Button>
        <p id={aiHintId} className="text-xs text-slate-600">
          {!onAnalyze
            ? 'Segera hadir: AI akan membaca jarak, waktu dan HR dari screenshot.'
            : file
              ? 'AI membaca jarak, waktu dan HR dari screenshot ini.'
              : 'Pilih screenshot dulu, lalu AI membaca jarak, waktu dan HR-nya.'}
        </p>
      </div>
      {analysis && (
        <p
          role={analysis.ok ? 'status' : 'alert'}
          data-testid="screenshot-analysis"
          className={cn('mt-2 text-sm', analysis.ok ? 'text-green-800' : 'text-red-700')}
        >
          {analysis.text}
        </p>
      )}
    </section>
  );
}
