import { ChevronRight } from 'lucide-react';
import { formatJakartaDate } from '../../../../domain/shared/jakarta-time';
import { subscriptionStatusLabels, type SubscriptionStatus } from '../../../../domain/subscriptions/subscription';
import type { PublicUser } from '../../../../domain/users/contract';
import { Avatar } from '../../../components/avatar';
import { Badge } from '../../../components/badge';

const statusTone: Record<SubscriptionStatus, 'green' | 'blue' | 'yellow' | 'red' | 'gray'> = {
  active: 'green',
  trialing: 'blue',
  past_due: 'yellow',
  canceled: 'red',
  incomplete: 'yellow',
  none: 'gray',
};

/** The calendar's profile card (spec §2): name, plan status and validity; a click opens the subscription dialog. */
export function PlanProfileCard({
  user,
  onOpen,
}: {
  user: Pick<PublicUser, 'name' | 'photo' | 'subscription_status' | 'current_period_end'>;
  /** Opens 'Manajemen Paket Langganan' (the app layer owns the dialog). */
  onOpen: () => void;
}) {
  const status = subscriptionStatusLabels[user.subscription_status];
  const validUntil = formatJakartaDate(user.current_period_end);

  return (
    <button
      type="button"
      onClick={onOpen}
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
  );
}
