import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormField } from './form-field';
import { Input, Select } from './input';

afterEach(cleanup);

/** What a screen reader reads after the name: the texts aria-describedby points to, in order. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)!.textContent)
    .join(' ');

describe('<FormField>', () => {
  it('labels the control and describes it by its hint', () => {
    render(
      <FormField id="f-email" label="Email" hint="Konfirmasi dikirim ke email ini.">
        {(control) => <Input {...control} />}
      </FormField>,
    );
    const input = screen.getByLabelText('Email');
    expect(input.id).toBe('f-email');
    expect(input.getAttribute('aria-describedby')).toBe('f-email-hint');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.className).toContain('border-slate-300');
    expect(description(input)).toBe('Konfirmasi dikirim ke email ini.');
  });

  it('with an error: the control is invalid and described by the hint, then the error', () => {
    render(
      <FormField id="f-phone" label="Nomor Telepon" hint="Angka saja." error="Nomor telepon terlalu pendek">
        {(control) => <Input {...control} />}
      </FormField>,
    );
    const input = screen.getByLabelText('Nomor Telepon');
    expect(input.getAttribute('aria-describedby')).toBe('f-phone-hint f-phone-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.className).toContain('border-red-400');
    expect(description(input)).toBe('Angka saja. Nomor telepon terlalu pendek');
    const error = screen.getByText('Nomor telepon terlalu pendek');
    expect(error.id).toBe('f-phone-error');
    // As in the forms before: the error is no alert of its own; the form moves the focus to the
    // first invalid control, which reads the error out as its description.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('without hint or error the control has no description', () => {
    render(<FormField id="f-loc" label="Lokasi">{(control) => <Input {...control} />}</FormField>);
    const input = screen.getByLabelText('Lokasi');
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(document.getElementById('f-loc-error')).toBeNull();
    expect(document.getElementById('f-loc-hint')).toBeNull();
  });

  it('marks required fields with a star hidden from screen readers, optional ones in words', () => {
    render(
      <>
        <FormField id="f-blood" label="Golongan Darah" mark="required" layout="page" error="Golongan darah wajib dipilih">
          {(control) => (
            <Select {...control}>
              <option value="">Pilih golongan darah</option>
            </Select>
          )}
        </FormField>
        <FormField id="f-notes" label="Catatan Medis" mark="optional" layout="page">
          {(control) => <textarea {...control} />}
        </FormField>
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Golongan Darah' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toBe('f-blood-error');
    expect(screen.getByText('*').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Catatan Medis (opsional)' })).toBeTruthy();
  });

  it('keeps the two looks of the forms: a block label on pages, the label in a line above a wrapper in dialogs', () => {
    render(
      <>
        <FormField id="f-page" label="Nama BIB" layout="page">
          {(control) => <Input {...control} />}
        </FormField>
        <FormField id="f-dialog" label="Nama Event">
          {(control) => <Input {...control} />}
        </FormField>
      </>,
    );
    const pageLabel = screen.getByText('Nama BIB');
    expect(pageLabel.className).toContain('mb-1.5 block');
    expect(screen.getByLabelText('Nama BIB').parentElement).toBe(pageLabel.parentElement);
    const dialogLabel = screen.getByText('Nama Event');
    expect(dialogLabel.className).not.toContain('block');
    expect(screen.getByLabelText('Nama Event').parentElement!.className).toBe('mt-1');
  });
});
