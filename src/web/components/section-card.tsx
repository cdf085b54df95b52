import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

/** A white card that is a labelled region: an <h2> with an icon (in a tinted badge or plain), then content. */
export function SectionCard({
  title,
  titleId,
  icon: Icon,
  iconStyle = 'badge',
  className,
  children,
}: {
  title: string;
  titleId: string;
  icon: LucideIcon;
  iconStyle?: 'badge' | 'plain';
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className={cn('rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6', className)}>
      <h2 id={titleId} className="mb-4 flex items-center gap-2 text-base font-bold text-slate-900">
        {iconStyle === 'badge' ? (
          <span className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
            <Icon className="size-4" aria-hidden="true" />
          </span>
        ) : (
          <Icon className="size-5 text-brand-600" aria-hidden="true" />
        )}
        {title}
      </h2>
      {children}
    </section>
  );
}
