import { paymentPagePath } from './payment-link';
import { ArrowLeft, CalendarDays, Clock, MapPin } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { RegistrationEvent } from '../../../../domain/events/contract';
import type { CreatedRegistration } from '../../../../domain/registrations/contract';
import { registrationOpenness, zonedDateTime } from '../../../../domain/registrations/openness';
import { Alert } from '../../../components/alert';
import { buttonClass } from '../../../components/button';
import { EventImage } from '../../../components/event-image';
import { PublicLayout } from '../../../components/public-layout';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { EventLoadError, eventLoadMessages, useRegistrationEvent, useWaitingOffer } from './registrations-api';
import { WaitingListCard, WaitingOfferBanner, waitingOfferError } from './waiting-list';
import { HoldCountdown } from './hold-countdown';
import { clearHeld, loadHeld, saveHeld, type HeldRegistration } from './registration-draft';

// The form (its code and the runner schema: ~14 KB gzip) is requested once the header photo (the page's
// largest paint) has been painted, or FORM_WAIT_MS after the header when the photo is slow: requested
// earlier, it competed with the photo for the network and the main thread, and /register was the one
// public page under Lighthouse's 95 (issue 12; decision 023). On a phone the form starts below the fold.
const FORM_WAIT_MS = 1000;
const paintTiming = typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes ?? []).includes('largest-contentful-paint');
const RegistrationForm = lazy(() => import('./registration-form').then((m) => ({ default: m.RegistrationForm })));

// The payment dialogs (and the dialog library under them) are needed only after a submit: loaded
// then, or as soon as the runner starts on the form, so the page itself stays light (issue 12).
const loadPaymentDialogs = () => import('./payment-dialogs');
const PlatformRedirectDialog = lazy(() => loadPaymentDialogs().then((m) => ({ default: m.PlatformRedirectDialog })));
const SelfManagedPaymentDialog = lazy(() => loadPaymentDialogs().then((m) => ({ default: m.SelfManagedPaymentDialog })));
let dialogsRequested = false;
function preloadPaymentDialogs() {
  if (dialogsRequested) return;
  dialogsRequested = true;
  void loadPaymentDialogs().catch(() => {
    dialogsRequested = false;
  });
}

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
  const eventKey = event._id || event.eventId;
  const [created, setCreated] = useState<CreatedRegistration | null>(null);
  // The registration this tab made and has not paid yet (kept in the tab's session): after a
  // cancelled redirect, a closed dialog, a failed payment or a reload, the way back to paying it.
  const [held, setHeld] = useState<HeldRegistration | null>(() => loadHeld(eventKey));
  // The last answer of this visit: what the self-managed dialog shows when it is opened again.
  const [lastCreated, setLastCreated] = useState<CreatedRegistration | null>(null);
  const openness = registrationOpenness(event);
  // A 'Daftar Tunggu' claim link (?klaim=): the slot kept for this runner, the form pre-filled (decision 033).
  const [search] = useSearchParams();
  const claimToken = search.get('klaim');
  const offerQuery = useWaitingOffer(claimToken);
  const [offerOver, setOfferOver] = useState(false);
  const onOfferOver = useCallback(() => setOfferOver(true), []);
  const offer = offerQuery.data && offerQuery.data.eventCode === event.code && !offerOver ? { ...offerQuery.data, token: claimToken! } : null;
  const formOpen = openness.state === 'open' || (openness.state === 'full' && offer !== null);
  const when = zonedDateTime(new Date(event.eventDate), event.timezone);
  const [formWanted, setFormWanted] = useState(false);
  // Without paint timing (Safari): two frames after the photo is decoded, the first one paints it.
  const photoReady = paintTiming ? undefined : () => requestAnimationFrame(() => requestAnimationFrame(() => setFormWanted(true)));
  useEffect(() => {
    const timer = setTimeout(() => setFormWanted(true), FORM_WAIT_MS);
    // The browser reports the photo's paint as the page's largest paint (buffered: also when it came first).
    const observer = paintTiming
      ? new PerformanceObserver((list) => {
          if (list.getEntries().some((entry) => (entry as PerformanceEntry & { element?: Element | null }).element?.tagName === 'IMG')) setFormWanted(true);
        })
      : null;
    observer?.observe({ type: 'largest-contentful-paint', buffered: true });
    return () => {
      clearTimeout(timer);
      observer?.disconnect();
    };
  }, []);

  function onRegistered(registration: CreatedRegistration) {
    const kept: HeldRegistration = {
      registrationId: registration.registration.registrationId,
      paymentUrl: registration.payment_url,
      expiresAt: registration.registration.expiresAt,
    };
    saveHeld(eventKey, kept);
    setHeld(kept);
    setLastCreated(registration);
    setCreated(registration);
  }

  return (
    <article className="space-y-8">
      <header className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <EventImage src={event.headerImage} priority onSettled={photoReady} width={1600} height={700} className="aspect-[16/7] w-full bg-slate-100 object-cover" />
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

      {held && !created && (
        <HeldRegistrationAlert
          key={held.registrationId}
          held={held}
          title={
            held.paymentUrl
              ? `Pendaftaran ${held.registrationId} menunggu pembayaran.`
              : `Pendaftaran ${held.registrationId} menunggu konfirmasi pembayaran.`
          }
          onExpired={() => clearHeld(eventKey)}
        >
          {held.paymentUrl ? (
            <>
              Data Anda tetap tersimpan di formulir.{' '}
              <a href={held.paymentUrl} className="font-semibold underline">
                Coba bayar lagi
              </a>
            </>
          ) : lastCreated?.registration.registrationId === held.registrationId ? (
            <>
              Setelah membayar,{' '}
              <button type="button" className="font-semibold underline" onClick={() => setCreated(lastCreated)}>
                konfirmasi pembayaran
              </button>
              .
            </>
          ) : (
            <>
              Setelah membayar,{' '}
              <Link to={paymentPagePath(held.registrationId)} className="font-semibold underline">
                konfirmasi pembayaran
              </Link>
              .
            </>
          )}
        </HeldRegistrationAlert>
      )}

      {claimToken && offerQuery.isError && (
        <Alert tone="error" title="Tautan klaim tidak dapat dipakai">
          {waitingOfferError(offerQuery.error)}
        </Alert>
      )}
      {claimToken && offerQuery.data && <WaitingOfferBanner offer={offerQuery.data} timeZone={event.timezone} onExpired={onOfferOver} />}

      {claimToken && offerQuery.isPending ? (
        <FormLoading />
      ) : !formOpen ? (
        <Alert tone="info" title={openness.state === 'not_yet' ? 'Pendaftaran belum dibuka' : 'Pendaftaran ditutup'}>
          {openness.message}
        </Alert>
      ) : (
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8" onFocusCapture={preloadPaymentDialogs}>
          {formWanted ? (
            <Suspense fallback={<FormLoading />}>
              <RegistrationForm key={offer ? 'offer' : 'plain'} event={event} onRegistered={onRegistered} offer={offer} />
            </Suspense>
          ) : (
            <FormLoading />
          )}
        </div>
      )}

      {/* Full categories of an event still taking registrations: join their waiting list. */}
      {!offer && (openness.state === 'open' || openness.state === 'full') && <WaitingListCard event={event} />}

      <Suspense fallback={null}>
        {created && event.paymentType === 'self_managed' && <SelfManagedPaymentDialog event={event} created={created} onClose={() => setCreated(null)} />}
        {created && event.paymentType === 'platform' && <PlatformRedirectDialog created={created} onCancel={() => setCreated(null)} />}
      </Suspense>
    </article>
  );
}

/** A registration that holds a slot while the runner pays: the way back to it, and how long it lasts. */
function HeldRegistrationAlert({ held, title, children, onExpired }: { held: HeldRegistration; title: string; children: ReactNode; onExpired: () => void }) {
  const [over, setOver] = useState(false);
  return (
    <Alert tone="info" title={over ? `Waktu pembayaran pendaftaran ${held.registrationId} habis.` : title}>
      {/* With a deadline the countdown below says how long the slot is kept. */}
      {over ? (
        'Data Anda tetap tersimpan di formulir: kirim formulir lagi untuk mendaftar ulang.'
      ) : (
        <>
          {!held.expiresAt && 'Slot Anda disimpan sementara. '}
          {children}
        </>
      )}
      {held.expiresAt && (
        <HoldCountdown
          expiresAt={held.expiresAt}
          onExpired={() => {
            setOver(true);
            onExpired();
          }}
          className="mt-2"
        />
      )}
    </Alert>
  );
}

/** A screen tall at least: the footer starts below the fold while the event loads, not moved down when it shows (layout shift). */
function RegisterSkeleton() {
  return (
    <div role="status" aria-label="Memuat event" className="min-h-dvh animate-pulse space-y-6">
      <div className="aspect-[16/7] rounded-2xl bg-slate-200" />
      <div className="h-7 w-2/3 rounded bg-slate-200" />
      <div className="h-4 w-1/2 rounded bg-slate-100" />
      <div className="h-64 rounded-2xl bg-slate-100" />
    </div>
  );
}

/** Until the form's code is here (it is asked for once the header photo is drawn): its place kept, announced politely. */
function FormLoading() {
  return (
    <div role="status" className="flex min-h-64 items-center justify-center gap-3 text-sm text-slate-600">
      <span className="size-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" aria-hidden="true" />
      Memuat formulir pendaftaran...
    </div>
  );
}
