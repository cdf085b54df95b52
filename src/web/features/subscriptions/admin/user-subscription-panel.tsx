import type { ReactNode } from 'react';
import type { SubscriptionSummary } from '../../../../domain/subscriptions/contract';
import { formatJakartaDate, formatJakartaTime } from '../../../../domain/shared/jakarta-time';
import { grantKindLabels, subscriptionStatusLabels } from '../../../../domain/subscriptions/subscription';
import { ApiError } from '../../../api/client';
import { Badge } from '../../../components/badge';
import { ErrorAlert, LoadingMessage, QueryState } from '../../../components/query-state';
import { useAdminSubscription } from './admin-subscriptions-api';
import { GrantAccessForm } from './grant-access-form';
import { GrantLedger, PaymentHistory } from './subscription-history';
import { subscriptionStatusTone } from './subscription-format';

/** Who the panel is about: what the admin user list already holds. */
export interface SubscriptionPanelUser {
  _id: string;
  name: string;
}

const LOAD_FAILED = 'Terjadi kesalahan. Coba lagi.';

/**
 * The admin's view of one user's subscription: status, period end, trial used, the form that
 * grants days, the payment history and the ledger of grants. `onChanged` runs after a grant
 * (so a list showing the user's status can refresh).
 */
export function UserSubscriptionPanel({ user, onChanged }: { user: SubscriptionPanelUser; onChanged?: () => void }) {
  const subscription = useAdminSubscription(user._id);
  // A retry after a failure shows the loading state again, not the old error.
  const status = subscription.isError && subscription.isFetching ? 'pending' : subscription.status;
  return (
    <QueryState
      query={{ status, data: subscription.data }}
      loading={<LoadingMessage className="py-10">Memuat langganan...</LoadingMessage>}
      error={
        <ErrorAlert title="Gagal memuat langganan" onRetry={() => void subscription.refetch()}>
          {subscription.error instanceof ApiError && subscription.error.message ? subscription.error.message : LOAD_FAILED}
        </ErrorAlert>
      }
    >
      {(data) => (
        <div className="space-y-6" data-testid="user-subscription-panel">
          <SubscriptionFacts subscription={data.subscription} />
          <GrantAccessForm userId={user._id} userName={user.name} subscription={data.subscription} onGranted={onChanged} />
          <PaymentHistory payments={data.payments} />
          <GrantLedger grants={data.grants} />
        </div>
      )}
    </QueryState>
  );
}

function SubscriptionFacts({ subscription }: { subscription: SubscriptionSummary }) {
  const end = subscription.current_period_end;
  return (
    <div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label="Status">
          <Badge tone={subscriptionStatusTone[subscription.subscription_status]}>{subscriptionStatusLabels[subscription.subscription_status]}</Badge>
          <span className="mt-1 block text-xs text-slate-600">{subscription.has_access ? 'Fitur AI terbuka' : 'Fitur AI terkunci'}</span>
        </Fact>
        <Fact label="Berakhir">
          {end ? (
            <>
              <span className="block font-semibold text-slate-900">{formatJakartaDate(end)}</span>
              <span className="block text-xs text-slate-600">pukul {formatJakartaTime(new Date(end))} WIB</span>
            </>
          ) : (
            <span className="font-semibold text-slate-900">-</span>
          )}
        </Fact>
        <Fact label="Uji coba gratis">
          <span className="font-semibold text-slate-900">{subscription.has_had_trial ? 'Sudah digunakan' : 'Belum digunakan'}</span>
        </Fact>
        <Fact label="Paket berjalan">
          <span className="font-semibold text-slate-900">{subscription.current_plan ? grantKindLabels[subscription.current_plan] : '-'}</span>
        </Fact>
      </dl>
      {subscription.cancel_at_period_end && (
        <p className="mt-3 rounded-lg bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
          Dihentikan oleh pengguna: akses tetap berlaku sampai akhir periode, lalu status menjadi {subscriptionStatusLabels.canceled}.
        </p>
      )}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-xl bg-slate-50 px-3 py-2.5">
      <dt className="text-xs font-semibold text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm break-words">{children}</dd>
    </div>
  );
}
