import { AlertTriangle, ChevronDown, PackageCheck, Undo2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { RegistrationStatus } from '../../../../domain/registrations/registrations';
import { RACEPACK_UNDO_SECONDS, racepackMessages } from '../../../../domain/registrations/runner-export';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { cn } from '../../../components/cn';
import { Dialog } from '../../../components/dialog';
import { RegistrationStatusBadge } from '../management/registration-badges';

export interface RacepackCardProps {
  name: string;
  registrationId: string;
  /** The BIB name the runner chose. */
  bib: string;
  /** The bib number ('10K-0231'); null: none given. */
  bibNumber: string | null;
  category: string;
  size: string;
  status: RegistrationStatus;
  /** When (and by which desk) the racepack was taken, as a sentence. */
  takenNote?: string | null;
  /** The racepack was just taken by this desk. */
  justCollected?: boolean;
  /** Another scan took it first (a desk's sync answer): shown as a warning. */
  warning?: string | null;
  error?: string | null;
  collecting?: boolean;
  /** Called once the volunteer confirmed the hand-over in the card's dialog. */
  onCollect?(): void;
  /** 'Urungkan': offered for RACEPACK_UNDO_SECONDS after this card's own hand-over. */
  onUndo?(): void;
  undoing?: boolean;
  /** The hand-over was just taken back. */
  justUndone?: boolean;
  /** Everything else about the runner, behind a tap ('Data lengkap'). */
  details?: ReactNode;
  /** A note under the button (e.g. 'Disimpan di perangkat, menunggu sinkronisasi'). */
  footnote?: ReactNode;
  className?: string;
  /** Extra attributes for tests and measurements. */
  dataAttributes?: Record<`data-${string}`, string>;
}

/**
 * The racepack card (issue 13 items 4 and 6, issue 28 §6): what the desk needs first — name, bib
 * number, BIB name, category, size, status and the big 'Racepack Diambil' button, which asks to
 * confirm naming the runner and bib — and the runner's other data behind a tap. Right after its own
 * hand-over it offers 'Urungkan' for a few seconds.
 */
export function RacepackCard(props: RacepackCardProps) {
  const { name, registrationId, bib, bibNumber, category, size, status, takenNote, justCollected, warning, error, collecting, onCollect, details, footnote, className, dataAttributes } = props;
  const { onUndo, undoing, justUndone } = props;
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const undoLeft = useUndoCountdown(Boolean(justCollected && onUndo && status === 'racepack_collected'), registrationId);
  const detailsId = useId();
  const section = useRef<HTMLElement>(null);
  const answer = useRef<HTMLDivElement>(null);
  // A new runner: bring the card into view (on a phone it starts below the scanner) and fold the details.
  useEffect(() => {
    setOpen(false);
    section.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [registrationId]);
  // Again once 'Urungkan' shows (a render later): it belongs to the answer.
  const undoShown = undoLeft > 0;
  useEffect(() => {
    if (justCollected || warning || justUndone) answer.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [justCollected, warning, justUndone, undoShown]);

  return (
    <section
      ref={section}
      aria-label={`Racepack ${name}`}
      data-testid="runner-card"
      {...dataAttributes}
      className={cn('rounded-2xl border border-slate-200 bg-white shadow-sm', className)}
    >
      <header className="flex items-start justify-between gap-3 px-4 pt-4">
        <div className="min-w-0">
          <p className="text-xl leading-tight font-bold break-words text-slate-900">{name}</p>
          <p className="mt-0.5 font-mono text-xs text-slate-600">{registrationId}</p>
        </div>
        <RegistrationStatusBadge status={status} />
      </header>

      <dl className="grid grid-cols-2 gap-2 px-4 pt-3 sm:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,0.7fr)]">
        <Fact label="Nomor BIB" value={bibNumber ?? ''} strong mono testId="card-bib-number" />
        <Fact label="Nama BIB" value={bib} />
        <Fact label="Kategori" value={category} />
        <Fact label="Ukuran" value={size} strong />
      </dl>

      <div ref={answer} className="space-y-2 px-4 pt-3 empty:hidden">
        {warning && (
          <div role="alert" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-semibold">Perhatian: dipindai di dua tempat</p>
              <p>{warning}</p>
            </div>
          </div>
        )}
        {!warning && status === 'racepack_collected' && (
          <Alert tone={justCollected ? 'success' : 'info'} title={justCollected ? 'Racepack berhasil diambil.' : 'Racepack sudah diambil.'}>
            {takenNote}
          </Alert>
        )}
        {justUndone && status === 'confirmed' && <Alert tone="info">{racepackMessages.undone}</Alert>}
        {status === 'pending' && <Alert tone="error">{racepackMessages.unpaid}</Alert>}
        {status === 'awaiting_verification' && <Alert tone="error">{racepackMessages.unverified}</Alert>}
        {(status === 'canceled' || status === 'expired') && <Alert tone="error">{racepackMessages.inactive}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        {/* Inside the answer, so the scroll that shows the answer shows 'Urungkan' too (a phone). */}
        {undoLeft > 0 && status === 'racepack_collected' && (
          <Button variant="outline" className="h-12 w-full" loading={undoing} onClick={onUndo}>
            {!undoing && <Undo2 className="size-5" aria-hidden="true" />}
            Urungkan
            <span className="text-sm font-normal text-slate-600 tabular-nums" aria-hidden="true">
              ({undoLeft} dtk)
            </span>
          </Button>
        )}
      </div>

      {status === 'confirmed' && onCollect && (
        <div className="px-4 pt-4">
          <Button className="h-14 w-full text-lg" size="lg" loading={collecting} onClick={() => setConfirming(true)}>
            {!collecting && <PackageCheck className="size-6" aria-hidden="true" />}
            Racepack Diambil
          </Button>
        </div>
      )}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        size="sm"
        title="Serahkan racepack?"
        description="Pastikan racepack diserahkan kepada pelari ini."
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Batal
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                onCollect?.();
              }}
            >
              <PackageCheck className="size-4" aria-hidden="true" />
              Ya, Serahkan
            </Button>
          </>
        }
      >
        <dl className="space-y-2 text-sm" data-testid="handover-summary">
          <div>
            <dt className="text-xs text-slate-500">Pelari</dt>
            <dd className="text-lg font-bold break-words text-slate-900">{name}</dd>
          </div>
          <div className="grid grid-cols-2 gap-2">
            <div>
              <dt className="text-xs text-slate-500">Nomor BIB</dt>
              <dd className="font-mono text-lg font-extrabold text-slate-900">{bibNumber || 'Belum ada'}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Nama BIB</dt>
              <dd className="font-semibold break-words text-slate-900">{bib || '–'}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Kategori</dt>
              <dd className="font-semibold break-words text-slate-900">{category}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Ukuran Kaos</dt>
              <dd className="font-semibold text-slate-900">{size}</dd>
            </div>
          </div>
        </dl>
      </Dialog>
      {footnote && <div className="px-4 pt-2 text-xs text-slate-600">{footnote}</div>}

      {details ? (
        <div className="mt-3 border-t border-slate-100">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((o) => !o)}
            className="flex w-full items-center justify-between gap-2 px-4 py-3 text-left text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
          >
            {open ? 'Sembunyikan data lengkap' : 'Lihat data lengkap'}
            <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
          </button>
          <div id={detailsId} hidden={!open} className="px-4 pb-4">
            {open && details}
          </div>
        </div>
      ) : (
        <div className="pb-4" />
      )}
    </section>
  );
}

function Fact({ label, value, strong, mono, testId }: { label: string; value: string; strong?: boolean; mono?: boolean; testId?: string }) {
  return (
    <div className="min-w-0 rounded-xl bg-slate-50 px-3 py-2">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={cn('break-words text-slate-900', strong ? 'text-lg font-extrabold' : 'text-sm font-semibold', mono && 'font-mono')} data-testid={testId}>
        {value || '–'}
      </dd>
    </div>
  );
}

/**
 * Seconds left to offer 'Urungkan': RACEPACK_UNDO_SECONDS from when `active` turns on, 0 once over,
 * or when another runner comes on the card.
 */
function useUndoCountdown(active: boolean, registrationId: string): number {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!active) {
      setLeft(0);
      return;
    }
    const endsAt = Date.now() + RACEPACK_UNDO_SECONDS * 1000;
    setLeft(RACEPACK_UNDO_SECONDS);
    const timer = setInterval(() => {
      const next = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [active, registrationId]);
  return left;
}
