import { zodResolver } from '@hookform/resolvers/zod';
import { HandCoins, History, Mail, Pencil, XCircle } from 'lucide-react';
import { forwardRef, useId, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { BIB_NAME_MAX, bloodTypes, tshirtSizes } from '../../../../domain/registrations/registrations';
import { isPaymentOptionKey, paymentTypeOf, refundableThroughGateway } from '../../../../domain/payments/payments';
import type { RegistrationJson } from '../../../../domain/registrations/contract';
import {
  cancelRegistrationBodySchema,
  CANCEL_REASON_MAX,
  correctableFieldLabels,
  managementMessages,
  registrationCorrectionSchema,
  type CorrectableField,
} from '../../../../domain/registrations/management';
import { zonedDateTime } from '../../../../domain/registrations/runner-export';
import { formatRupiah } from '../../../../domain/shared/money';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { cn } from '../../../components/cn';
import { Dialog } from '../../../components/dialog';
import { FormField } from '../../../components/form-field';
import { fieldClass, Input, Select } from '../../../components/input';
import { MenuButton, type MenuButtonItem } from '../../../components/menu-button';
import { ErrorRetry, LoadingMessage } from '../../../components/query-state';
import { useToast } from '../../../components/toast';
import { useCurrentUser } from '../../../lib/session';
import {
  managementErrorMessage,
  useCancelRegistration,
  useCorrectRegistration,
  useRegistrationHistory,
  useResendConfirmation,
  useSettleManualRefund,
} from './management-api';

export interface RegistrationActionsProps {
  registration: RegistrationJson;
  /** The event's _id (or slug) the Data Pelari view was opened with. */
  eventKey: string;
  eventName: string;
}

const cancelable = new Set<RegistrationJson['status']>(['pending', 'awaiting_verification', 'confirmed']);
const confirmed = new Set<RegistrationJson['status']>(['confirmed', 'racepack_collected']);

const when = (iso: string) => {
  const t = zonedDateTime(new Date(iso));
  return `${t.date} pukul ${t.time} ${t.offset}`;
};

/**
 * The organizer's actions on one registration in Data Pelari (issue 13 item 2): cancel (refund or
 * not, reason), resend the confirmation mail, correct the runner's data with its history, and mark a
 * manual refund as paid back. Rendered by the table row and the phone card alike.
 */
export function RegistrationActions({ registration: r, eventName }: RegistrationActionsProps) {
  const [open, setOpen] = useState<'cancel' | 'correct' | null>(null);
  const toast = useToast();
  const resend = useResendConfirmation();
  const settle = useSettleManualRefund();
  const name = r.runnerData.fullName;
  const isAdmin = useCurrentUser().data?.role === 'admin';
  const manualOwed = r.cancellation?.refund.mode === 'manual' && !r.cancellation.refund.settledAt;
  // Money Derap collected is Derap's to send back: only its admin marks it returned (decision 035).
  const maySettle = manualOwed && (!r.payment.platform || isAdmin);

  const items: MenuButtonItem[] = [{ label: 'Ubah Data', icon: Pencil, onSelect: () => setOpen('correct') }];
  if (confirmed.has(r.status)) {
    items.push({
      label: 'Kirim Ulang Email',
      icon: Mail,
      onSelect: () =>
        resend.mutate(r._id, {
          onSuccess: (res) => toast(res.message, 'success'),
          onError: (error) => toast(managementErrorMessage(error, 'Gagal mengirim ulang email. Periksa koneksi internet Anda lalu coba lagi.'), 'error'),
        }),
    });
  }
  if (maySettle) {
    items.push({
      label: 'Tandai Dana Dikembalikan',
      icon: HandCoins,
      onSelect: () =>
        settle.mutate(r._id, {
          onSuccess: (res) => toast(res.message, 'success'),
          onError: (error) => toast(managementErrorMessage(error), 'error'),
        }),
    });
  }
  if (cancelable.has(r.status)) items.push({ label: 'Batalkan Pendaftaran', icon: XCircle, tone: 'danger', onSelect: () => setOpen('cancel') });

  return (
    <>
      <MenuButton label={`Aksi untuk ${name}`} items={items} />
      {open === 'cancel' && (
        <CancelRegistrationDialog
          registration={r}
          eventName={eventName}
          onOpenChange={(o) => !o && setOpen(null)}
          onDone={(message) => {
            setOpen(null);
            toast(message, 'success');
          }}
        />
      )}
      {open === 'correct' && (
        <CorrectDataDialog
          registration={r}
          onOpenChange={(o) => !o && setOpen(null)}
          onDone={(message) => {
            setOpen(null);
            toast(message, 'success');
          }}
        />
      )}
    </>
  );
}

interface DialogProps {
  registration: RegistrationJson;
  onOpenChange(open: boolean): void;
  onDone(message: string): void;
}

/* ------------------------------------------------------------------ cancel */

const cancelForm = z.object({ reason: cancelRegistrationBodySchema.shape.reason, refund: z.enum(['yes', 'no'], { error: 'Pilih apakah dana dikembalikan.' }) });

/** Whether money came in: what the refund choice is about. */
function paidAmount(r: RegistrationJson): number | null {
  if (r.status === 'confirmed') return r.payment.eventFee;
  // A self-managed proof awaiting verification may be real money already.
  if (r.status === 'awaiting_verification') return r.payment.eventFee;
  return null;
}

/** A platform payment whose method the gateway can refund (a bank transfer cannot be; unknown is tried). */
function gatewayCanRefund(r: RegistrationJson): boolean {
  const method = r.payment.method;
  return !method || !isPaymentOptionKey(method) || refundableThroughGateway(paymentTypeOf(method));
}

function CancelRegistrationDialog({ registration: r, eventName, onOpenChange, onDone }: DialogProps & { eventName: string }) {
  const id = useId();
  const cancel = useCancelRegistration();
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const paid = paidAmount(r);
  // Paid by bank transfer through Derap: only a cancellation without an automatic refund is possible here.
  const noAutoRefund = paid !== null && r.payment.platform && !gatewayCanRefund(r);
  const amount = noAutoRefund ? null : paid;
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<z.input<typeof cancelForm>, unknown, z.output<typeof cancelForm>>({
    resolver: zodResolver(cancelForm),
    defaultValues: { reason: '', refund: amount === null ? 'no' : undefined },
  });
  const reason = watch('reason') ?? '';
  const refund = watch('refund') === 'yes';

  const submit = handleSubmit(() => setStep('confirm'));
  const go = handleSubmit((values) =>
    cancel.mutate({ id: r._id, reason: values.reason, refund: values.refund === 'yes' }, { onSuccess: (res) => onDone(res.message) }),
  );

  const refundText =
    amount === null
      ? null
      : r.payment.platform
        ? {
            yes: `Ya, kembalikan ${formatRupiah(amount)} ke pelari`,
            yesNote: `Dikembalikan otomatis melalui layanan pembayaran ke metode yang dipakai pelari. Biaya admin ${formatRupiah(r.payment.adminFee)} tidak dikembalikan.`,
          }
        : {
            yes: `Ya, saya kembalikan ${formatRupiah(amount)} secara manual`,
            yesNote: 'Pelari membayar langsung ke rekening Anda: kembalikan dananya sendiri, lalu tandai selesai di daftar refund manual.',
          };

  return (
    <Dialog
      open
      onOpenChange={(o) => {
        if (!o) cancel.reset();
        onOpenChange(o);
      }}
      size="md"
      title={step === 'form' ? 'Batalkan Pendaftaran' : 'Yakin membatalkan pendaftaran?'}
      description={`${r.runnerData.fullName} · ${r.registrationId}`}
      footer={
        step === 'form' ? (
          <>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Kembali
            </Button>
            <Button variant="danger" type="submit" form={`${id}-form`}>
              Lanjutkan
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={() => setStep('form')} disabled={cancel.isPending}>
              Ubah
            </Button>
            <Button variant="danger" loading={cancel.isPending} onClick={() => void go()}>
              Ya, Batalkan Pendaftaran
            </Button>
          </>
        )
      }
    >
      {step === 'form' ? (
        <form id={`${id}-form`} noValidate onSubmit={(e) => void submit(e)} className="space-y-4 text-sm text-slate-700">
          <p>
            Pendaftaran {r.categoryName} di {eventName} dibatalkan, slotnya dilepas untuk pelari lain, dan alasan Anda dikirim ke{' '}
            <span className="break-all">{r.runnerData.email}</span>.
          </p>
          <FormField id={`${id}-reason`} label="Alasan pembatalan" mark="required" error={errors.reason?.message} hint={`${reason.length}/${CANCEL_REASON_MAX}`}>
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={CANCEL_REASON_MAX}
                placeholder="mis. Pelari mengundurkan diri karena cedera."
                className={fieldClass(!!errors.reason, 'h-auto py-2')}
                {...register('reason')}
              />
            )}
          </FormField>
          {refundText ? (
            <fieldset aria-describedby={errors.refund ? `${id}-refund-error` : undefined}>
              <legend className="text-sm font-semibold text-slate-800">
                Pengembalian dana<span aria-hidden="true" className="text-red-600"> *</span>
              </legend>
              <div className="mt-2 space-y-2">
                <Choice id={`${id}-refund-yes`} value="yes" label={refundText.yes} note={refundText.yesNote} {...register('refund')} />
                <Choice id={`${id}-refund-no`} value="no" label="Tidak, batalkan tanpa pengembalian dana" note="Dana pelari tidak dikembalikan." {...register('refund')} />
              </div>
              {errors.refund && (
                <p id={`${id}-refund-error`} className="mt-1 text-sm text-red-700">
                  {errors.refund.message}
                </p>
              )}
            </fieldset>
          ) : noAutoRefund ? (
            <Alert tone="info">{managementMessages.refundNotSupported}</Alert>
          ) : (
            <Alert tone="info">Pelari belum membayar, jadi tidak ada dana yang dikembalikan.</Alert>
          )}
        </form>
      ) : (
        <div className="space-y-3 text-sm text-slate-700">
          <dl className="space-y-2 rounded-xl bg-slate-50 p-3">
            <div>
              <dt className="text-slate-600">Alasan</dt>
              <dd className="font-medium break-words text-slate-900">{reason}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Pengembalian dana</dt>
              <dd className="font-medium text-slate-900">
                {amount !== null && refund
                  ? r.payment.platform
                    ? `${formatRupiah(amount)} dikembalikan melalui layanan pembayaran`
                    : `${formatRupiah(amount)} Anda kembalikan secara manual`
                  : 'Tidak ada'}
              </dd>
            </div>
          </dl>
          <p>Tindakan ini tidak dapat diurungkan: kode QR pelari tidak berlaku lagi dan pelari menerima email pembatalan.</p>
          {cancel.isError && <Alert tone="error">{managementErrorMessage(cancel.error, 'Gagal membatalkan pendaftaran. Periksa koneksi internet Anda lalu coba lagi.')}</Alert>}
        </div>
      )}
    </Dialog>
  );
}

type ChoiceProps = { id: string; value: string; label: string; note: string } & Omit<UseFormRegisterReturn, 'ref'>;

// forwardRef, not a `ref` prop: the browser build's renderer (Preact, decision 023) passes no `ref`
// to function components, and react-hook-form reads a radio group's value through its refs.
const Choice = forwardRef<HTMLInputElement, ChoiceProps>(function Choice({ id, value, label, note, ...field }, ref) {
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50/60 hover:bg-slate-50"
    >
      <input id={id} ref={ref} type="radio" value={value} className="mt-0.5 size-4 shrink-0 accent-brand-600" {...field} />
      <span>
        <span className="block font-semibold text-slate-900">{label}</span>
        <span className="block text-xs text-slate-600">{note}</span>
      </span>
    </label>
  );
});

/* ------------------------------------------------------------------ correct */

type CorrectionValues = z.input<typeof registrationCorrectionSchema>;

const textFields: { field: CorrectableField; type?: string; autoComplete?: string; inputMode?: 'tel' | 'email' }[] = [
  { field: 'email', type: 'email', inputMode: 'email' },
  { field: 'phone', type: 'tel', inputMode: 'tel' },
  { field: 'community' },
  { field: 'emergencyName' },
  { field: 'emergencyContact', type: 'tel', inputMode: 'tel' },
];

function CorrectDataDialog({ registration: r, onOpenChange, onDone }: DialogProps) {
  const id = useId();
  const correct = useCorrectRegistration();
  const d = r.runnerData;
  const blank = (v: string) => (v === '-' ? '' : v);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isDirty },
  } = useForm<CorrectionValues, unknown, z.output<typeof registrationCorrectionSchema>>({
    resolver: zodResolver(registrationCorrectionSchema),
    defaultValues: {
      bibName: d.bibName,
      tshirtSize: d.tshirtSize as CorrectionValues['tshirtSize'],
      bloodType: d.bloodType as CorrectionValues['bloodType'],
      email: d.email,
      phone: d.phone,
      community: blank(d.community),
      emergencyName: d.emergencyName,
      emergencyContact: d.emergencyContact,
      medicalNotes: blank(d.medicalNotes),
    },
  });
  const bib = watch('bibName') ?? '';
  const submit = handleSubmit((changes) => correct.mutate({ id: r._id, changes }, { onSuccess: (res) => onDone(res.message) }));
  const label = (f: CorrectableField) => correctableFieldLabels[f];

  return (
    <Dialog
      open
      onOpenChange={(o) => {
        if (!o) correct.reset();
        onOpenChange(o);
      }}
      size="lg"
      title="Ubah Data Pelari"
      description={`${d.fullName} · ${r.registrationId}`}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={correct.isPending}>
            Batal
          </Button>
          <Button type="submit" form={`${id}-form`} loading={correct.isPending} disabled={!isDirty}>
            Simpan Perubahan
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        <p className="text-sm text-slate-600">
          Nama, jenis kelamin, tanggal lahir dan nomor identitas tidak dapat diubah. Setiap perubahan dicatat beserta pengubah dan waktunya.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-bibName`} label={label('bibName')} error={errors.bibName?.message} hint={`${bib.length}/${BIB_NAME_MAX} karakter`}>
            {(control) => <Input {...control} autoComplete="off" {...register('bibName')} />}
          </FormField>
          <FormField id={`${id}-tshirtSize`} label={label('tshirtSize')} error={errors.tshirtSize?.message}>
            {(control) => (
              <Select {...control} {...register('tshirtSize')}>
                {tshirtSizes.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField id={`${id}-bloodType`} label={label('bloodType')} error={errors.bloodType?.message}>
            {(control) => (
              <Select {...control} {...register('bloodType')}>
                {bloodTypes.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          {textFields.map(({ field, type, inputMode }) => (
            <FormField key={field} id={`${id}-${field}`} label={label(field)} error={errors[field]?.message} mark={field === 'community' ? 'optional' : undefined}>
              {(control) => <Input {...control} type={type ?? 'text'} inputMode={inputMode} {...register(field)} />}
            </FormField>
          ))}
        </div>
        <FormField id={`${id}-medicalNotes`} label={label('medicalNotes')} mark="optional" error={errors.medicalNotes?.message}>
          {(control) => <textarea {...control} rows={2} className={fieldClass(!!errors.medicalNotes, 'h-auto py-2')} {...register('medicalNotes')} />}
        </FormField>
        {correct.isError && <Alert tone="error">{managementErrorMessage(correct.error)}</Alert>}
      </form>
      <ChangeHistory registrationId={r._id} />
    </Dialog>
  );
}

function ChangeHistory({ registrationId }: { registrationId: string }) {
  const history = useRegistrationHistory(registrationId, true);
  const changes = history.data?.changes ?? [];
  return (
    <section aria-labelledby={`history-${registrationId}`} className="mt-6 border-t border-slate-100 pt-4">
      <h3 id={`history-${registrationId}`} className="flex items-center gap-2 text-sm font-bold text-slate-900">
        <History className="size-4 text-slate-500" aria-hidden="true" />
        Riwayat Perubahan
      </h3>
      {history.isPending ? (
        <LoadingMessage>Memuat riwayat perubahan...</LoadingMessage>
      ) : history.isError ? (
        <ErrorRetry message="Riwayat perubahan gagal dimuat." onRetry={() => void history.refetch()} className="mt-2" />
      ) : changes.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Belum ada perubahan data.</p>
      ) : (
        <ol className="mt-2 space-y-2" data-testid="change-history">
          {changes.map((c) => (
            <li key={c._id} className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
              <p className="font-semibold text-slate-900">{correctableFieldLabels[c.field]}</p>
              <p className="break-words text-slate-700">
                <span className={cn(c.oldValue === '-' && 'text-slate-500')}>{c.oldValue}</span>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> diubah menjadi </span>
                <strong className="text-slate-900">{c.newValue}</strong>
              </p>
              <p className="text-xs text-slate-600">
                oleh {c.changedBy.name}, {when(c.changedAt)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
