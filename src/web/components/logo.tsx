import { Link } from 'react-router';
import { cn } from './cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-8', className)}>
      <rect width="64" height="64" rx="14" fill="#ea580c" />
      <path d="M18 46 30 18h8L26 46z" fill="#fff" />
      <path d="M34 46l8-18h6l-8 18z" fill="#fed7aa" />
    </svg>
  );
}

/** The Derap logo as a link (to / on public pages, to /dashboard inside the app). */
export function Logo({ to = '/', className, light = false }: { to?: string; className?: string; light?: boolean }) {
  return (
    <Link to={to} className={cn('inline-flex items-center gap-2 font-extrabold tracking-tight', className)} aria-label="Derap — beranda">
      <LogoMark />
      <span className={cn('text-xl', light ? 'text-white' : 'text-slate-900')}>Derap</span>
    </Link>
  );
}
