import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from '../../../../domain/training-plan/training-plan';
import { runInputSchema } from '../../../../domain/training-plan/contract';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { useAddRuns } from '../training-plan-api';
import { readingFigures, type ActivityPrefill } from '../log-result/activity-file-drop';
import { usePlanScope } from '../plan-scope';
import {
  createRunFormSchema,
  emptyCreateRunForm,
  PROGRAM_SUGGESTIONS,
  TITLE_SUGGESTIONS,
  toRunInput,
  type CreateRunFormInput,
  type CreateRunFormValues,
} from './create-run-form';

export interface CreateRunDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Pre-filled day (YYYY-MM-DD), e.g. when adding from a selected day. */
  initialDate?: string;
  /** After saving: the new run's day and title. */
  onCreated: (day: string, title: string) => void;
  /** An imported activity file with no planned run on its day: saved as the new run's result. */
  result?: ActivityPrefill;
}

/** 'Buat Jadwal' (spec §2, §5): a run the runner adds to their own plan. */
export function CreateRunDialog(props: CreateRunDialogProps) {
  // A fresh form on every opening, so a cancelled draft never comes back.
  return props.open ? <CreateRunForm {...props} /> : null;
}

function CreateRunForm({ onOpenChange, initialDate, onCreated, result }: CreateRunDialogProps) {
  const ids = useId();
  const formId = `${ids}-form`;
  const addRuns = useAddRuns();
  const { view } = usePlanScope();
  const [serverError, setServerError] = useState<string | null>(null);
  // A file without heart rate: a runner's result needs all three figures (spec §5), a coach's only distance and time.
  const askHr = result !== undefined && result.reading.avgHeartRate === null;
  const [hr, setHr] = useState('');
  const [hrError, setHrError] = useState<string | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CreateRunFormInput, unknown, CreateRunFormValues>({
    resolver: zodResolver(createRunFormSchema),
    defaultValues: emptyCreateRunForm(initialDate),
  });

  useEffect(() => {
    if (serverError) errorRef.current?.focus();
  }, [serverError]);

  const checkHr = (): number | null | false => {
    const text = hr.trim();
    if (text === '') {
      if (view === 'coach') return null;
      setHrError('Rata-rata HR wajib diisi: file ini tidak berisi HR.');
      return false;
    }
    const parsed = runInputSchema.shape.traininghr.safeParse(/^\d+$/.test(text) ? Number(text) : Number.NaN);
    if (!parsed.success) {
      setHrError(/^\d+$/.test(text) ? (parsed.error.issues[0]?.message ?? messages.invalidResult) : 'Rata-rata HR harus bilangan bulat.');
      return false;
    }
    return parsed.data ?? null;
  };

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    const typedHr = askHr ? checkHr() : null;
    if (typedHr === false) return;
    try {
      const run = toRunInput(values, view === 'coach' ? 'coach' : 'user');
      if (result) {
        const { distance, time, avgHeartRate } = result.reading;
        Object.assign(run, { trainingdistance: distance, trainingtime: time, traininghr: avgHeartRate ?? typedHr });
      }
      await addRuns.mutateAsync([run]);
      onCreated(values.date, values.title);
      onOpenChange(false);
    } catch (error) {
      setServerError(error instanceof ApiError && error.message ? error.message : messages.createFailed);
    }
  }, () => {
    // The other fields' messages show at once: so does the heart rate's.
    if (askHr) checkHr();
  });

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title="Buat Jadwal"
      description={
        result
          ? `Tidak ada latihan terjadwal pada ${result.reading.date}. Beri judul latihannya; hasil dari file ikut disimpan.`
          : view === 'coach'
            ? 'Tambahkan latihan ke kalender pelari.'
            : 'Tambahkan latihan ke kalendermu.'
      }
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Batal
          </Button>
          <Button type="submit" form={formId} loading={isSubmitting}>
            <Plus className="size-4" aria-hidden="true" />
            {result ? 'Simpan Jadwal & Hasil' : 'Simpan Jadwal'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        {result && (
          <Alert tone="info" title={`Hasil dari ${result.fileName}`}>
            <span data-testid="create-run-result">{readingFigures(result.reading)}</span>
          </Alert>
        )}
        <FormField label="Tanggal" id={`${ids}-date`} error={errors.date?.message}>
          {(control) => <Input {...control} type="date" min="2000-01-01" max="2100-12-31" {...register('date')} />}
        </FormField>

        {/* A hint gives way to the field's error, so the field is described by one line at a time. */}
        <FormField label="Judul" id={`${ids}-title`} error={errors.title?.message} hint={errors.title ? undefined : 'Warna di kalender mengikuti jenis latihan pada judul.'}>
          {(control) => (
            <>
              <Input {...control} list={`${ids}-titles`} autoComplete="off" placeholder="mis. Tempo Run" {...register('title')} />
              <datalist id={`${ids}-titles`}>
                {TITLE_SUGGESTIONS.map((title) => (
                  <option key={title} value={title} />
                ))}
              </datalist>
            </>
          )}
        </FormField>

        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Program" id={`${ids}-program`} error={errors.program?.message}>
            {(control) => (
              <>
                <Input {...control} list={`${ids}-programs`} autoComplete="off" placeholder="mis. 10k" {...register('program')} />
                <datalist id={`${ids}-programs`}>
                  {PROGRAM_SUGGESTIONS.map((program) => (
                    <option key={program} value={program} />
                  ))}
                </datalist>
              </>
            )}
          </FormField>
          <FormField label="Rentang Pace" id={`${ids}-paceRange`} error={errors.paceRange?.message} hint={errors.paceRange ? undefined : "Menit'detik per km."}>
            {(control) => <Input {...control} autoComplete="off" placeholder="mis. 5'30 - 6'00" {...register('paceRange')} />}
          </FormField>
        </div>

        {askHr && (
          <FormField
            label="Rata-rata HR (bpm)"
            id={`${ids}-hr`}
            error={hrError ?? undefined}
            hint={hrError ? undefined : view === 'coach' ? 'File ini tidak berisi HR; boleh dikosongkan.' : 'File ini tidak berisi HR; isi dari jam atau aplikasimu.'}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="off"
                placeholder="150"
                value={hr}
                onChange={(event) => {
                  setHr(event.target.value);
                  setHrError(null);
                }}
              />
            )}
          </FormField>
        )}

        {serverError && (
          <Alert ref={errorRef} tone="error">
            {serverError}
          </Alert>
        )}
      </form>
    </Dialog>
  );
}

