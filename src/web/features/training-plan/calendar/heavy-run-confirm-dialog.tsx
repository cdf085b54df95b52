import { HEAVY_CONFLICT_QUESTION, HEAVY_CONFLICT_TITLE, type DatedRun } from '../../../../domain/training-plan/run-types';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { shortDayLabel } from './calendar-model';

export interface PendingHeavyMove {
  title: string;
  day: string;
  conflict: DatedRun;
}

/** Spec §4: dropping a heavy run next to another heavy run asks first (Batalkan leaves it, Yakin moves it). */
export function HeavyRunConfirmDialog({
  pending,
  onCancel,
  onConfirm,
}: {
  pending: PendingHeavyMove | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={pending !== null}
      onOpenChange={(open) => !open && onCancel()}
      size="sm"
      hideClose
      title={HEAVY_CONFLICT_TITLE}
      description={HEAVY_CONFLICT_QUESTION}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            Batalkan
          </Button>
          <Button onClick={onConfirm}>Yakin</Button>
        </>
      }
    >
      {pending && (
        <p className="text-sm text-slate-700">
          <strong className="text-slate-900">{pending.title}</strong> akan dipindahkan ke {shortDayLabel(pending.day)}, berdekatan dengan{' '}
          <strong className="text-slate-900">{pending.conflict.title}</strong> ({shortDayLabel(pending.conflict.day)}).
        </p>
      )}
    </Dialog>
  );
}
