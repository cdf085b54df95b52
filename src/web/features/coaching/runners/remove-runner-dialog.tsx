import { Ban, UserMinus } from 'lucide-react';
import { FREESLOT } from '../../../../domain/coaching/coaching';
import { coachingMessages, type CoachConnection } from '../../../../domain/coaching/contract';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { removeError, useSetSlotRunner } from './runners-api';

/**
 * 'Hapus Pelari' (runner-and-coach §4, §5): a freeslot asks for confirmation, then empties the slot
 * (confirm, submit, close, reload); any other package gets the blocking notice 'Opsi Tidak Tersedia'.
 */
export function RemoveRunnerDialog({
  connection,
  onOpenChange,
  onRemoved,
}: {
  connection: CoachConnection | null;
  onOpenChange: (open: boolean) => void;
  onRemoved: (message: string) => void;
}) {
  const remove = useSetSlotRunner();
  const open = connection !== null;
  const close = (next: boolean) => {
    if (remove.isPending) return;
    if (!next) remove.reset();
    onOpenChange(next);
  };

  if (connection && connection.packages !== FREESLOT) {
    return (
      <Dialog
        open={open}
        onOpenChange={close}
        title={coachingMessages.removeOnlyFreeslotTitle}
        size="sm"
        footer={<Button onClick={() => close(false)}>Mengerti</Button>}
      >
        <div className="flex gap-3 text-sm text-slate-700">
          <Ban className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden="true" />
          <p>{coachingMessages.removeOnlyFreeslot}</p>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Hapus pelari dari slot?"
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)} disabled={remove.isPending}>
            Batal
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() =>
              connection &&
              remove.mutate(
                { id: connection._id, runnerEmail: null },
                {
                  onSuccess: (res) => {
                    remove.reset();
                    onRemoved(res.message);
                  },
                },
              )
            }
          >
            <UserMinus className="size-4" aria-hidden="true" />
            Ya, Hapus Pelari
          </Button>
        </>
      }
    >
      {connection?.runnerId && (
        <div className="space-y-3 text-sm text-slate-700">
          <p>
            <strong className="text-slate-900">{connection.runnerId.name}</strong> ({connection.runnerId.email}) akan dihapus dari slot freeslot ini. Anda tidak
            lagi dapat melihat profil dan program latihannya, dan slot dapat diisi pelari lain.
          </p>
          {remove.isError && <Alert tone="error">{removeError(remove.error)}</Alert>}
        </div>
      )}
    </Dialog>
  );
}
