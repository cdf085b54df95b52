import { Search } from 'lucide-react';
import { forwardRef, useId, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { cn } from '../../../components/cn';

export interface ScannerFieldProps {
  value: string;
  onValueChange: (value: string) => void;
  /** Called with what the field holds now (see submit below). */
  onScan: (value: string) => void;
  error: string | null;
  placeholder: string;
  /** A line under the field while there is no error. */
  hint?: string;
  looking?: boolean;
  /** 'lg': the racepack desk's thumb-sized field; 'md': the dialog's. */
  size?: 'md' | 'lg';
}

/**
 * 'Nilai QR code': the field a keyboard-style scanner (USB/Bluetooth) types into and presses Enter
 * on, with its 'Cari' button and error. Shared by Scan QR Pelari and the offline racepack desk.
 */
export const ScannerField = forwardRef<HTMLInputElement, ScannerFieldProps>(function ScannerField(
  { value, onValueChange, onScan, error, placeholder, hint, looking = false, size = 'md' },
  ref,
) {
  const id = useId();
  const large = size === 'lg';
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // The field itself, not the last rendered state: a hardware scanner presses Enter right after
    // its last character, sometimes before that keystroke's render.
    const input = e.currentTarget.elements.namedItem('qr') as HTMLInputElement | null;
    onScan(input?.value ?? value);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        Nilai QR code
      </label>
      <div className="flex gap-2">
        <input
          ref={ref}
          id={id}
          name="qr"
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          className={cn(
            'min-w-0 flex-1 border bg-white px-3 placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none',
            large ? 'h-14 rounded-xl text-base' : 'h-11 rounded-lg text-sm',
            error ? 'border-red-400' : 'border-slate-300',
          )}
        />
        {large ? (
          <Button type="submit" className="h-14 shrink-0 px-4" aria-label="Cari">
            <Search className="size-5" aria-hidden="true" />
            <span className="max-sm:sr-only">Cari</span>
          </Button>
        ) : (
          <Button type="submit" className="h-11 shrink-0" loading={looking}>
            {!looking && <Search className="size-4" aria-hidden="true" />}
            Cari
          </Button>
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            {hint}
          </p>
        )
      )}
    </form>
  );
});
