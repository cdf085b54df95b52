import type { ReactNode } from 'react';
import { FieldError } from './input';

/** What a field's control needs to be labelled, described and marked invalid; spread it on the control. */
export interface FormFieldControl {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FormFieldProps {
  /** The control's id; the hint and the error get `${id}-hint` and `${id}-error`. */
  id: string;
  label: ReactNode;
  /** A line under the control that stays (format, where an answer is used). */
  hint?: ReactNode;
  /** The validation message; the control is then aria-invalid and described by it. */
  error?: string;
  /** A red star after the label for a required field, or "(opsional)"; none when absent. */
  mark?: 'required' | 'optional';
  /**
   * 'dialog' (default): the label sits in a line of body text above the control, as in the
   * dashboard dialogs. 'page': a block label with a little more air, as on the public pages.
   */
  layout?: 'dialog' | 'page';
  /** The control (and whatever sits around it), given the props that wire it to the label, hint and error. */
  children: (control: FormFieldControl) => ReactNode;
}

/**
 * One form field: label, control, hint and error. The error is not an alert of its own: forms move
 * the focus to the first invalid control, which reads its error out as its description.
 */
export function FormField({ id, label, hint, error, mark, layout = 'dialog', children }: FormFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control: FormFieldControl = { id, 'aria-describedby': describedBy, ...(error ? { 'aria-invalid': true as const } : {}) };
  const page = layout === 'page';
  return (
    <div className={page ? undefined : 'min-w-0'}>
      <label htmlFor={id} className={page ? 'mb-1.5 block text-sm font-semibold text-slate-800' : 'text-sm font-semibold text-slate-800'}>
        {label}
        {mark === 'optional' && <span className="font-normal text-slate-500"> (opsional)</span>}
        {mark === 'required' && <span aria-hidden="true" className="text-red-600"> *</span>}
      </label>
      {page ? children(control) : <div className="mt-1">{children(control)}</div>}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
