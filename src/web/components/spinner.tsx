import { cn } from './cn';

/** A spinning ring; `label` is read by screen readers (empty when a parent already says it). */
export function Spinner({ className, label = 'Memuat...' }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <span
        aria-hidden="true"
        className={cn('inline-block size-5 animate-spin rounded-full border-2 border-current border-t-transparent', className)}
      />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}

export function PageLoader() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-brand-600">
      <Spinner className="size-8" />
    </div>
  );
}
