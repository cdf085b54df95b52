import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createFreeslotsInputSchema, type AdminCoach } from '../../../../domain/coaching/admin-contract';
import { ApiError } from '../../../api/client';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { useAddFreeslots } from './coach-admin-api';

/**
 * 'Tambah Slot Gratis': empty freeslots the coach fills by email; each lasts `weeks` weeks from the
 * day a runner is connected to it.
 */
export function FreeslotDialog({ coach, onClose, onDone }: { coach: AdminCoach; onClose: () => void; onDone: (message: string) => void }) {
  const id = useId();
  const add = useAddFreeslots();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof createFreeslotsInputSchema>, unknown, z.output<typeof createFreeslotsInputSchema>>({
    resolver: zodResolver(createFreeslotsInputSchema),
    defaultValues: { count: 1, weeks: 4 },
  });
  const submit = handleSubmit((values) => add.mutate({ coachId: coach._id, ...values }, { onSuccess: (res) => onDone(res.message) }));

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !add.isPending) onClose();
      }}
      size="sm"
      title="Tambah Slot Gratis"
      description={`${coach.name} · ${coach.email}`}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={add.isPending}>
            Batal
          </Button>
          <Button type="submit" form={`${id}-form`} loading={add.isPending}>
            Tambah Slot
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={(e) => void submit(e)} className="space-y-4 text-sm text-slate-700">
        <p>Slot gratis muncul di Daftar Pelari pelatih sebagai &lsquo;Belum diisi&rsquo;. Pelatih mengisinya dengan email pelari; masa berlakunya dihitung sejak slot diisi.</p>
        <div className="grid grid-cols-2 gap-3">
          <FormField id={`${id}-count`} label="Jumlah slot" mark="required" error={errors.count?.message} hint="1–20">
            {(control) => <Input {...control} type="number" inputMode="numeric" min={1} max={20} invalid={!!errors.count} {...register('count')} />}
          </FormField>
          <FormField id={`${id}-weeks`} label="Durasi (minggu)" mark="required" error={errors.weeks?.message} hint="1–104">
            {(control) => <Input {...control} type="number" inputMode="numeric" min={1} max={104} invalid={!!errors.weeks} {...register('weeks')} />}
          </FormField>
        </div>
        {add.isError && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {add.error instanceof ApiError ? add.error.message : 'Gagal menambah slot. Coba lagi.'}
          </p>
        )}
      </form>
    </Dialog>
  );
}
