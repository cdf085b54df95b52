import { History, Receipt } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { SubscriptionGrant, SubscriptionPayment } from '../../../../domain/subscriptions/contract';
import { orderStatusLabels, type OrderStatus } from '../../../../domain/payments/payments';
import { formatRupiah } from '../../../../domain/shared/money';
import { grantKindLabels } from '../../../../domain/subscriptions/subscription';
import { Badge } from '../../../components/badge';
import { cn } from '../../../components/cn';
import { EmptyState } from '../../../components/empty-state';
import { formatShortDate } from './subscription-format';

const orderStatusTone = { pending: 'yellow', paid: 'green', failed: 'red', expired: 'gray', canceled: 'gray', refunded: 'blue' } as const satisfies Record<
  OrderStatus,
  string
>;

/*
 * The two histories of the admin's subscription panel. Tables from md up; on a phone each row is a
 * card whose cells carry their column name, so nothing scrolls sideways.
 */

const tableClass = 'w-full text-sm max-md:block';
const headClass = 'bg-slate-50 text-left text-xs font-bold tracking-wide text-slate-500 uppercase max-md:sr-only';
const bodyClass = 'max-md:flex max-md:flex-col max-md:gap-3 md:divide-y md:divide-slate-100';
const rowClass = 'max-md:grid max-md:min-w-0 max-md:gap-x-3 max-md:gap-y-2.5 max-md:rounded-xl max-md:border max-md:border-slate-200 max-md:p-3';
const frameClass = 'md:overflow-hidden md:rounded-xl md:border md:border-slate-200';

function HistoryHeading({ id, icon: Icon, children }: { id: string; icon: typeof History; children: ReactNode }) {
  return (
    <h3 id={id} className="mb-3 flex items-center gap-2 font-bold text-slate-900">
      <Icon className="size-4 text-brand-600" aria-hidden="true" />
      {children}
    </h3>
  );
}

/** Payment history: the user's subscription orders, newest first. */
export function PaymentHistory({ payments }: { payments: SubscriptionPayment[] }) {
  return (
    <HistorySection
      title="Riwayat Pembayaran"
      icon={Receipt}
      empty={payments.length === 0 ? 'Belum ada pembayaran langganan.' : null}
      caption="Riwayat pembayaran langganan"
      columns={[['Paket'], ['Hari', true], ['Jumlah', true], ['Status'], ['Dibuat'], ['Dibayar']]}
    >
      {payments.map((payment) => (
        <tr key={payment.order_id} data-testid="subscription-payment-row" className={cn(rowClass, 'max-md:grid-cols-2')}>
          <td className="max-md:order-first max-md:col-span-2 max-md:min-w-0 md:px-3 md:py-2.5">
            <p className="font-semibold text-slate-900 md:whitespace-nowrap">{grantKindLabels[payment.plantype]}</p>
            <p className="font-mono text-xs break-all text-slate-500">{payment.order_id}</p>
          </td>
          <Cell label="Hari" numeric>
            {payment.days}
          </Cell>
          <Cell label="Jumlah" numeric nowrap>
            <span className="font-semibold text-slate-900">{formatRupiah(payment.amount)}</span>
          </Cell>
          <Cell label="Status" hideLabel className="max-md:order-first max-md:col-span-2">
            <Badge tone={orderStatusTone[payment.status]}>{orderStatusLabels[payment.status]}</Badge>
          </Cell>
          <Cell label="Dibuat" nowrap>
            {formatShortDate(payment.created_at)}
          </Cell>
          <Cell label="Dibayar" nowrap>
            {formatShortDate(payment.paid_at)}
          </Cell>
        </tr>
      ))}
    </HistorySection>
  );
}

/** Days as the ledger reads them: what a grant added (+30), what a refund took back (−30). */
function signedDays(grant: SubscriptionGrant): string {
  const taken = grant.kind === 'refund' || grant.days < 0;
  return `${taken ? '−' : '+'}${Math.abs(grant.days)} hari`;
}

/** The ledger: every period granted or taken back, with its reason and who did it. */
export function GrantLedger({ grants }: { grants: SubscriptionGrant[] }) {
  return (
    <HistorySection
      title="Riwayat Hak Akses"
      icon={History}
      empty={grants.length === 0 ? 'Belum ada riwayat hak akses.' : null}
      caption="Riwayat hak akses langganan"
      columns={[['Jenis'], ['Hari', true], ['Periode'], ['Alasan'], ['Oleh'], ['Waktu']]}
    >
      {grants.map((grant) => (
        <tr key={grant._id} data-testid="subscription-grant-row" className={cn(rowClass, 'max-md:grid-cols-2')}>
          <td className="font-semibold text-slate-900 md:px-3 md:py-2.5 md:whitespace-nowrap">{grantKindLabels[grant.kind]}</td>
          <Cell label="Hari" numeric nowrap hideLabel phoneEnd>
            <span className={cn('font-semibold', grant.kind === 'refund' || grant.days < 0 ? 'text-red-700' : 'text-green-700')}>
              {signedDays(grant)}
            </span>
          </Cell>
          <Cell label="Periode" nowrap className="max-md:col-span-2">
            {formatShortDate(grant.period_start)} → {formatShortDate(grant.period_end)}
          </Cell>
          <Cell label="Alasan" className="break-words max-md:order-last max-md:col-span-2">
            {grant.reason ?? '-'}
          </Cell>
          <Cell label="Oleh">{grant.granted_by?.name ?? 'Sistem'}</Cell>
          <Cell label="Waktu" nowrap>
            {formatShortDate(grant.created_at)}
          </Cell>
        </tr>
      ))}
    </HistorySection>
  );
}

/**
 * One history: its heading, then the empty text or the table (a list of cards on a phone).
 * `columns` are the header names, `true` for a right-aligned number column.
 */
function HistorySection({
  title,
  icon,
  empty,
  caption,
  columns,
  children,
}: {
  title: string;
  icon: typeof History;
  /** The empty-state text when there are no rows, else null. */
  empty: string | null;
  caption: string;
  columns: [name: string, numeric?: boolean][];
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <HistoryHeading id={titleId} icon={icon}>
        {title}
      </HistoryHeading>
      {empty !== null ? (
        <EmptyState compact icon={icon} description={empty} />
      ) : (
        <div className={frameClass}>
          <table className={tableClass}>
            <caption className="sr-only">{caption}</caption>
            <thead className={headClass}>
              <tr>
                {columns.map(([name, numeric]) => (
                  <th key={name} scope="col" className={cn('px-3 py-2.5', numeric && 'text-right')}>
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className={bodyClass}>{children}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * A table cell. On a phone card the cells sit side by side in the row's grid, each with its column
 * name above its value unless `hideLabel` (the value says what it is); `className` spans or
 * orders them. `nowrap` keeps dates and amounts on one line in the table.
 */
function Cell({
  label,
  numeric,
  nowrap,
  hideLabel,
  phoneEnd,
  className,
  children,
}: {
  label: string;
  numeric?: boolean;
  nowrap?: boolean;
  hideLabel?: boolean;
  /** On a phone card, the value sits at the right edge. */
  phoneEnd?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td
      className={cn(
        'min-w-0 text-slate-700 max-md:flex max-md:flex-col max-md:gap-0.5 md:px-3 md:py-2.5',
        phoneEnd ? 'max-md:items-end' : 'max-md:items-start',
        numeric && 'md:text-right',
        nowrap && 'md:whitespace-nowrap',
        className,
      )}
    >
      {!hideLabel && (
        <span className="text-xs font-semibold text-slate-500 md:hidden" aria-hidden="true">
          {label}
        </span>
      )}
      {children}
    </td>
  );
}
