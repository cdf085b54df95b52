import { Lock, Trash2 } from 'lucide-react';
import type { OrganizerEvent } from '../../../domain/events/contract';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { formatEventDateTime } from './event-format';
import { useCloseRegistration, useDeleteEvent } from './events-api';

const failure = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/** Whether 'Tutup Pendaftaran' applies now: registration has opened and not closed yet. */
export function registrationIsOpen(event: Pick<OrganizerEvent, 'regOpen' | 'regClose'>, now = Date.now()): boolean {
  return new Date(event.regOpen).getTime() <= now && now < new Date(event.regClose).getTime();
}

/** 'Tutup Pendaftaran' with its confirmation: registration closes now, the public page says so. */
export function CloseRegistrationDialog({
  event,
  onOpenChange,
  onClosed,
}: {
  event: OrganizerEvent | null;
  onOpenChange: (open: boolean) => void;
  onClosed: (event: OrganizerEvent) => void;
}) {
  const close = useCloseRegistration();
  return (
    <Dialog
      open={event !== null}
      onOpenChange={(open) => {
        if (!open) close.reset();
        onOpenChange(open);
      }}
      title="Tutup pendaftaran sekarang?"
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={close.isPending}>
            Batal
          </Button>
          <Button
            variant="danger"
            loading={close.isPending}
            onClick={() => event && close.mutate(event._id, { onSuccess: (closed) => onClosed(closed) })}
          >
            <Lock className="size-4" aria-hidden="true" />
            Ya, Tutup Pendaftaran
          </Button>
        </>
      }
    >
      {event && (
        <div className="space-y-3 text-sm text-slate-700">
          <p>
            Pendaftaran <strong className="text-slate-900">{event.name}</strong> dijadwalkan tutup {formatEventDateTime(event.regClose)}. Jika ditutup
            sekarang, pelari tidak bisa mendaftar lagi dan halaman pendaftaran menampilkan bahwa pendaftaran telah ditutup.
          </p>
          {event.pendingPayment > 0 && (
            <p>
              {event.pendingPayment.toLocaleString('id-ID')} pelari yang sedang menunggu pembayaran tetap dapat menyelesaikan pembayarannya selama slotnya
              masih ditahan.
            </p>
          )}
          {close.isError && <Alert tone="error">{failure(close.error, 'Gagal menutup pendaftaran. Coba lagi.')}</Alert>}
        </div>
      )}
    </Dialog>
  );
}

/** 'Hapus Event' with its confirmation; only offered while nobody registered (the server checks again). */
export function DeleteEventDialog({
  event,
  onOpenChange,
  onDeleted,
}: {
  event: OrganizerEvent | null;
  onOpenChange: (open: boolean) => void;
  onDeleted: (message: string) => void;
}) {
  const remove = useDeleteEvent();
  return (
    <Dialog
      open={event !== null}
      onOpenChange={(open) => {
        if (!open) remove.reset();
        onOpenChange(open);
      }}
      title="Hapus event?"
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
            Batal
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={() => event && remove.mutate(event._id, { onSuccess: (res) => onDeleted(res.message) })}>
            <Trash2 className="size-4" aria-hidden="true" />
            Ya, Hapus
          </Button>
        </>
      }
    >
      {event && (
        <div className="space-y-3 text-sm text-slate-700">
          <p>
            Event <strong className="text-slate-900">{event.name}</strong> ({event.code}) akan dihapus permanen beserta kategorinya. Tindakan ini tidak dapat
            dibatalkan.
          </p>
          {remove.isError && <Alert tone="error">{failure(remove.error, 'Gagal menghapus event. Coba lagi.')}</Alert>}
        </div>
      )}
    </Dialog>
  );
}
