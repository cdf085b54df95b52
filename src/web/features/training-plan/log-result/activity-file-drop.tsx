import { FileUp } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { ACTIVITY_FILE_ACCEPT, activityFileProblem, activityMessages } from '../../../../domain/activities/activities';
import type { ActivityReadingResponse } from '../../../../domain/activities/contract';
import { formatDuration } from '../../../../domain/training-plan/pace';
import { ApiError } from '../../../api/client';
import { cn } from '../../../components/cn';
import { Spinner } from '../../../components/spinner';
import { parseActivityFile } from '../training-plan-api';
import { formatDistanceKm } from './log-form';

/** An activity file already read (the calendar's 'Impor File Aktivitas'), with the name it had. */
export interface ActivityPrefill {
  reading: ActivityReadingResponse;
  fileName: string;
}

/** Reads an activity file on the server; rejects with an Error whose message is ready to show. */
export type ReadActivityFile = (file: File) => Promise<ActivityReadingResponse>;

/** '5,02 km · 00:28:10 · 148 bpm' — what a file holds, as the form shows it. */
export function readingFigures(reading: Pick<ActivityReadingResponse, 'distance' | 'time' | 'avgHeartRate'>): string {
  return [`${formatDistanceKm(reading.distance)} km`, formatDuration(reading.time), reading.avgHeartRate !== null ? `${reading.avgHeartRate} bpm` : null].filter(Boolean).join(' · ');
}

function readingSummary(reading: ActivityReadingResponse, fileName: string, runDate?: string): string {
  const parts = [`Terisi dari ${fileName}: ${readingFigures(reading)}.`];
  if (reading.avgHeartRate === null) parts.push('File ini tidak berisi HR; isi rata-rata HR sendiri.');
  if (runDate && runDate !== reading.date) parts.push(`File ini tercatat ${reading.date}; tanggal latihan tidak diubah.`);
  return parts.join(' ');
}

export interface ActivityFileDropProps {
  /** Receives what the file holds, to fill the form. */
  onRead: (reading: ActivityReadingResponse, fileName: string) => void;
  /** The run's date (DD-MM-YYYY) as chosen in the form: the summary says when the file's differs. */
  runDate?: string;
  /** A run still to come cannot be logged: the area says so and takes no file. */
  disabled?: boolean;
  /** Injectable for tests; the API call by default. */
  read?: ReadActivityFile;
}

/** The API call, looked up when a file is read (tests that replace the API module need not provide it). */
const readWithApi: ReadActivityFile = (file) => parseActivityFile(file);

/**
 * 'Unggah file aktivitas (.fit, .gpx, .tcx)' in Log Hasil Latihan: drop or pick a file from a watch
 * or a running app; the server reads distance, moving time and average HR, which fill the form (the
 * pace and scores follow). The file input itself stays keyboard-focusable.
 */
export function ActivityFileDrop({ onRead, runDate, disabled = false, read = readWithApi }: ActivityFileDropProps) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [reading, setReading] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file || reading || disabled) return;
    const problem = activityFileProblem(file);
    if (problem) return setResult({ ok: false, text: problem });
    setResult(null);
    setReading(file.name);
    try {
      const answer = await read(file);
      onRead(answer, file.name);
      setResult({ ok: true, text: readingSummary(answer, file.name, runDate) });
    } catch (error) {
      setResult({ ok: false, text: error instanceof ApiError && error.message ? error.message : activityMessages.failed });
    } finally {
      setReading(null);
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files[0]);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (disabled) return;
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  return (
    <section aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className="text-sm font-bold text-slate-900">
        Unggah file aktivitas (.fit, .gpx, .tcx)
      </h3>
      <div
        data-testid="activity-file-drop"
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        aria-busy={reading ? true : undefined}
        className={cn(
          'mt-2 rounded-xl border-2 border-dashed transition-colors focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-200',
          dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50/60',
          result && !result.ok && !dragging && 'border-red-400',
          disabled && 'opacity-60',
        )}
      >
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={ACTIVITY_FILE_ACCEPT}
          className="sr-only"
          disabled={disabled || reading !== null}
          aria-describedby={hintId}
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            // Picking the same file again must fire change again.
            event.target.value = '';
          }}
        />
        {reading ? (
          <div className="flex items-center gap-3 px-4 py-4 text-sm text-slate-700">
            <Spinner className="size-5 text-brand-600" label="" />
            <div className="min-w-0 flex-1" role="status">
              <p className="truncate font-semibold text-slate-900">Membaca {reading}…</p>
              <progress className="mt-1 h-1.5 w-full accent-brand-600" aria-label={`Membaca ${reading}`} />
            </div>
          </div>
        ) : (
          <label htmlFor={inputId} className={cn('flex flex-col items-center gap-1 px-4 py-4 text-center', disabled ? 'cursor-not-allowed' : 'cursor-pointer')}>
            <FileUp className="size-7 text-brand-600" aria-hidden="true" />
            <span className="text-sm text-slate-700">
              <span className="font-semibold text-brand-700">Pilih file aktivitas</span> atau seret ke sini
            </span>
            <span id={hintId} className="text-xs text-slate-600">
              {disabled ? 'Hasil bisa diisi mulai hari latihannya.' : 'Dari jam atau aplikasi lari; jarak, waktu bergerak dan HR terisi otomatis. Maksimal 10MB.'}
            </span>
          </label>
        )}
      </div>
      {result && (
        <p role={result.ok ? 'status' : 'alert'} data-testid="activity-file-result" className={cn('mt-2 text-sm', result.ok ? 'text-green-800' : 'text-red-700')}>
          {result.text}
        </p>
      )}
    </section>
  );
}
