import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from '../../../../domain/training-plan/training-plan';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { useAddRuns } from '../training-plan-api';
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
  const { view } = usePlanScope();
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
      await addRuns.mutateAsync([toRunInput(values, view === 'coach' ? 'coach' : 'user')]);
      onCreated(values.date, values.title);
      onOpenChange(false);
    } catch (error) {
      setServerError(error instanceof ApiError && error.message ? error.message : messages.createFailed);
    }
  });

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title="Buat Jadwal"
      description={view === 'coach' ? 'Tambahkan latihan ke kalender pelari.' : 'Tambahkan latihan ke kalendermu.'}
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
          <FormField label="Pace range" id={`${ids}-paceRange`} error={errors.paceRange?.message} hint={errors.paceRange ? undefined : "Menit'detik per km."}>
            {(control) => <Input {...control} autoComplete="off" placeholder="mis. 5'30 - 6'00" {...register('paceRange')} />}
          </FormField>
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

