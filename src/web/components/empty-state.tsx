import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

/** A friendly "nothing here (yet)" block: icon, short title, one line of explanation, optional action. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  className,
  compact = false,
}: {
  icon?: LucideIcon;
  title?: ReactNode;
  description: ReactNode;
  action?: ReactNode;
  className?: string;
  compact?: boolean;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-slate-50/60 text-center',
        compact ? 'gap-2 px-4 py-6' : 'gap-3 px-6 py-12',
        className,
      )}
    >
      {Icon && (
        <span className={cn('flex items-center justify-center rounded-full bg-brand-50 text-brand-600', compact ? 'size-10' : 'size-14')}>
          <Icon className={compact ? 'size-5' : 'size-7'} aria-hidden="true" />
        </span>
      )}
      {title && <p className="text-base font-bold text-slate-900">{title}</p>}
      <p className="max-w-md text-sm text-slate-600">{description}</p>
      {action && <div className="mt-1">{action}</div>}
    </div>
  );
}
