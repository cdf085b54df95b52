import { RotateCw, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { cn } from './cn';
import { EmptyState } from './empty-state';
import { Spinner } from './spinner';

/*
 * The loading / error / empty triad of data fetched from the API, one look each. `QueryState`
 * chooses among them for a query; the pieces stand alone where a screen branches itself.
 */

export type QueryStatus = 'pending' | 'error' | 'success';

/** What QueryState reads of a TanStack query (a `useQuery` result fits as it is). */
export interface QueryLike<T> {
  status: QueryStatus;
  data: T | undefined;
}

/**
 * Renders `loading` while the query is pending, `error` when it failed, `empty` when `isEmpty`
 * says the data holds nothing, else `children(data)`.
 */
export function QueryState<T>({
  query,
  loading,
  error,
  isEmpty,
  empty,
  children,
}: {
  query: QueryLike<T>;
  loading: ReactNode;
  error: ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.status === 'pending') return <>{loading}</>;
  if (query.status === 'error') return <>{error}</>;
  // status 'success': TanStack guarantees the data (a placeholder counts too).
  const data = query.data as T;
  if (isEmpty?.(data)) return <>{empty}</>;
  return <>{children(data)}</>;
}

/** A centred spinner only screen readers name (`label`): widgets and panels of known size. */
export function LoadingSpinner({ label, className, size = 'size-6' }: { label: string; className?: string; size?: string }) {
  return (
    <div className={cn('flex justify-center text-brand-600', className)}>
      <Spinner className={size} label={label} />
    </div>
  );
}

/**
 * A spinner beside a visible 'Memuat ...' text (the text is what is read). `panel`: a roomy
 * block, on a white card with `card`; `inline`: one small line.
 */
export function LoadingMessage({
  children,
  variant = 'panel',
  card = false,
  className,
}: {
  children: ReactNode;
  variant?: 'panel' | 'inline';
  card?: boolean;
  className?: string;
}) {
  if (variant === 'inline') {
    return (
      <p className={cn('flex items-center gap-2 text-sm text-slate-600', className)}>
        <Spinner className="size-4" label="" /> {children}
      </p>
    );
  }
  return (
    <div
      className={cn('flex items-center justify-center gap-3 py-16 text-slate-600', card && 'rounded-2xl border border-slate-200 bg-white', className)}
    >
      <Spinner className="size-6 text-brand-600" label="" /> {children}
    </div>
  );
}

/** The outline button that asks again. Screens differ in casing ('Coba lagi' / 'Coba Lagi'); each keeps its own. */
export function RetryButton({
  onRetry,
  label = 'Coba lagi',
  icon = false,
  loading,
  className,
}: {
  onRetry: () => void;
  label?: string;
  /** The circular arrow before the label (dashboard widgets and the calendar). */
  icon?: boolean;
  loading?: boolean;
  className?: string;
}) {
  return (
    <Button variant="outline" size="sm" className={className} onClick={onRetry} loading={loading}>
      {icon && <RotateCw className="size-4" aria-hidden="true" />}
      {label}
    </Button>
  );
}

/** A failed load inside a widget or calendar panel: the error, then 'Coba lagi' below it. */
export function ErrorRetry({ message, onRetry, className }: { message: ReactNode; onRetry: () => void; className?: string }) {
  return (
    <div className={cn('space-y-3', className)}>
      <Alert tone="error">{message}</Alert>
      <RetryButton icon onRetry={onRetry} />
    </div>
  );
}

/** A failed load on a page or in a dialog: an error alert with the retry button inside (none without `onRetry`). */
export function ErrorAlert({
  title,
  children,
  onRetry,
  retryLabel,
}: {
  title?: ReactNode;
  children?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  const retry = onRetry && <RetryButton className="mt-2" onRetry={onRetry} label={retryLabel} />;
  // Nothing below the title gives no body at all (an empty body would add its margin).
  return (
    <Alert tone="error" title={title}>
      {children || retry ? (
        <>
          {children}
          {retry}
        </>
      ) : undefined}
    </Alert>
  );
}

/** A failed list or gate: the EmptyState look with a title, the reason and 'Coba Lagi'. */
export function ErrorState({
  icon,
  title,
  description,
  onRetry,
  retrying,
}: {
  icon: LucideIcon;
  title: ReactNode;
  description: ReactNode;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={description}
      action={
        <Button onClick={onRetry} loading={retrying}>
          Coba Lagi
        </Button>
      }
      className="bg-white"
    />
  );
}
