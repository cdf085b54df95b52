import { format } from 'date-fns';
import { id } from 'date-fns/locale';
import { FileText, FileUp, Save } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { coachingMessages } from '../../../../domain/coaching/contract';
import { isoToLocalDate, planDateToIso } from '../../../../domain/shared/wire-date';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { cn } from '../../../components/cn';
import { Dialog } from '../../../components/dialog';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { parseScheduleFile, SCHEDULE_ACCEPT, scheduleFileProblem, useSaveSchedule, type ScheduleRun } from './schedule-api';

export interface UploadScheduleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  runnerId: string;
  runnerName: string;
}

const errorText = (error: unknown) => (error instanceof ApiError && error.message ? error.message : coachingMessages.scheduleUploadFailed);

const dayLabel = (date: string) => {
  const iso = planDateToIso(date);
  return iso ? format(isoToLocalDate(iso), 'EEE, d MMM yyyy', { locale: id }) : date;
};

/**
 * 'Unggah Jadwal' (runner-and-coach §4, §5): a PNG, JPG or PDF schedule is read on the server into
 * runs, shown as a preview, and saved only on 'Simpan Jadwal' (creating or replacing the plan).
 */
export function UploadScheduleDialog(props: UploadScheduleDialogProps) {
  // A fresh dialog on every opening: a cancelled preview never comes back.
  return props.open ? <UploadScheduleForm {...props} /> : null;
}

function UploadScheduleForm({ onOpenChange, runnerId, runnerName }: UploadScheduleDialogProps) {
  const ids = useId();
  const toast = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [preview, setPreview] = useState<ScheduleRun[] | null>(null);
  const save = useSaveSchedule(runnerId);

  const pick = (next: File | null) => {
    setFile(next);
    setPreview(null);
    setError(next ? scheduleFileProblem(next) : null);
  };

  const read = async () => {
    const problem = scheduleFileProblem(file);
    if (problem || !file) return setError(problem);
    setError(null);
    setReading(true);
    try {
      setPreview(await parseScheduleFile(runnerId, file));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setReading(false);
    }
  };

  const store = () => {
    if (!preview) return;
    save.mutate(preview, {
      onSuccess: () => {
        toast(`${preview.length} latihan disimpan ke jadwal ${runnerName}.`, 'success');
        onOpenChange(false);
      },
      onError: (err) => setError(errorText(err)),
    });
  };

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      size="lg"
      title="Unggah Jadwal"
      description={`Jadwal untuk ${runnerName}: file PNG, JPG atau PDF (maksimal 10MB) berisi tanggal, judul, program dan pace.`}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Batal
          </Button>
          {preview ? (
            <Button onClick={store} loading={save.isPending} disabled={preview.length === 0}>
              <Save className="size-4" aria-hidden="true" />
              Simpan Jadwal
            </Button>
          ) : (
            <Button onClick={() => void read()} loading={reading} disabled={!file || !!scheduleFileProblem(file)}>
              <FileUp className="size-4" aria-hidden="true" />
              Baca Jadwal
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-4">
        <div>
          <label htmlFor={`${ids}-file`} className="text-sm font-bold text-slate-900">
            File jadwal
          </label>
          <input
            ref={inputRef}
            id={`${ids}-file`}
            type="file"
            accept={SCHEDULE_ACCEPT}
            onChange={(event) => pick(event.target.files?.[0] ?? null)}
            // The browser's own button speaks the browser's language ('Choose File'): ours speaks Indonesian.
            className="sr-only"
            tabIndex={-1}
          />
          <div className="mt-1 flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
            <Button variant="outline" size="sm" onClick={() => inputRef.current?.click()}>
              <FileText className="size-4" aria-hidden="true" />
              {file ? 'Ganti File' : 'Pilih File'}
              <span className="sr-only"> jadwal</span>
            </Button>
            <span data-testid="schedule-file-name" className="min-w-0 text-sm break-all text-slate-700">
              {file ? file.name : 'Belum ada file dipilih'}
            </span>
          </div>
          <p className="mt-1 text-xs text-slate-600">Baris tanpa tanggal (judul kolom, catatan) dilewati. Tidak ada yang disimpan sebelum Anda menekan Simpan Jadwal.</p>
        </div>

        {reading && (
          <p role="status" className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm font-semibold text-slate-700">
            <Spinner className="size-4" /> Membaca jadwal...
          </p>
        )}

        {error && <Alert tone="error">{error}</Alert>}

        {preview && (
          <section aria-labelledby={`${ids}-preview`}>
            <h3 id={`${ids}-preview`} className="text-sm font-bold text-slate-900">
              Pratinjau: {preview.length} latihan
            </h3>
            <p className="text-xs text-slate-600">Menyimpan akan mengganti jadwal dari pelatih; latihan buatan pelari dan hasil yang sudah dicatat tetap ada.</p>
            <ul className="mt-2 max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200" data-testid="schedule-preview">
              {preview.map((run, i) => (
                <li key={`${run.date}-${i}`} className="flex items-start gap-3 px-3 py-2 text-sm">
                  <span className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', run.color)} aria-hidden="true" />
                  <span className="w-28 shrink-0 text-xs font-semibold text-slate-700">{dayLabel(run.date)}</span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold break-words text-slate-900">{run.title}</span>
                    <span className="block text-xs text-slate-600">
                      {[run.program, run.paceRange && `${run.paceRange} /km`].filter(Boolean).join(' · ') || '-'}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </Dialog>
  );
}
