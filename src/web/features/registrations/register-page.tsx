import { ArrowLeft, CalendarDays, Clock, MapPin } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { RegistrationEvent } from '../../../domain/events/contract';
import type { CreatedRegistration } from '../../../domain/registrations/contract';
import { registrationOpenness, zonedDateTime } from '../../../domain/registrations/registration-form';
import { Alert } from '../../components/alert';
import { buttonClass } from '../../components/button';
import { EventImage } from '../../components/event-image';
import { PublicLayout } from '../../components/public-layout';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { EventLoadError, eventLoadMessages, useRegistrationEvent } from './registrations-api';
import { HoldCountdown } from './hold-countdown';
import { PlatformRedirectDialog, SelfManagedPaymentDialog } from './payment-dialogs';
import { RegistrationForm } from './registration-form';

/** Codes are letters, digits, underscore and hyphen (§2). */
const codePattern = /^[A-Za-z0-9_-]+$/;

/** /register/{code}: the runner registration form of one event (§2, §5). */
export function RegisterPage() {
  const { code } = useParams();
  const validCode = code && codePattern.test(code) ? code : undefined;
  const query = useRegistrationEvent(validCode);
  useDocumentMeta(query.data ? `Daftar ${query.data.name} | Derap` : 'Pendaftaran Event | Derap', 'Formulir pendaftaran event lari di Derap.');

  return (
    <PublicLayout>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        <Link to="/registration" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800">
          <ArrowLeft className="size-4" aria-hidden="true" /> Semua event
        </Link>
        <div className="mt-4">
          {!validCode ? (
            <LoadError message={eventLoadMessages.missing} />
          ) : query.isPending ? (
            <RegisterSkeleton />
          ) : query.isError ? (
            <LoadError message={query.error instanceof EventLoadError ? query.error.message : eventLoadMessages.malformed} />
          ) : (
            <EventRegistration event={query.data} />
          )}
        </div>
      </div>
    </PublicLayout>
  );
}

function LoadError({ message }: { message: string }) {
  return (
    <Alert tone="error" title={message}>
      <Link to="/registration" className={buttonClass('outline', 'sm', 'mt-2')}>
        Kembali ke daftar event
      </Link>
    </Alert>
  );
}

function EventRegistration({ event }: { event: RegistrationEvent }) {
  const [created, setCreated] = useState<CreatedRegistration | null>(null);
  const [canceledPayment, setCanceledPayment] = useState<CreatedRegistration | null>(null);
  // A self-managed registration whose dialog was closed before confirming: its slot is held, so the
  // runner must be able to come back to it rather than register (and hold a slot) twice.
  const [unconfirmed, setUnconfirmed] = useState<CreatedRegistration | null>(null);
  const openness = registrationOpenness(event);
  const when = zonedDateTime(new Date(event.eventDate), event.timezone);

  return (
    <article className="space-y-8">
      <header className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <EventImage src={event.headerImage} priority width={1600} height={700} className="aspect-[16/7] w-full bg-slate-100 object-cover" />
        <div className="p-5 sm:p-6">
          <h1 className="text-2xl leading-tight font-extrabold text-slate-900 sm:text-3xl">{event.name}</h1>
          <ul className="mt-3 space-y-1.5 text-sm text-slate-700">
            <li className="flex items-center gap-2">
              <CalendarDays className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
              {when.date}
            </li>
            <li className="flex items-center gap-2">
              <Clock className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
              Pukul {when.time} {when.offset}
            </li>
            <li className="flex items-start gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
              {event.location}
            </li>
          </ul>
          {event.description && <p className="mt-4 text-sm leading-relaxed whitespace-pre-line text-slate-700">{event.description}</p>}
        </div>
      </header>

      {canceledPayment?.payment_url && (
        <HeldRegistrationAlert created={canceledPayment} title={`Pendaftaran ${canceledPayment.registration.registrationId} menunggu pembayaran.`}>
          <a href={canceledPayment.payment_url} className="font-semibold underline">
            Lanjutkan pembayaran
          </a>
        </HeldRegistrationAlert>
      )}

      {unconfirmed && !created && (
        <HeldRegistrationAlert created={unconfirmed} title={`Pendaftaran ${unconfirmed.registration.registrationId} menunggu konfirmasi pembayaran.`}>
          Setelah membayar,{' '}
          <button type="button" className="font-semibold underline" onClick={() => setCreated(unconfirmed)}>
            konfirmasi pembayaran
          </button>
          .
        </HeldRegistrationAlert>
      )}

      {openness.state !== 'open' ? (
        <Alert tone="info" title={openness.state === 'not_yet' ? 'Pendaftaran belum dibuka' : 'Pendaftaran ditutup'}>
          {openness.message}
        </Alert>
      ) : (
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <RegistrationForm key={canceledPayment ? 'again' : 'first'} event={event} onRegistered={setCreated} />
        </div>
      )}

      {created && event.paymentType === 'self_managed' && <SelfManagedPaymentDialog
          event={event}
          created={created}
          onClose={() => {
            setUnconfirmed(created);
            setCreated(null);
          }}
        />}
      {created && event.paymentType === 'platform' && (
        <PlatformRedirectDialog
          created={created}
          onCancel={() => {
            setCanceledPayment(created);
            setCreated(null);
          }}
        />
      )}
    </article>
  );
}

/** A registration that holds a slot while the runner pays: the way back to it, and how long it lasts. */
function HeldRegistrationAlert({ created, title, children }: { created: CreatedRegistration; title: string; children: ReactNode }) {
  const [over, setOver] = useState(false);
  return (
    <Alert tone="info" title={over ? `Waktu pembayaran pendaftaran ${created.registration.registrationId} habis.` : title}>
      {/* With a deadline the countdown below says how long the slot is kept. */}
      {!over && (
        <>
          {!created.registration.expiresAt && 'Slot Anda disimpan sementara. '}
          {children}
        </>
      )}
      {created.registration.expiresAt && <HoldCountdown expiresAt={created.registration.expiresAt} onExpired={() => setOver(true)} className="mt-2" />}
    </Alert>
  );
}

function RegisterSkeleton() {
  return (
    <div role="status" aria-label="Memuat event" className="animate-pulse space-y-6">
      <div className="aspect-[16/7] rounded-2xl bg-slate-200" />
      <div className="h-7 w-2/3 rounded bg-slate-200" />
      <div className="h-4 w-1/2 rounded bg-slate-100" />
      <div className="h-64 rounded-2xl bg-slate-100" />
    </div>
  );
}
