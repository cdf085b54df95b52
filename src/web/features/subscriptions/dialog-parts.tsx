import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SubscriptionStatus } from '../../../domain/subscriptions/subscription';
import { cn } from '../../components/cn';

export const statusTones: Record<SubscriptionStatus, 'green' | 'blue' | 'yellow' | 'red' | 'gray'> = {
  active: 'green',
  trialing: 'blue',
  past_due: 'yellow',
  canceled: 'red',
  incomplete: 'yellow',
  none: 'gray',
};

/** The buttons at the bottom of a view: stacked full width on a phone, a right-aligned row from sm. */
export function ViewActions({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn('mt-5 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end [&>button]:w-full sm:[&>button]:w-auto', className)}>
      {children}
    </div>
  );
}

/** A popup's message: a large icon, an optional heading and the text under it (trial started, failure, payment result). */
export function OutcomeMessage({
  icon: Icon,
  tone,
  heading,
  children,
}: {
  icon: LucideIcon;
  tone: 'success' | 'error' | 'info';
  heading?: ReactNode;
  children?: ReactNode;
}) {
  const tones = { success: 'bg-green-50 text-green-700', error: 'bg-red-50 text-red-700', info: 'bg-brand-50 text-brand-600' };
  return (
    <div className="flex flex-col items-center gap-3 py-2 text-center">
      <span className={cn('flex size-14 items-center justify-center rounded-full', tones[tone])}>
        <Icon className="size-7" aria-hidden="true" />
      </span>
      {heading && <p className="text-lg font-bold text-slate-900">{heading}</p>}
      {children && <div className="max-w-sm text-sm leading-relaxed text-slate-700">{children}</div>}
    </div>
  );
}

/** One line of a definition list: label left, value right. */
export function SummaryRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 py-2.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-semibold text-slate-900">{children}</dd>
    </div>
  );
}
