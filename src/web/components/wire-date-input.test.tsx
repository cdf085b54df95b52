import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inputValueToWireDate, WireDateInput, wireDateToInputValue } from './wire-date-input';

afterEach(cleanup);

describe('wire date ⇄ date input value', () => {
  it('turns DD-MM-YYYY into YYYY-MM-DD and back, any year (a date of birth)', () => {
    expect(wireDateToInputValue('14-03-1995')).toBe('1995-03-14');
    expect(inputValueToWireDate('1995-03-14')).toBe('14-03-1995');
    expect(inputValueToWireDate(wireDateToInputValue('01-01-1900'))).toBe('01-01-1900');
  });

  it('gives an empty value for anything else (a cleared or half-typed date)', () => {
    for (const bad of ['', '1995-03-14', '14/03/1995', '4-3-1995']) expect(wireDateToInputValue(bad)).toBe('');
    for (const bad of ['', '14-03-1995', '1995-3-14']) expect(inputValueToWireDate(bad)).toBe('');
  });
});

describe('<WireDateInput>', () => {
  it('shows a wire date in the date control and hands back the wire format', () => {
    const onValueChange = vi.fn();
    render(<WireDateInput aria-label="Tanggal Lahir" value="14-03-1995" onValueChange={onValueChange} />);
    const input = screen.getByLabelText('Tanggal Lahir') as HTMLInputElement;
    expect(input.type).toBe('date');
    expect(input.value).toBe('1995-03-14');
    fireEvent.change(input, { target: { value: '2001-12-31' } });
    expect(onValueChange).toHaveBeenLastCalledWith('31-12-2001');
    fireEvent.change(input, { target: { value: '' } });
    expect(onValueChange).toHaveBeenLastCalledWith('');
  });
});
