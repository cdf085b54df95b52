import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { groupRunInputSchema, type GroupRun } from '../../../domain/group-runs/contract';
import { groupRunMessages, toWibInput, wibInputToIso } from '../../../domain/group-runs/group-runs';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormField } from '../../components/form-field';
import { fieldClass, Input } from '../../components/input';
import { useCreateGroupRun, useUpdateGroupRun, type GroupRunBody } from './group-runs-api';

// The form keeps what was typed; the domain's schema (the server's rules) checks it with the same messages.
const formSchema = z.object({
  title: z.string(),
  city: z.string(),
  meetingPoint: z.string(),
  mapUrl: z.string(),
  startsAt: z.string(),
  distanceKm: z.string(),
  paceGroup: z.string(),
  capacity: z.string(),
  description: z.string(),
});
type FormValues = z.infer<typeof formSchema>;

const empty: FormValues = { title: '', city: '', meetingPoint: '', mapUrl: '', startsAt: '', distanceKm: '5', paceGroup: '', capacity: '10', description: '' };

function toBody(v: FormValues): GroupRunBody {
  return {
    title: v.title,
    city: v.city,
    meetingPoint: v.meetingPoint,
    mapUrl: v.mapUrl.trim() || null,
    startsAt: v.startsAt ? wibInputToIso(v.startsAt) : '',
    distanceKm: Number(v.distanceKm.replace(',', '.')),
    paceGroup: v.paceGroup,
    capacity: Number(v.capacity),
    description: v.description,
  };
}

function fromRun(run: GroupRun): FormValues {
  return {
    title: run.title,
    city: run.city,
    meetingPoint: run.meetingPoint,
    mapUrl: run.mapUrl ?? '',
    startsAt: toWibInput(run.startsAt),
    distanceKm: String(run.distanceKm),
    paceGroup: run.paceGroup,
    capacity: String(run.capacity),
    description: run.description,
  };
}

/** 'Buat Group Run' and the host's 'Ubah' (with `run`): every field, the time in WIB. */
export function GroupRunFormDialog({ open, onOpenChange, run, onSaved }: { open: boolean; onOpenChange: (open: boolean) => void; run?: GroupRun; onSaved: (run: GroupRun) => void }) {
  const id = useId();
  const firstField = useRef<HTMLInputElement | null>(null);
  const create = useCreateGroupRun();
  const update = useUpdateGroupRun(run?.id ?? '');
  const save = run ? update : create;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues>({
    defaultValues: run ? fromRun(run) : empty,
    resolver: zodResolver(
      formSchema.superRefine((values, ctx) => {
        const result = groupRunInputSchema().safeParse(toBody(values));
        if (result.success) return;
        for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }),
    ),
  });

  const close = (next: boolean) => {
    if (!next) save.reset();
    onOpenChange(next);
  };
  const onSubmit = handleSubmit((values) =>
    save.mutate(toBody(values), {
      onSuccess: (res) => {
        onOpenChange(false);
        onSaved(res.groupRun);
      },
    }),
  );
  const { ref: titleRef, ...titleField } = register('title');
  const err = save.error;

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      size="lg"
      title={run ? 'Ubah Group Run' : 'Buat Group Run'}
      description={run ? 'Peserta akan diberi tahu lewat email bila waktu atau tempat berubah.' : 'Waktu dalam WIB. Peserta yang bergabung menerima detail titik kumpul lewat email.'}
      initialFocus={firstField}
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)} disabled={save.isPending}>
            Batal
          </Button>
          <Button type="submit" form={`${id}-form`} loading={save.isPending}>
            {run ? 'Simpan' : 'Buat Group Run'}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4 sm:grid-cols-2">
        {save.isError && (
          <div className="sm:col-span-2">
            <Alert tone="error">{err instanceof ApiError && err.status < 500 ? err.message : groupRunMessages.loadFailed}</Alert>
          </div>
        )}
        <div className="sm:col-span-2">
          <FormField id={`${id}-title`} label="Judul" mark="required" error={errors.title?.message}>
            {(control) => (
              <Input
                {...control}
                {...titleField}
                ref={(el) => {
                  titleRef(el);
                  firstField.current = el;
                }}
                maxLength={100}
                placeholder="mis. Easy Run Minggu Pagi"
              />
            )}
          </FormField>
        </div>
        <FormField id={`${id}-city`} label="Kota" mark="required" error={errors.city?.message}>
          {(control) => <Input {...control} maxLength={60} placeholder="mis. Jakarta" {...register('city')} />}
        </FormField>
        <FormField id={`${id}-starts`} label="Tanggal & jam (WIB)" mark="required" error={errors.startsAt?.message}>
          {(control) => <Input {...control} type="datetime-local" {...register('startsAt')} />}
        </FormField>
        <div className="sm:col-span-2">
          <FormField id={`${id}-meeting`} label="Titik kumpul" mark="required" error={errors.meetingPoint?.message}>
            {(control) => <Input {...control} maxLength={200} placeholder="mis. Pintu 1 GBK, Senayan" {...register('meetingPoint')} />}
          </FormField>
        </div>
        <div className="sm:col-span-2">
          <FormField id={`${id}-map`} label="Link peta" mark="optional" hint="Link Google Maps (https://)." error={errors.mapUrl?.message}>
            {(control) => <Input {...control} type="url" placeholder="https://maps.app.goo.gl/..." {...register('mapUrl')} />}
          </FormField>
        </div>
        <FormField id={`${id}-distance`} label="Jarak (km)" mark="required" error={errors.distanceKm?.message}>
          {(control) => <Input {...control} inputMode="decimal" {...register('distanceKm')} />}
        </FormField>
        <FormField id={`${id}-pace`} label="Grup pace" mark="required" hint='mis. "6:00–6:30 /km"' error={errors.paceGroup?.message}>
          {(control) => <Input {...control} maxLength={40} placeholder="6:00–6:30 /km" {...register('paceGroup')} />}
        </FormField>
        <FormField id={`${id}-capacity`} label="Kuota peserta" mark="required" hint="Tidak termasuk Anda sebagai host." error={errors.capacity?.message}>
          {(control) => <Input {...control} type="number" inputMode="numeric" min={2} max={200} {...register('capacity')} />}
        </FormField>
        <div className="sm:col-span-2">
          <FormField id={`${id}-description`} label="Deskripsi" mark="optional" error={errors.description?.message}>
            {(control) => <textarea {...control} rows={3} maxLength={2000} className={fieldClass(!!errors.description, 'h-auto py-2')} placeholder="Rute, yang perlu dibawa, parkir..." {...register('description')} />}
          </FormField>
        </div>
      </form>
    </Dialog>
  );
}
