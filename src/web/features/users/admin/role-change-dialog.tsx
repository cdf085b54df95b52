import { roleLabels, type Role } from '../../../../domain/users/roles';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import type { AdminUser } from '../../../../domain/users/contract';

export interface PendingRoleChange {
  user: AdminUser;
  role: Role;
}

/** Asks 'Ubah peran {name} menjadi {role}?' before the change is sent; shows the server's refusal. */
export function RoleChangeDialog({
  pending,
  saving,
  error,
  onConfirm,
  onCancel,
}: {
  pending: PendingRoleChange | null;
  saving: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open && !saving) onCancel();
      }}
      size="sm"
      title="Ubah peran pengguna"
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={saving}>
            Batal
          </Button>
          <Button onClick={onConfirm} loading={saving}>
            Ya, Ubah Peran
          </Button>
        </>
      }
    >
      {pending && (
        <>
          <p className="text-slate-900">
            Ubah peran <strong>{pending.user.name}</strong> menjadi <strong>{roleLabels[pending.role]}</strong>?
          </p>
          <p className="mt-2 text-sm text-slate-600">
            Peran saat ini: {roleLabels[pending.user.role]}. Menu yang dilihat {pending.user.email} di dashboard akan ikut berubah.
          </p>
          {error && (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {error}
            </p>
          )}
        </>
      )}
    </Dialog>
  );
}
