import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, CircleAlert, HandCoins, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { cancelEventBodySchema, CANCEL_NOTICE_MAX, type EventCancellation, type ManualRefund } from '../../../../domain/registrations/management';
import { formatRupiah } from '../../../../domain/shared/money';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { FormField } from '../../../components/form-field';
import { fieldClass } from '../../../components/input';
import { ErrorAlert, LoadingMessage } from '../../../components/query-state';
import { useToast } from '../../../components/toast';
import { useCurrentUser } from '../../../lib/session';
import { managementErrorMessage, useCancelEvent, useEventCancellation, useSettleManualRefund } from './management-api';

export interface CancelEventDialogProps {
  event: { _id: string; name: string };
  open: boolean;
  onOpenChange(open: boolean): void;
}

const number = (n: number) => n.toLocaleString('id-ID');

/**
 * 'Batalkan Event' (issue 13 item 1, decision 021): first what canceling does — the paid runners
 * and the refund total, the runners paid by hand, the unpaid holds — and the notice every runner
 * receives; a second confirmation; then the refunds' progress and the 'refund manual' list.
 */
export function CancelEventDialog({ event, open, onOpenChange }: CancelEventDialogProps) {
  const state = useEventCancellation(event._id, open);
  const canceled = state.data?.event.status === 'dibatalkan';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={canceled ? 'Pembatalan Event' : 'Batalkan Event'}
      description={event.name}
      footer={
        canceled || !state.isSuccess ? (
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Tutup
          </Button>
        ) : undefined
      }
    >
      {state.isPending ? (
        <LoadingMessage>Memuat data pelari event...</LoadingMessage>
      ) : state.isError ? (
        <ErrorAlert onRetry={() => void state.refetch()} retryLabel="Coba Lagi">
          <p>{managementErrorMessage(state.error, 'Gagal memuat data pelari event. Silakan coba lagi.')}</p>
        </ErrorAlert>
      ) : canceled ? (
        <CancellationProgress state={state.data} />
      ) : (
        <CancelEventForm state={state.data} eventId={event._id} onClose={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-xl font-extrabold text-slate-900">{value}</dd>
      <dd className="text-xs text-slate-600">{note}</dd>
    </div>
  );
}

function Summary({ state }: { state: EventCancellation }) {
  const { platformPaid, manualPaid, unpaid } = state.summary;
  return (
    <dl className="grid gap-2 sm:grid-cols-3" data-testid="cancel-event-summary">
      <Figure
        label="Dikembalikan otomatis"
        value={`${number(platformPaid.count)} pelari`}
        note={platformPaid.count ? `${formatRupiah(platformPaid.amount)} dikembalikan penuh melalui layanan pembayaran` : 'Tidak ada pembayaran online'}
      />
      <Figure
        label="Dikembalikan manual"
        value={`${number(manualPaid.count)} pelari`}
        note={manualPaid.count ? `${formatRupiah(manualPaid.amount)} dibayar langsung ke Anda atau lewat transfer bank (daftar refund manual)` : 'Tidak ada'}
      />
      <Figure label="Belum membayar" value={`${number(unpaid.count)} pelari`} note="Slot dilepas, pembayaran ditutup" />
    </dl>
  );
}

type Form = z.input<typeof cancelEventBodySchema>;

function CancelEventForm({ state, eventId, onClose }: { state: EventCancellation; eventId: string; onClose(): void }) {
  const id = useId();
  const toast = useToast();
  const cancel = useCancelEvent(eventId);
  const [confirming, setConfirming] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<Form, unknown, z.output<typeof cancelEventBodySchema>>({ resolver: zodResolver(cancelEventBodySchema), defaultValues: { notice: '' } });
  const notice = watch('notice') ?? '';
  const total = state.summary.platformPaid.count + state.summary.manualPaid.count + state.summary.unpaid.count;

  const next = handleSubmit(() => setConfirming(true));
  const go = handleSubmit((values) =>
    cancel.mutate(values, {
      onSuccess: () => toast('Event dibatalkan. Dana pelari dikembalikan dan pemberitahuan dikirim ke setiap pelari.', 'success'),
    }),
  );

  if (confirming) {
    return (
      <div className="space-y-4 text-sm text-slate-700">
        <Alert tone="error" title="Yakin membatalkan event ini?">
          <p>
            {state.summary.platformPaid.count > 0 ? (
              <>
                <strong>{number(state.summary.platformPaid.count)} pelari</strong> menerima pengembalian dana sebesar total{' '}
                <strong>{formatRupiah(state.summary.platformPaid.amount)}</strong>.{' '}
              </>
            ) : null}
            {state.summary.manualPaid.count > 0 ? (
              <>
                <strong>{number(state.summary.manualPaid.count)} pelari</strong> ({formatRupiah(state.summary.manualPaid.amount)}) dikembalikan secara manual.{' '}
              </>
            ) : null}
            {total > 0 ? `${number(total)} pelari menerima email pemberitahuan. ` : 'Belum ada pelari terdaftar. '}
            Pendaftaran ditutup dan pembatalan tidak dapat diurungkan.
          </p>
        </Alert>
        <div className="rounded-xl bg-slate-50 p-3">
          <p className="text-slate-600">Pemberitahuan untuk pelari</p>
          <p className="mt-1 font-medium break-words whitespace-pre-line text-slate-900">{notice}</p>
        </div>
        {cancel.isError && <Alert tone="error">{managementErrorMessage(cancel.error, 'Gagal membatalkan event. Periksa koneksi internet Anda lalu coba lagi.')}</Alert>}
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-3">
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
            Ubah
          </Button>
          <Button variant="danger" loading={cancel.isPending} onClick={() => void go()}>
            Ya, Batalkan Event
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(e) => void next(e)} className="space-y-4 text-sm text-slate-700">
      <Summary state={state} />
      <FormField
        id={`${id}-notice`}
        label="Pemberitahuan untuk pelari"
        mark="required"
        error={errors.notice?.message}
        hint={`Dikirim lewat email ke setiap pelari. ${notice.length}/${CANCEL_NOTICE_MAX}`}
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={CANCEL_NOTICE_MAX}
            placeholder="mis. Karena cuaca ekstrem, event ditiadakan. Seluruh biaya pendaftaran dikembalikan."
            className={fieldClass(!!errors.notice, 'h-auto py-2')}
            {...register('notice')}
          />
        )}
      </FormField>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-3">
        <Button variant="outline" onClick={onClose}>
          Kembali
        </Button>
        <Button variant="danger" type="submit">
          Lanjutkan
        </Button>
      </div>
    </form>
  );
}

function CancellationProgress({ state }: { state: EventCancellation }) {
  const progress = state.progress;
  const running = progress?.state === 'running';
  return (
    <div className="space-y-4 text-sm text-slate-700">
      {progress?.state === 'done' ? (
        <Alert tone="success" title="Pembatalan selesai">
          Semua pendaftaran dibatalkan{progress.refunded.count ? ` dan ${formatRupiah(progress.refunded.amount)} dikembalikan ke ${number(progress.refunded.count)} pelari` : ''}.
        </Alert>
      ) : (
        <div role="status" className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3">
          {running ? <Loader2 className="mt-0.5 size-4 shrink-0 animate-spin text-amber-700" aria-hidden="true" /> : <CircleAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />}
          <div>
            <p className="font-semibold text-amber-900">
              {running ? 'Pengembalian dana sedang diproses' : 'Sebagian pengembalian dana belum berhasil'}: {number(progress?.remaining ?? 0)} pendaftaran tersisa.
            </p>
            <p className="text-amber-900">
              {formatRupiah(progress?.refunded.amount ?? 0)} sudah dikembalikan ke {number(progress?.refunded.count ?? 0)} pelari.
              {progress && progress.failedRefunds > 0 && ' Pengembalian yang ditolak layanan pembayaran dicoba lagi otomatis.'}
            </p>
          </div>
        </div>
      )}
      {state.event.notice && (
        <div className="rounded-xl bg-slate-50 p-3">
          <p className="text-slate-600">Pemberitahuan yang dikirim</p>
          <p className="mt-1 font-medium break-words whitespace-pre-line text-slate-900">{state.event.notice}</p>
        </div>
      )}
      <ManualRefunds list={state.manualRefunds} />
    </div>
  );
}

function ManualRefunds({ list }: { list: ManualRefund[] }) {
  const settle = useSettleManualRefund();
  const toast = useToast();
  const isAdmin = useCurrentUser().data?.role === 'admin';
  if (list.length === 0) return null;
  const owed = list.filter((r) => !r.settledAt);
  return (
    <section aria-labelledby="manual-refunds-title" data-testid="manual-refunds">
      <h3 id="manual-refunds-title" className="flex items-center gap-2 font-bold text-slate-900">
        <HandCoins className="size-4 text-slate-500" aria-hidden="true" />
        Refund manual ({number(owed.length)} belum selesai)
      </h3>
      <p className="mt-1 text-xs text-slate-600">
        Pembayaran langsung ke rekening Anda dikembalikan oleh Anda; pembayaran transfer bank melalui Derap dikembalikan oleh admin Derap. Tandai
        selesai setelah dana diterima pelari.
      </p>
      <ul className="mt-2 space-y-2">
        {list.map((r) => (
          <li key={r._id} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-slate-200 px-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-slate-900">{r.fullName}</p>
              <p className="truncate text-xs text-slate-600">
                {r.categoryName} · <span className="font-mono">{r.registrationId}</span> · {r.phone}
              </p>
              <p className="text-xs text-slate-600">{r.platform ? 'Transfer bank melalui Derap' : 'Dibayar langsung ke Anda'}</p>
            </div>
            <p className="font-bold whitespace-nowrap text-slate-900">{formatRupiah(r.amount)}</p>
            {r.settledAt ? (
              <span className="inline-flex items-center gap-1 text-xs font-semibold text-green-700">
                <CheckCircle2 className="size-4" aria-hidden="true" /> Selesai
              </span>
            ) : r.platform && !isAdmin ? (
              // Derap collected it, so Derap's admin sends it back and marks it (decision 035).
              <span className="text-xs font-semibold text-amber-700">Dikembalikan oleh admin Derap</span>
            ) : (
              <Button
                size="sm"
                variant="outline"
                loading={settle.isPending && settle.variables === r._id}
                onClick={() =>
                  settle.mutate(r._id, {
                    onSuccess: (res) => toast(res.message, 'success'),
                    onError: (error) => toast(managementErrorMessage(error), 'error'),
                  })
                }
              >
                Tandai Selesai<span className="sr-only"> untuk {r.fullName}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
