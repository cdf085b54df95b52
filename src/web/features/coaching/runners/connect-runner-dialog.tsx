import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { isConnectEmail } from '../../../../domain/coaching/coaching';
import { coachingMessages, type CoachConnection } from '../../../../domain/coaching/contract';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { FormField } from '../../../components/form-field';
import { Input, Select } from '../../../components/input';
import { LoadingMessage } from '../../../components/query-state';
import { slotLabel } from './connection-format';
import { connectError, useFillableSlots, useSetSlotRunner } from './runners-api';

/** The spec's connect-modal close delay after 'Pelari berhasil dihubungkan!' (runner-and-coach §9). */
export const CONNECTED_CLOSE_MS = 1200;

/** The same email rule as the server (runner-and-coach §5); the slot is chosen unless the row gave it. */
const connectFormSchema = z.object({
  slotId: z.string().min(1, 'Pilih slot paket.'),
  runnerEmail: z
    .string()
    .trim()
    .min(1, coachingMessages.invalidEmail)
    .refine((v) => isConnectEmail(v), coachingMessages.invalidEmail),
});
type ConnectForm = z.infer<typeof connectFormSchema>;

/**
 * Connect a runner by email (runner-and-coach §4 "Connect-runner modal"): idle, submitting, then
 * 'Pelari berhasil dihubungkan!' and the modal closes after 1.2 s (the list reloads). From a
 * 'Belum diisi' row the slot is that row's; from 'Hubungkan Pelari' the coach picks an empty slot.
 */
export function ConnectRunnerDialog({ open, slot, onOpenChange }: { open: boolean; slot: CoachConnection | null; onOpenChange: (open: boolean) => void }) {
  const connect = useSetSlotRunner();
  const choosing = slot === null;
  const slots = useFillableSlots(open && choosing);
  const emailRef = useRef<HTMLInputElement | null>(null);
  const form = useForm<ConnectForm>({ resolver: zodResolver(connectFormSchema), defaultValues: { slotId: slot?._id ?? '', runnerEmail: '' } });
  const { errors } = form.formState;
  const done = connect.isSuccess;

  // A fresh form each opening, for the row's slot or the first empty one.
  useEffect(() => {
    if (!open) return;
    connect.reset();
    form.reset({ slotId: slot?._id ?? '', runnerEmail: '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [open, slot?._id]);
  useEffect(() => {
    if (open && choosing && slots.data?.[0] && !form.getValues('slotId')) form.setValue('slotId', slots.data[0]._id);
  }, [open, choosing, slots.data, form]);

  // The parent re-renders when the list reloads (a new onOpenChange each time): the 1.2 s must not restart.
  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => onOpenChangeRef.current(false), CONNECTED_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [done]);

  const submit = form.handleSubmit((values) => connect.mutate({ id: values.slotId, runnerEmail: values.runnerEmail.trim() }));
  const noSlots = choosing && slots.isSuccess && slots.data.length === 0;
  const { ref: emailFieldRef, ...emailField } = form.register('runnerEmail');

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !connect.isPending && onOpenChange(next)}
      title="Hubungkan Pelari"
      description={
        slot ? `Slot: ${slotLabel(slot)}` : 'Pilih slot paket yang kosong, lalu masukkan email akun Derap milik pelari.'
      }
      initialFocus={emailRef}
      footer={
        done ? (
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Tutup
          </Button>
        ) : (
          <>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={connect.isPending}>
              Batal
            </Button>
            <Button type="submit" form="connect-runner-form" loading={connect.isPending} disabled={noSlots || (choosing && !slots.isSuccess)}>
              <UserPlus className="size-4" aria-hidden="true" />
              Hubungkan
            </Button>
          </>
        )
      }
    >
      {done ? (
        <Alert tone="success" title={coachingMessages.connected}>
          {connect.data?.data.runnerId && (
            <span className="[overflow-wrap:anywhere]">{`${connect.data.data.runnerId.name} (${connect.data.data.runnerId.email}) kini terhubung dengan Anda.`}</span>
          )}
        </Alert>
      ) : (
        <form id="connect-runner-form" noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
          {choosing &&
            (slots.isPending ? (
              <LoadingMessage variant="inline">Memuat slot kosong...</LoadingMessage>
            ) : slots.isError ? (
              <Alert tone="error">{coachingMessages.connectionsFailed}</Alert>
            ) : noSlots ? (
              <Alert tone="info">Belum ada slot kosong. Slot bertambah saat pelari membeli paket Anda atau admin memberi slot gratis (freeslot).</Alert>
            ) : (
              <FormField id="connect-slot" label="Slot paket" error={errors.slotId?.message} mark="required">
                {(control) => (
                  <Select {...control} {...form.register('slotId')}>
                    {slots.data.map((s) => (
                      <option key={s._id} value={s._id}>
                        {slotLabel(s)}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
            ))}
          <FormField id="connect-email" label="Email pelari" error={errors.runnerEmail?.message} mark="required" hint="Pelari harus sudah masuk ke Derap minimal sekali.">
            {(control) => (
              <Input
                {...control}
                {...emailField}
                ref={(el) => {
                  emailFieldRef(el);
                  emailRef.current = el;
                }}
                type="email"
                inputMode="email"
                autoComplete="off"
                placeholder="nama@contoh.com"
                disabled={noSlots}
              />
            )}
          </FormField>
          {connect.isError && (
            <Alert tone="error">
              {/* The message quotes the address, which may be longer than a phone is wide. */}
              <span className="[overflow-wrap:anywhere]">{connectError(connect.error)}</span>
            </Alert>
          )}
        </form>
      )}
    </Dialog>
  );
}
