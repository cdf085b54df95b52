import type { ReactNode } from 'react';
import { cn } from '../../components/cn';

/** Eyebrow + title + lead paragraph used by every marketing section. */
export function SectionHeading({
  eyebrow,
  title,
  lead,
  id,
  align = 'center',
  tone = 'light',
}: {
  eyebrow: string;
  title: ReactNode;
  lead?: ReactNode;
  id?: string;
  align?: 'center' | 'left';
  tone?: 'light' | 'dark';
}) {
  return (
    <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      <p className={cn('text-sm font-bold tracking-wider uppercase', tone === 'dark' ? 'text-brand-400' : 'text-brand-600')}>
        {eyebrow}
      </p>
      <h2
        id={id}
        className={cn(
          'mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl',
          tone === 'dark' ? 'text-white' : 'text-slate-900',
        )}
      >
        {title}
      </h2>
      {lead && (
        <p className={cn('mt-4 text-base leading-relaxed sm:text-lg', tone === 'dark' ? 'text-slate-300' : 'text-slate-600')}>
          {lead}
        </p>
      )}
    </div>
  );
}
