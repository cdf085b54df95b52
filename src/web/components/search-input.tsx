import { Search } from 'lucide-react';
import { cn } from './cn';
import { Spinner } from './spinner';

/**
 * A search box: a visually hidden label, the magnifier, and 'Mencari...' (a small spinner) while
 * `busy` (a new result is on its way while the old one stays on screen).
 */
export function SearchInput({
  id,
  label,
  value,
  onChange,
  placeholder,
  busy = false,
  className,
  inputClassName,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  busy?: boolean;
  /** The wrapper (width). */
  className?: string;
  /** The field's height, right padding and focus ring. */
  inputClassName?: string;
}) {
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        className={cn('w-full rounded-lg border border-slate-300 bg-white pl-9 text-sm placeholder:text-slate-500 focus:border-brand-500', inputClassName)}
      />
      {busy && (
        <span className="absolute top-1/2 right-3 -translate-y-1/2 text-brand-600">
          <Spinner className="size-4" label="Mencari..." />
        </span>
      )}
    </div>
  );
}
