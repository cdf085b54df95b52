import { CalendarRange, Gift, Repeat, UserRoundCheck, type LucideIcon } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  CERTIFIED_COACH_FROM_PRICE,
  planDays,
  planMonthlyEquivalent,
  SUBSCRIPTION_PLANS,
  TRIAL_DAYS,
  type SubscriptionPlanType,
} from '../../../domain/subscriptions/pricing';
import { grantKindLabels } from '../../../domain/subscriptions/subscription';
import { formatJakartaDate, fromJakartaWallClock } from '../../../domain/shared/jakarta-time';
import { formatRupiah } from '../../../domain/shared/money';
import type { IsoDay } from '../../../domain/shared/wire-date';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { cn } from '../../components/cn';
import { FormField } from '../../components/form-field';
import { Input } from '../../components/input';
import { acceptPaygEndDay, isPartialDate, paygBounds, paygChoice, type PlanSelection } from './purchase-model';

export interface PurchaseViewProps {
  hasHadTrial: boolean;
  /** The current period's end (ISO), where pay as you go and renewals start from. */
  currentPeriodEnd: string | null;
  today: IsoDay;
  onSelect: (selection: PlanSelection) => void;
}

/** '15 Juli 2027' for a calendar day. */
const formatDay = (day: IsoDay) => formatJakartaDate(fromJakartaWallClock(day));

/** The purchase view (spec §2): free trial, subscription, pay as you go, professional coach. */
export function PurchaseView({ hasHadTrial, currentPeriodEnd, today, onSelect }: PurchaseViewProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TrialCard used={hasHadTrial} onSelect={() => onSelect({ kind: 'trial' })} />
      <SubscriptionCard onSelect={(plan) => onSelect({ kind: 'subscription', plan })} />
      <PaygCard currentPeriodEnd={currentPeriodEnd} today={today} onSelect={onSelect} />
      <CoachCard />
    </div>
  );
}

function PlanCard({
  id,
  icon: Icon,
  title,
  badge,
  highlight,
  children,
  action,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  badge?: ReactNode;
  highlight?: boolean;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn('flex min-w-0 flex-col rounded-2xl border bg-white p-4 sm:p-5', highlight ? 'border-brand-300 ring-1 ring-brand-200' : 'border-slate-200')}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id={id} className="flex items-center gap-2 text-base font-bold text-slate-900">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
            <Icon className="size-4" aria-hidden="true" />
          </span>
          {title}
        </h3>
        {badge && <span className="shrink-0 whitespace-nowrap">{badge}</span>}
      </div>
      <div className="mt-3 flex-1 space-y-3 text-sm text-slate-700">{children}</div>
      <div className="mt-4 [&>button]:w-full">{action}</div>
    </section>
  );
}

function Price({ amount, prefix, suffix, strike }: { amount: number; prefix?: string; suffix?: ReactNode; strike?: number }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      {prefix && <span className="text-sm text-slate-600">{prefix}</span>}
      <span className="text-2xl font-extrabold text-slate-900">{formatRupiah(amount)}</span>
      {strike !== undefined && strike > amount && (
        <span className="text-sm text-slate-500 line-through">
          <span className="sr-only">harga normal </span>
          {formatRupiah(strike)}
        </span>
      )}
      {suffix && <span className="text-sm text-slate-600">{suffix}</span>}
    </p>
  );
}

function TrialCard({ used, onSelect }: { used: boolean; onSelect: () => void }) {
  return (
    <PlanCard
      id="plan-trial-title"
      icon={Gift}
      title={grantKindLabels.trial}
      action={
        <Button variant={used ? 'outline' : 'primary'} disabled={used} onClick={onSelect}>
          {used ? 'Telah Digunakan' : 'Coba Gratis'}
        </Button>
      }
    >
      <Price amount={0} suffix={`/ ${TRIAL_DAYS / 7} minggu`} />
      <p>Akses penuh ke semua fitur AI selama {TRIAL_DAYS} hari. Hanya sekali untuk setiap akun.</p>
    </PlanCard>
  );
}

const planTypes: readonly SubscriptionPlanType[] = ['1month', '6month', '12month'];

function SubscriptionCard({ onSelect }: { onSelect: (plan: SubscriptionPlanType) => void }) {
  const [chosen, setChosen] = useState<SubscriptionPlanType>('1month');
  const name = useId();
  const plan = SUBSCRIPTION_PLANS[chosen];
  return (
    <PlanCard
      id="plan-subscription-title"
      icon={Repeat}
      title="Langganan"
      highlight
      badge={<Badge tone="brand">Populer</Badge>}
      action={<Button onClick={() => onSelect(chosen)}>Pilih Paket</Button>}
    >
      <fieldset>
        <legend className="mb-1.5 text-sm font-semibold text-slate-800">Durasi langganan</legend>
        <div className="grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1 ring-1 ring-slate-200">
          {planTypes.map((type) => (
            <label key={type} className="relative min-w-0">
              <input
                type="radio"
                name={name}
                value={type}
                checked={chosen === type}
                onChange={() => setChosen(type)}
                className="peer absolute inset-0 z-10 cursor-pointer appearance-none rounded-lg"
              />
              <span
                className={cn(
                  'flex h-9 items-center justify-center rounded-lg text-sm font-bold whitespace-nowrap transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
                  chosen === type ? 'bg-white text-slate-900 shadow' : 'text-slate-600',
                )}
              >
                {SUBSCRIPTION_PLANS[type].months} Bulan
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div aria-live="polite">
        <Price amount={plan.total} />
        <p className="text-slate-600" data-testid="subscription-plan-detail">
          {plan.months > 1 ? `Setara ${formatRupiah(planMonthlyEquivalent(plan))}/bulan · ` : `${formatRupiah(plan.total)}/bulan · `}
          {planDays(plan)} hari
        </p>
      </div>
    </PlanCard>
  );
}

function PaygCard({ currentPeriodEnd, today, onSelect }: { currentPeriodEnd: string | null; today: IsoDay; onSelect: (s: PlanSelection) => void }) {
  const bounds = useMemo(() => paygBounds(today, currentPeriodEnd), [today, currentPeriodEnd]);
  const [endDay, setEndDay] = useState('');
  const [error, setError] = useState<string | undefined>();
  const quote = paygChoice(endDay, bounds);

  /** Keeps a date in range and clears any other (spec §5); `final`: the field was left, so a half-typed year counts too. */
  const take = (value: string, final = false) => {
    const kept = final && isPartialDate(value) ? '' : acceptPaygEndDay(value, bounds);
    setEndDay(kept);
    if (kept === value) setError(undefined);
    else setError(value > bounds.max ? `Pilih tanggal paling lambat ${formatDay(bounds.max)}.` : `Pilih tanggal paling awal ${formatDay(bounds.min)}.`);
  };

  return (
    <PlanCard
      id="plan-payg-title"
      icon={CalendarRange}
      title={grantKindLabels.payg}
      action={
        <Button disabled={!quote || quote.price <= 0} onClick={() => quote && onSelect({ kind: 'payg', endDay, days: quote.days })}>
          Pilih Paket
        </Button>
      }
    >
      <p>Bayar hanya untuk hari yang Anda butuhkan. Semakin panjang, semakin hemat.</p>
      <FormField id="payg-end-date" label="Aktif sampai tanggal" hint={`Paling awal ${formatDay(bounds.min)}.`} error={error}>
        {(control) => (
          <Input
            {...control}
            type="date"
            min={bounds.min}
            max={bounds.max}
            value={endDay}
            onChange={(e) => take(e.target.value)}
            // A year still being typed is kept until the field is left.
            onBlur={(e) => take(e.target.value, true)}
          />
        )}
      </FormField>
      <div aria-live="polite" data-testid="payg-quote">
        {quote ? (
          <>
            <Price amount={quote.price} strike={quote.basePrice} />
            <p className="flex flex-wrap items-center gap-2 text-slate-600">
              {quote.days} hari
              {quote.discountPercent > 0 && <Badge tone="green">Diskon {quote.discountPercent}%</Badge>}
            </p>
          </>
        ) : (
          <p className="text-slate-600">Pilih tanggal untuk melihat harga.</p>
        )}
      </div>
    </PlanCard>
  );
}

function CoachCard() {
  return (
    <PlanCard
      id="plan-coach-title"
      icon={UserRoundCheck}
      title="Profesional Coach"
      badge={<Badge tone="gray">Akan Datang</Badge>}
      action={
        <Button variant="outline" disabled>
          Akan Datang
        </Button>
      }
    >
      <Price amount={CERTIFIED_COACH_FROM_PRICE} prefix="Mulai dari" />
      <p>Program dan pendampingan langsung dari pelatih lari bersertifikat yang terverifikasi.</p>
    </PlanCard>
  );
}
