import { Lock } from 'lucide-react';
import { planDateToIso } from '../../../../domain/shared/wire-date';
import type { LockedRun } from '../../../../domain/training-plan/contract';
import { messages } from '../../../../domain/training-plan/training-plan';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { lockedRunReason, type LockViewer } from './calendar-model';

export const LOCKED_RUN_TITLE = 'Latihan Terkunci';
export const RENEW_LABEL = 'Perpanjang';

export interface LockedRunDialogProps {
  /** The locked run tapped; the dialog is open while it is non-null. */
  run: LockedRun | null;
  onOpenChange: (open: boolean) => void;
  viewer: LockViewer;
  /** 'Perpanjang': the subscription dialog (the app layer owns it). Absent in a coach's view: only the runner can renew. */
  onRenew?: () => void;
}

/**
 * A locked AI run, tapped (spec §2 has it do nothing; issue 28 §1 has it explain itself): why it is
 * locked, that it stays in the plan, and 'Perpanjang' to open it and every other locked run.
 */
export function LockedRunDialog({ run, onOpenChange, viewer, onRenew }: LockedRunDialogProps) {
  const day = run ? planDateToIso(run.date) : null;
  const renew = viewer.view === 'runner' ? onRenew : undefined;
  return (
    <Dialog
      open={run !== null}
      onOpenChange={onOpenChange}
      size="sm"
      title={LOCKED_RUN_TITLE}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Tutup
          </Button>
          {renew && (
            <Button
              aria-haspopup="dialog"
              onClick={() => {
                onOpenChange(false);
                renew();
              }}
            >
              {RENEW_LABEL}
            </Button>
          )}
        </>
      }
    >
      <div className="flex items-start gap-3" data-testid="locked-run-explanation">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700">
          <Lock className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 space-y-2 text-sm leading-relaxed text-slate-700">
          <p className="font-semibold text-slate-900">{day ? lockedRunReason(day, viewer) : messages.locked}</p>
          {viewer.view === 'runner' ? (
            <p>
              Latihan ini tetap ada di kalendermu, tetapi judul, program dan pace-nya tertutup. Perpanjang langganan untuk membukanya; latihan AI lain yang
              terkunci ikut terbuka saat itu juga.
            </p>
          ) : (
            <p>{messages.locked}. Pelari dapat membukanya kembali dengan memperpanjang langganannya.</p>
          )}
        </div>
      </div>
    </Dialog>
  );
}
