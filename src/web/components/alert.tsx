import { AlertCircle, CheckCircle2, Info, X } from 'lucide-react';
import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { cn } from './cn';

type Tone = 'error' | 'info' | 'success';

const tones: Record<Tone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  info: 'border-brand-200 bg-brand-50 text-brand-900',
  success: 'border-green-200 bg-green-50 text-green-800',
};
const icons = { error: AlertCircle, info: Info, success: CheckCircle2 };

export interface AlertProps {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * An inline message. Errors are announced at once (role=alert); info and success politely
 * (role=status). Focusable from code (tabIndex -1) so a flow can move focus to it.
 */
export const Alert = forwardRef<HTMLDivElement, AlertProps>(function Alert({ tone = 'info', title, children, className }, ref) {
  const Icon = icons[tone];
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-xl border px-4 py-3 text-sm outline-none', tones[tone], className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className="leading-relaxed">{children}</div>}
      </div>
    </div>
  );
});

/**
 * A message that stays until the person closes it (unlike a toast): e.g. what happened on the way
 * back from a checkout or from Strava. `dismissLabel` names what the close button closes.
 */
export function DismissibleAlert({
  onDismiss,
  dismissLabel,
  className,
  alertClassName,
  ...alert
}: AlertProps & { onDismiss: () => void; dismissLabel: string; alertClassName?: string } & Pick<HTMLAttributes<HTMLDivElement>, 'id'> & Record<`data-${string}`, string>) {
  const { tone, title, children, id, ...data } = alert;
  return (
    <div id={id} className={cn('relative', className)} {...data}>
      <Alert className={cn('pr-10', alertClassName)} tone={tone} title={title}>
        {children}
      </Alert>
      <button
        type="button"
        onClick={onDismiss}
        className="absolute top-2 right-2 rounded-lg p-1.5 text-slate-500 hover:bg-black/5 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        <X className="size-4" aria-hidden="true" />
        <span className="sr-only">{dismissLabel}</span>
      </button>
    </div>
  );
}
