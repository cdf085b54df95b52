import { paymentPagePath } from './payment-link';
import { ArrowRight, QrCode } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { registrationStatusLabels } from '../../../../domain/registrations/registrations';
import type { MyRegistration } from '../../../../domain/registrations/contract';
import { zonedDateTime } from '../../../../domain/registrations/openness';
import { Badge } from '../../../components/badge';
import { Button, buttonClass } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { ErrorRetry } from '../../../components/query-state';
import { useMyRegistrations } from './my-registrations-api';
import { RegistrationQr } from './registration-qr';

const paidStatuses: readonly MyRegistration['status'][] = ['confirmed', 'racepack_collected'];
const SHOWN = 3;

const statusTone: Record<MyRegistration['status'], 'green' | 'blue' | 'yellow' | 'gray' | 'red'> = {
  confirmed: 'green',
  racepack_collected: 'blue',
  pending: 'yellow',
  awaiting_verification: 'yellow',
  expired: 'gray',
  canceled: 'red',
};

/** Paid registrations: the events the runner takes part in (the card's number). */
export const joinedCount = (registrations: readonly MyRegistration[]) => registrations.filter((r) => paidStatuses.includes(r.status)).length;

/**
 * The dashboard's 'Event Diikuti' card body: how many events the runner has joined (paid
 * registrations, made while signed in or with the account's email), the current ones with their
 * status, the QR code of a paid one in a dialog, and the way to pay an unpaid one.
 */
export function MyRegistrationsCard() {
  const query = useMyRegistrations();
  const [all, setAll] = useState(false);
  const [qrOf, setQrOf] = useState<MyRegistration | null>(null);

  if (query.isPending) {
    return (
      <div role="status" aria-label="Memuat event yang diikuti" className="animate-pulse space-y-3">
        <div className="h-10 w-12 rounded bg-slate-200" />
        <div className="h-4 w-3/4 rounded bg-slate-100" />
        <div className="h-12 rounded-xl bg-slate-100" />
      </div>
    );
  }
  if (query.isError) return <ErrorRetry message="Gagal memuat event yang diikuti." onRetry={() => void query.refetch()} />;

  // Ended registrations (expired, canceled) are history, not events the runner is in.
  const current = query.data.filter((r) => r.status !== 'expired' && r.status !== 'canceled');
  const count = joinedCount(query.data);
  const shown = all ? current : current.slice(0, SHOWN);

  return (
    <>
      <p className="text-4xl font-extrabold text-slate-900" aria-describedby="events-card-text" data-testid="joined-count">
        {count.toLocaleString('id-ID')}
      </p>
      <p id="events-card-text" className="mt-1 text-sm text-slate-600">
        {count === 0 ? (current.length === 0 ? 'Kamu belum mengikuti event lari apa pun.' : 'Belum ada pendaftaran yang lunas.') : 'event lari yang kamu ikuti.'}
      </p>
      {shown.length > 0 && (
        <ul className="mt-4 space-y-2" aria-label="Pendaftaran kamu">
          {shown.map((r) => (
            <RegistrationRow key={r.registrationId} registration={r} onShowQr={() => setQrOf(r)} />
          ))}
        </ul>
      )}
      {current.length > SHOWN && (
        <button type="button" className="mt-2 text-sm font-semibold text-brand-700 underline" onClick={() => setAll((v) => !v)}>
          {all ? 'Tampilkan lebih sedikit' : `Lihat semua (${current.length.toLocaleString('id-ID')})`}
        </button>
      )}
      <Link to="/registration" className={buttonClass('outline', 'sm', 'mt-4')}>
        Cari Event Lari
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
      {qrOf?.qrToken && (
        <Dialog open onOpenChange={(open) => !open && setQrOf(null)} title="Kode QR Racepack" description={`${qrOf.event.name} · ${qrOf.categoryName}`} size="sm">
          <RegistrationQr value={qrOf.qrToken} registrationId={qrOf.registrationId} />
          <dl className="mt-4 space-y-1 text-sm">
            {qrOf.bibNumber && (
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">Nomor BIB</dt>
                <dd className="font-mono text-base font-extrabold text-slate-900" data-testid="bib-number">
                  {qrOf.bibNumber}
                </dd>
              </div>
            )}
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Nama BIB</dt>
              <dd className="font-semibold text-slate-900">{qrOf.bibName}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Ukuran Kaos</dt>
              <dd className="font-semibold text-slate-900">{qrOf.tshirtSize}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">ID Pendaftaran</dt>
              <dd className="font-mono font-semibold break-all text-slate-900">{qrOf.registrationId}</dd>
            </div>
          </dl>
          <p className="mt-3 text-xs text-slate-600">Tunjukkan kode QR ini kepada panitia saat mengambil racepack.</p>
        </Dialog>
      )}
    </>
  );
}

function RegistrationRow({ registration: r, onShowQr }: { registration: MyRegistration; onShowQr: () => void }) {
  const date = zonedDateTime(new Date(r.event.eventDate), r.event.timezone).date;
  const payLink =
    r.status === 'pending'
      ? r.event.paymentType === 'self_managed'
        ? paymentPagePath(r.registrationId, r.paymentKey)
        : `/register/${encodeURIComponent(r.event.code)}`
      : r.status === 'awaiting_verification'
        ? paymentPagePath(r.registrationId, r.paymentKey)
        : null;
  return (
    <li className="rounded-xl border border-slate-200 p-3">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 text-sm font-semibold break-words text-slate-900">{r.event.name}</p>
        <Badge tone={statusTone[r.status]} className="shrink-0">
          {registrationStatusLabels[r.status]}
        </Badge>
      </div>
      <p className="mt-0.5 text-xs text-slate-600">
        {date} · {r.categoryName}
      </p>
      {r.qrToken && (
        <Button variant="outline" size="sm" className="mt-2" onClick={onShowQr} aria-label={`Lihat kode QR ${r.event.name}`}>
          <QrCode className="size-4" aria-hidden="true" />
          Lihat QR
        </Button>
      )}
      {payLink && (
        <Link to={payLink} className="mt-2 inline-block text-sm font-semibold text-brand-700 underline">
          {r.status === 'pending' ? 'Selesaikan pembayaran' : 'Lihat status pembayaran'}
        </Link>
      )}
    </li>
  );
}
