import { Camera, Keyboard, WifiOff } from 'lucide-react';
import { Link } from 'react-router';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { formatRupiah } from '../../../../domain/shared/money';
import type { RegistrationJson } from '../../../../domain/registrations/contract';
import { racepackMessages, zonedDateTime } from '../../../../domain/registrations/runner-export';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { Button, buttonClass } from '../../../components/button';
import { cn } from '../../../components/cn';
import { Dialog } from '../../../components/dialog';
import { LoadingMessage } from '../../../components/query-state';
import { Spinner } from '../../../components/spinner';
import { PaymentStatusBadge } from '../management/registration-badges';
import { RacepackCard } from './racepack-card';
import { ScannerField } from './scanner-field';
import { collectRacepack, lookupRegistration, undoRacepack } from '../management/runner-data-api';

// The camera (and with it the QR decoder) loads only when someone picks the camera.
const CameraScanner = lazy(() => import('./camera-scanner').then((m) => ({ default: m.CameraScanner })));

export interface ScanQrDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

type Mode = 'scanner' | 'camera';

/** §8 scan lookup errors, in Indonesian (issue 13 item 8). */
function lookupErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return 'Pendaftaran tidak ditemukan.';
  return 'Terjadi kesalahan saat mengambil data pendaftaran.';
}

/** §8 racepack failure; a 409 carries the server's own reason (taken already, not paid). */
function racepackErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return error.message;
  return 'Gagal memperbarui status racepack. Silakan coba lagi.';
}

const dateTime = (iso: string) => {
  const t = zonedDateTime(new Date(iso));
  return `${t.date}, ${t.time} ${t.offset}`;
};

/**
 * 'Scan QR Pelari' (§2): a keyboard-style scanner input or the camera; shows the runner's whole
 * registration and hands out the racepack of a confirmed one.
 */
export function ScanQrDialog({ open, onOpenChange }: ScanQrDialogProps) {
  const [mode, setMode] = useState<Mode>('scanner');
  const [cameraOn, setCameraOn] = useState(true);
  const [value, setValue] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [lookupError, setLookupError] = useState<{ message: string; scanned: string } | null>(null);
  const [looking, setLooking] = useState(false);
  const [registration, setRegistration] = useState<RegistrationJson | null>(null);
  const [collectState, setCollectState] = useState<CollectState>(idle);
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = useRef(false);

  // Closing forgets the last runner, so the next desk session starts clean.
  useEffect(() => {
    if (!open) {
      setRegistration(null);
      setLookupError(null);
      setInputError(null);
      setValue('');
      setCollectState(idle);
    }
  }, [open]);

  async function lookup(raw: string) {
    const scanned = raw.trim();
    if (!scanned) {
      setInputError('Masukkan nilai QR code.');
      inputRef.current?.focus();
      return;
    }
    if (busy.current) return;
    busy.current = true;
    setInputError(null);
    setLookupError(null);
    setLooking(true);
    setCollectState(idle);
    // The field empties after every lookup: the next scan must not be appended to this one.
    setValue('');
    try {
      const { registration: found } = await lookupRegistration(scanned);
      setRegistration(found);
    } catch (error) {
      setRegistration(null);
      setLookupError({ message: lookupErrorMessage(error), scanned });
    } finally {
      busy.current = false;
      setLooking(false);
      if (mode === 'scanner') inputRef.current?.focus();
    }
  }

  async function handOut() {
    if (!registration) return;
    setCollectState({ ...idle, saving: true });
    try {
      const { registration: updated } = await collectRacepack(registration.registrationId);
      setRegistration(updated);
      setCollectState({ ...idle, done: true });
    } catch (error) {
      setCollectState({ ...idle, error: racepackErrorMessage(error) });
    }
  }

  async function takeBack() {
    if (!registration) return;
    setCollectState((s) => ({ ...s, undoing: true, error: null }));
    try {
      const { registration: updated } = await undoRacepack(registration.registrationId);
      setRegistration(updated);
      setCollectState({ ...idle, undone: true });
    } catch (error) {
      setCollectState((s) => ({ ...s, undoing: false, error: racepackErrorMessage(error) }));
    }
  }

  return (
    <Dialog
      open={open}
      initialFocus={inputRef}
      onOpenChange={onOpenChange}
      size="lg"
      title="Scan QR Pelari"
      description="Pindai QR code pelari saat pengambilan racepack."
      footer={
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Tutup
        </Button>
      }
    >
      <div className="space-y-4">
        <div role="group" aria-label="Cara memindai" className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
          <ModeButton active={mode === 'scanner'} onClick={() => setMode('scanner')} icon={<Keyboard className="size-4" aria-hidden="true" />}>
            Alat Pemindai
          </ModeButton>
          <ModeButton
            active={mode === 'camera'}
            onClick={() => {
              setMode('camera');
              setCameraOn(true);
            }}
            icon={<Camera className="size-4" aria-hidden="true" />}
          >
            Kamera
          </ModeButton>
        </div>

        {mode === 'scanner' ? (
          <ScannerField
            ref={inputRef}
            value={value}
            onValueChange={(next) => {
              setValue(next);
              if (inputError) setInputError(null);
            }}
            onScan={(scanned) => void lookup(scanned)}
            error={inputError}
            looking={looking}
            placeholder="Arahkan scanner ke QR, atau ketik ID pendaftaran"
            hint="Scanner USB/Bluetooth mengetik kode lalu menekan Enter secara otomatis."
          />
        ) : (
          <Suspense
            fallback={
              <div className="flex aspect-square w-full items-center justify-center rounded-xl bg-slate-950 text-white sm:aspect-[4/3]">
                <Spinner className="size-7" label="Memuat kamera..." />
              </div>
            }
          >
            <CameraScanner
              scanning={open && cameraOn}
              onToggleScanning={() => setCameraOn((on) => !on)}
              onScan={(scanned) => void lookup(scanned)}
              className="mx-auto max-w-md"
            />
            {looking && (
              <LoadingMessage variant="inline" className="justify-center">
                Mencari pendaftaran...
              </LoadingMessage>
            )}
          </Suspense>
        )}

        {lookupError && (
          <Alert tone="error">
            <p>{lookupError.message}</p>
            <p className="mt-0.5 font-mono text-xs break-all opacity-80">Kode: {lookupError.scanned}</p>
          </Alert>
        )}

        {registration && (
          <RunnerCard registration={registration} collect={collectState} onCollect={() => void handOut()} onUndo={() => void takeBack()} />
        )}

        <div className="flex flex-col gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-slate-900">Sinyal di lokasi buruk?</span> Meja Racepack bekerja tanpa internet
            setelah data pelari diunduh ke perangkat.
          </p>
          <Link to="/desk" className={buttonClass('outline', 'md', 'shrink-0')}>
            <WifiOff className="size-4" aria-hidden="true" />
            Buka Meja Racepack
          </Link>
        </div>
      </div>
    </Dialog>
  );
}

function ModeButton({ active, onClick, icon, children }: { active: boolean; onClick(): void; icon: ReactNode; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'flex h-10 items-center justify-center gap-2 rounded-lg text-sm font-semibold transition-colors focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none',
        active ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
      )}
    >
      {icon}
      {children}
    </button>
  );
}

/** The hand-over on the card: being saved, its error, just done, being taken back, just taken back. */
interface CollectState {
  saving: boolean;
  error: string | null;
  done: boolean;
  undoing: boolean;
  undone: boolean;
}
const idle: CollectState = { saving: false, error: null, done: false, undoing: false, undone: false };

function RunnerCard({
  registration: r,
  collect,
  onCollect,
  onUndo,
}: {
  registration: RegistrationJson;
  collect: CollectState;
  onCollect(): void;
  onUndo(): void;
}) {
  const d = r.runnerData;
  return (
    <RacepackCard
      name={d.fullName}
      registrationId={r.registrationId}
      bib={d.bibName}
      bibNumber={r.bibNumber}
      category={r.categoryName}
      size={d.tshirtSize}
      status={r.status}
      takenNote={r.racepackCollectedAt ? racepackMessages.alreadyCollected(new Date(r.racepackCollectedAt)) : null}
      justCollected={collect.done}
      error={collect.error}
      collecting={collect.saving}
      onCollect={onCollect}
      onUndo={onUndo}
      undoing={collect.undoing}
      justUndone={collect.undone}
      details={
        <div className="space-y-4">
          <FieldGroup title="Data Pelari">
            <Field label="Nama Lengkap" value={d.fullName} />
            <Field label="Email" value={d.email} breakAll />
            <Field label="No. HP" value={d.phone} />
            <Field label="Golongan Darah" value={d.bloodType} />
            <Field label="Komunitas" value={d.community} />
            <Field label="Jenis Kelamin" value={d.sex} />
            <Field label="Tanggal Lahir" value={d.dob} />
            <Field label="Identitas" value={`${d.identityType} · ${d.identityNo}`} />
            <Field label="Kontak Darurat" value={d.emergencyName} />
            <Field label="No. Kontak Darurat" value={d.emergencyContact} />
            <Field label="Catatan Medis" value={d.medicalNotes} wide />
          </FieldGroup>
          <FieldGroup title="Event">
            <Field label="ID Event" value={r.eventId} breakAll />
            <Field label="Nama Event" value={r.eventName} />
            <Field label="Dibuat" value={dateTime(r.createdAt)} />
            <Field label="Diperbarui" value={dateTime(r.updatedAt)} />
          </FieldGroup>
          <FieldGroup title="Pembayaran">
            <Field label="Status Pembayaran" value={<PaymentStatusBadge status={r.payment.status} />} />
            <Field label="Jumlah" value={formatRupiah(r.payment.amount)} />
          </FieldGroup>
        </div>
      }
    />
  );
}

function FieldGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="mb-2 text-xs font-bold tracking-wide text-slate-500 uppercase">{title}</h3>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">{children}</dl>
    </div>
  );
}

function Field({ label, value, wide, breakAll }: { label: string; value: ReactNode; wide?: boolean; breakAll?: boolean }) {
  return (
    <div className={cn('min-w-0 max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:gap-3', wide && 'sm:col-span-2')}>
      <dt className="shrink-0 text-xs text-slate-500">{label}</dt>
      <dd className={cn('text-sm font-medium text-slate-900 max-sm:text-right', breakAll ? 'break-all' : 'break-words')}>{value}</dd>
    </div>
  );
}
