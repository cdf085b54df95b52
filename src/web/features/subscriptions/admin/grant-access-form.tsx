import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarPlus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { adminGrantBodySchema, subscriptionMessages, type AdminGrantBody, type SubscriptionSummary } from '../../../../domain/subscriptions/contract';
import { extendPeriod } from '../../../../domain/subscriptions/subscription';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { fieldClass, Input } from '../../../components/input';
import { useGrantSubscriptionDays } from './admin-subscriptions-api';
import { formatJakartaDateTime } from './subscription-format';

/** The form's fields as typed: the days arrive as text and become the contract's whole number. */
export const grantFormSchema = z.object({
  days: z.string().trim().regex(/^\d{1,6}$/, subscriptionMessages.grantDays).transform(Number).pipe(adminGrantBodySchema.shape.days),
  reason: adminGrantBodySchema.shape.reason,
});
type GrantFormInput = z.input<typeof grantFormSchema>;

const REASON_MAX = 500;
const GRANT_FAILED = 'Gagal menambah akses. Coba lagi.';

/** The end of the period after `days` more days (from the later of now and the current end), as the server reckons it. */
export function grantedPeriodEnd(currentPeriodEnd: string | null, days: number, now = new Date()): Date {
  return extendPeriod(currentPeriodEnd ? new Date(currentPeriodEnd) : null, days, now).end;
}

/** Days from the field, when they are a whole number the server accepts (for the live preview). */
function previewDays(value: string | undefined): number | null {
  const parsed = grantFormSchema.shape.days.safeParse(value ?? '');
  return parsed.success ? parsed.data : null;
}

/**
 * 'Tambah Akses': an admin gives a user days of access with a reason (recorded in the ledger).
 * The resulting end date shows while typing and again in a confirmation before anything is sent.
 */
export function GrantAccessForm({
  userId,
  userName,
  subscription,
  onGranted,
}: {
  userId: string;
  userName: string;
  subscription: SubscriptionSummary;
  onGranted?: () => void;
}) {
  const ids = useId();
  const grant = useGrantSubscriptionDays(userId);
  const [pending, setPending] = useState<AdminGrantBody | null>(null);
  const [done, setDone] = useState<{ days: number; end: string | null } | null>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<GrantFormInput, unknown, AdminGrantBody>({
    resolver: zodResolver(grantFormSchema),
    defaultValues: { days: '', reason: '' },
  });

  useEffect(() => {
    if (pending) confirmRef.current?.focus();
  }, [pending]);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const days = previewDays(watch('days'));
  const reasonLength = watch('reason')?.length ?? 0;
  const currentEnd = subscription.current_period_end;
  const hasRunningPeriod = currentEnd !== null && new Date(currentEnd).getTime() > Date.now();

  const submit = handleSubmit((values) => {
    grant.reset();
    setDone(null);
    setPending(values);
  });

  const cancel = () => {
    setPending(null);
    grant.reset();
    // The confirmation goes away: give the focus back to the button that opened it.
    requestAnimationFrame(() => submitRef.current?.focus());
  };

  const confirm = () => {
    if (!pending) return;
    grant.mutate(pending, {
      onSuccess: (data) => {
        setPending(null);
        setDone({ days: pending.days, end: data.subscription.current_period_end });
        reset();
        onGranted?.();
      },
    });
  };

  const grantError = grant.isError ? (grant.error instanceof ApiError && grant.error.message ? grant.error.message : GRANT_FAILED) : null;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${ids}-title`} className="rounded-xl border border-slate-200 p-3 sm:p-5">
      <h3 id={`${ids}-title`} className="flex items-center gap-2 font-bold text-slate-900">
        <CalendarPlus className="size-4 text-brand-600" aria-hidden="true" />
        Tambah Akses
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        {hasRunningPeriod
          ? 'Hari ditambahkan setelah akhir periode yang sedang berjalan.'
          : 'Tidak ada periode yang berjalan: hari dihitung mulai sekarang.'}{' '}
        Alasan dicatat di riwayat hak akses.
      </p>

      <fieldset disabled={pending !== null || grant.isPending} className="mt-4 grid gap-4 sm:grid-cols-[10rem_1fr]">
        <FormField
          id={`${ids}-days`}
          label="Jumlah hari"
          error={errors.days?.message}
          hint={errors.days ? undefined : days !== null ? `Berlaku sampai ${formatJakartaDateTime(grantedPeriodEnd(currentEnd, days))}.` : '1–730 hari.'}
        >
          {(control) => <Input {...control} type="number" inputMode="numeric" min={1} max={730} step={1} placeholder="mis. 30" {...register('days')} />}
        </FormField>
        <FormField id={`${ids}-reason`} label="Alasan" error={errors.reason?.message} hint={errors.reason ? undefined : `${reasonLength}/${REASON_MAX}`}>
          {(control) => (
            <textarea
              {...control}
              rows={2}
              maxLength={REASON_MAX}
              placeholder="mis. Kompensasi gangguan layanan"
              className={fieldClass(!!errors.reason, 'h-auto min-h-11 py-2')}
              {...register('reason')}
            />
          )}
        </FormField>
      </fieldset>

      {pending ? (
        <div
          ref={confirmRef}
          tabIndex={-1}
          role="group"
          aria-labelledby={`${ids}-confirm`}
          className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-3 outline-none sm:p-4 focus-visible:ring-2 focus-visible:ring-brand-400"
        >
          <p id={`${ids}-confirm`} className="font-semibold text-slate-900">
            Tambah {pending.days} hari akses untuk {userName}?
          </p>
          <p className="mt-1 text-sm text-slate-700">
            Akses berlaku sampai <strong>{formatJakartaDateTime(grantedPeriodEnd(currentEnd, pending.days))}</strong>.
          </p>
          <p className="mt-1 text-sm break-words text-slate-700">Alasan: {pending.reason}</p>
          {grantError && (
            <Alert tone="error" className="mt-3">
              {grantError}
            </Alert>
          )}
          <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={cancel} disabled={grant.isPending}>
              Batal
            </Button>
            <Button onClick={confirm} loading={grant.isPending}>
              Ya, Tambah Akses
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-4 flex justify-end">
          <Button ref={submitRef} type="submit" className="max-sm:w-full">
            <CalendarPlus className="size-4" aria-hidden="true" />
            Tambah Akses
          </Button>
        </div>
      )}

      {done && (
        <Alert ref={doneRef} tone="success" className="mt-4">
          Akses ditambah {done.days} hari. Berlaku sampai {done.end ? formatJakartaDateTime(done.end) : '-'}.
        </Alert>
      )}
    </form>
  );
}
