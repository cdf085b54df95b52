import { forwardRef } from 'react';
import { isoToPlanDate } from '../../domain/shared/wire-date';
import { Input, type InputProps } from './input';

const WIRE_DAY = /^\d{2}-\d{2}-\d{4}$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** DD-MM-YYYY (the wire, e.g. a date of birth) → YYYY-MM-DD (a date input's value); '' when it is not that shape. */
export const wireDateToInputValue = (wire: string) => (WIRE_DAY.test(wire) ? `${wire.slice(6)}-${wire.slice(3, 5)}-${wire.slice(0, 2)}` : '');

/** A date input's value (YYYY-MM-DD, '' when cleared or incomplete) → DD-MM-YYYY, or ''. */
export const inputValueToWireDate = (value: string) => (ISO_DAY.test(value) ? isoToPlanDate(value) : '');

export interface WireDateInputProps extends Omit<InputProps, 'type' | 'value' | 'onChange'> {
  /** DD-MM-YYYY, or '' when none. */
  value: string;
  /** Gets DD-MM-YYYY, or '' when the runner cleared the date. */
  onValueChange: (wire: string) => void;
}

/** A date input that speaks the wire's DD-MM-YYYY, while the browser's control speaks YYYY-MM-DD. */
export const WireDateInput = forwardRef<HTMLInputElement, WireDateInputProps>(function WireDateInput({ value, onValueChange, ...rest }, ref) {
  return <Input ref={ref} {...rest} type="date" value={wireDateToInputValue(value)} onChange={(e) => onValueChange(inputValueToWireDate(e.currentTarget.value))} />;
});
