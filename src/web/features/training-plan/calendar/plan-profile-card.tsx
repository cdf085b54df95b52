import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { formatJakartaDate } from '../../../../domain/shared/jakarta-time';
import { subscriptionStatusLabels, type SubscriptionStatus } from '../../../../domain/subscriptions/subscription';
import type { PublicUser } from '../../../../domain/users/contract';
import { Alert } from '../../../components/alert';
import { Avatar } from '../../../components/avatar';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';

const statusTone: Record<SubscriptionStatus, 'green' | 'blue' | 'yellow' | 'red' | 'gray'> = {
  active: 'green',
  trialing: 'blue',
  past_due: 'yellow',
  canceled: 'red',
  incomplete: 'yellow',
  none: 'gray',
};

export const SUBSCRIPTION_DIALOG_TITLE = 'Manajemen Paket Langganan';

/** The calendar's profile card (spec §2): name, plan status and validity; a click opens the subscription dialog. */
export function PlanProfileCard({ user }: { user: Pick<PublicUser, 'name' | 'photo' | 'subscription_status' | 'current_period_end'> }) {
  const [open, setOpen] = useState(false);
  const status = subscriptionStatusLabels[user.subscription_status];
  const validUntil = formatJakartaDate(user.current_period_end);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="plan-profile-card"
        className="flex w-full min-w-0 items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-left shadow-sm hover:border-brand-300 hover:bg-brand-50/40 sm:p-5"
      >
        <Avatar name={user.name} photo={user.photo} size="md" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-bold text-slate-900">{user.name}</span>
          <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
            <span>
              Paket: <Badge tone={statusTone[user.subscription_status]}>{status}</Badge>
            </span>
            <span>Berlaku hingga: <span className="font-semibold text-slate-800">{validUntil}</span></span>
          </span>
        </span>
        <ChevronRight className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
      </button>

      <Dialog
        open={open}
        onOpenChange={setOpen}
        size="sm"
        title={SUBSCRIPTION_DIALOG_TITLE}
        footer={<Button onClick={() => setOpen(false)}>Tutup</Button>}
      >
        <dl className="divide-y divide-slate-100 text-sm">
          <div className="flex items-center justify-between gap-3 py-2">
            <dt className="text-slate-600">Status paket</dt>
            <dd>
              <Badge tone={statusTone[user.subscription_status]}>{status}</Badge>
            </dd>
          </div>
          <div className="flex items-center justify-between gap-3 py-2">
            <dt className="text-slate-600">Berlaku hingga</dt>
            <dd className="font-semibold text-slate-900">{validUntil}</dd>
          </div>
        </dl>
        {/* Purchase and renewal arrive with the subscription issue; say so rather than offer dead buttons. */}
        <Alert tone="info" className="mt-4" title="Pembelian paket segera hadir">
          Pilihan paket, uji coba gratis dan perpanjangan langganan sedang disiapkan dan akan tersedia di sini.
        </Alert>
      </Dialog>
    </>
  );
}
