import { forwardRef, type InputHTMLAttributes, type SelectHTMLAttributes } from 'react';
import { cn } from './cn';

/** Shared look of text inputs and selects (44 px tall: a comfortable touch target). */
export const fieldClass = (invalid = false, extra?: string) =>
  cn(
    'block h-11 w-full rounded-lg border bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500',
    'focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none',
    'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
    invalid ? 'border-red-400' : 'border-slate-300',
    extra,
  );

/** Invalid when told so, or when a FormField marked the control with aria-invalid. */
const isInvalid = (invalid: boolean | undefined, ariaInvalid: InputHTMLAttributes<HTMLElement>['aria-invalid']) =>
  invalid ?? (ariaInvalid === true || ariaInvalid === 'true');

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
}

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ invalid, className, ...rest }, ref) {
  const bad = isInvalid(invalid, rest['aria-invalid']);
  return <input ref={ref} {...rest} aria-invalid={bad || undefined} className={fieldClass(bad, className)} />;
});

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  invalid?: boolean;
}

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ invalid, className, ...rest }, ref) {
  const bad = isInvalid(invalid, rest['aria-invalid']);
  return <select ref={ref} {...rest} aria-invalid={bad || undefined} className={fieldClass(bad, cn('pr-8', className))} />;
});

/** A field's error line, to be referenced by the input's aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}
