import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from '../../../../domain/training-plan/training-plan';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { FieldError, Input } from '../../../components/input';
import { useAddRuns } from '../training-plan-api';
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
}

/** 'Buat Jadwal' (spec §2, §5): a run the runner adds to their own plan. */
export function CreateRunDialog(props: CreateRunDialogProps) {
  // A fresh form on every opening, so a cancelled draft never comes back.
  return props.open ? <CreateRunForm {...props} /> : null;
}

function CreateRunForm({ onOpenChange, initialDate, onCreated }: CreateRunDialogProps) {
  const ids = useId();
  const formId = `${ids}-form`;
  const addRuns = useAddRuns();
  const [serverError, setServerError] = useState<string | null>(null);
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

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await addRuns.mutateAsync([toRunInput(values)]);
      onCreated(values.date, values.title);
      onOpenChange(false);
    } catch (error) {
      setServerError(error instanceof ApiError && error.message ? error.message : messages.createFailed);
    }
  });

  const described = (name: keyof CreateRunFormInput, hint?: boolean) =>
    errors[name] ? `${ids}-${name}-error` : hint ? `${ids}-${name}-hint` : undefined;

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title="Buat Jadwal"
      description="Tambahkan latihan ke kalendermu."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Batal
          </Button>
          <Button type="submit" form={formId} loading={isSubmitting}>
            <Plus className="size-4" aria-hidden="true" />
            Simpan Jadwal
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <Field label="Tanggal" htmlFor={`${ids}-date`} errorId={`${ids}-date-error`} error={errors.date?.message}>
          <Input
            id={`${ids}-date`}
            type="date"
            min="2000-01-01"
            max="2100-12-31"
            invalid={Boolean(errors.date)}
            aria-describedby={described('date')}
            {...register('date')}
          />
        </Field>

        <Field label="Judul" htmlFor={`${ids}-title`} errorId={`${ids}-title-error`} error={errors.title?.message}>
          <Input
            id={`${ids}-title`}
            list={`${ids}-titles`}
            autoComplete="off"
            placeholder="mis. Tempo Run"
            invalid={Boolean(errors.title)}
            aria-describedby={described('title', true)}
            {...register('title')}
          />
          <datalist id={`${ids}-titles`}>
            {TITLE_SUGGESTIONS.map((title) => (
              <option key={title} value={title} />
            ))}
          </datalist>
          {!errors.title && (
            <p id={`${ids}-title-hint`} className="mt-1 text-xs text-slate-600">
              Warna di kalender mengikuti jenis latihan pada judul.
            </p>
          )}
        </Field>

        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Program" htmlFor={`${ids}-program`} errorId={`${ids}-program-error`} error={errors.program?.message}>
            <Input
              id={`${ids}-program`}
              list={`${ids}-programs`}
              autoComplete="off"
              placeholder="mis. 10k"
              invalid={Boolean(errors.program)}
              aria-describedby={described('program')}
              {...register('program')}
            />
            <datalist id={`${ids}-programs`}>
              {PROGRAM_SUGGESTIONS.map((program) => (
                <option key={program} value={program} />
              ))}
            </datalist>
          </Field>
          <Field label="Pace range" htmlFor={`${ids}-paceRange`} errorId={`${ids}-paceRange-error`} error={errors.paceRange?.message}>
            <Input
              id={`${ids}-paceRange`}
              autoComplete="off"
              placeholder="mis. 5'30 - 6'00"
              invalid={Boolean(errors.paceRange)}
              aria-describedby={described('paceRange', true)}
              {...register('paceRange')}
            />
            {!errors.paceRange && (
              <p id={`${ids}-paceRange-hint`} className="mt-1 text-xs text-slate-600">
                Menit'detik per km.
              </p>
            )}
          </Field>
        </div>

        {serverError && (
          <Alert ref={errorRef} tone="error">
            {serverError}
          </Alert>
        )}
      </form>
    </Dialog>
  );
}

function Field({ label, htmlFor, error, errorId, children }: { label: string; htmlFor: string; error?: string; errorId: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <label htmlFor={htmlFor} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="mt-1">{children}</div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
