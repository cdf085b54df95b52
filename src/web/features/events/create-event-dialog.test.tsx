import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventFormMessages } from '../../../domain/events/event-form';
import { CreateEventDialog } from './create-event-dialog';

vi.mock('./events-api', () => ({
  useCreateEvent: () => ({ mutateAsync: vi.fn() }),
  uploadImage: vi.fn(),
}));

afterEach(cleanup);

// jsdom has no CSS.escape; the form uses it to find its first invalid field.
if (!(globalThis as { CSS?: { escape?: unknown } }).CSS?.escape) Object.assign(globalThis, { CSS: { escape: (s: string) => s.replace(/[^\w-]/g, '\\$&') } });

const field = (label: string) => screen.getByLabelText(label, { selector: 'input,textarea' }) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Buat Event' }));

describe('<CreateEventDialog>', () => {
  it('shows each message under its field and moves the focus to the first invalid field on screen', async () => {
    render(<CreateEventDialog open onOpenChange={() => {}} onCreated={() => {}} />);
    submit();
    expect(await screen.findByText(eventFormMessages.nameRequired)).toBeTruthy();
    const name = field('Nama Event');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    // The hint (the event id made from the name) and the error both describe the field.
    const describedBy = name.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy.map((id) => document.getElementById(id)!.textContent)).toEqual(['ID Event (otomatis dari nama): -', eventFormMessages.nameRequired]);
    await waitFor(() => expect(document.activeElement).toBe(name));

    // Once the name is right, the next field on screen gets the focus (not, say, the payment options below).
    fireEvent.change(name, { target: { value: 'Derap Pagi' } });
    fireEvent.change(field('Pendaftaran Dibuka'), { target: { value: '2098-01-01T08:00' } });
    fireEvent.change(field('Pendaftaran Ditutup'), { target: { value: '2098-02-01T08:00' } });
    fireEvent.change(field('Tanggal Event'), { target: { value: '2098-03-01T08:00' } });
    await waitFor(() => expect(screen.queryByText(eventFormMessages.nameRequired)).toBeNull());
    const focused: Element[] = [];
    const onFocus = (e: FocusEvent) => focused.push(e.target as Element);
    document.addEventListener('focusin', onFocus);
    submit();
    expect(await screen.findByText(eventFormMessages.paymentOptionsRequired)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Deskripsi')));
    await new Promise((r) => setTimeout(r, 50));
    document.removeEventListener('focusin', onFocus);
    // Only there: the library's own pick (in the order fields were registered) would jump elsewhere.
    expect(focused).toEqual([field('Deskripsi')]);
  });

  it('keeps digits only in the numeric fields and derives the event id from the name', () => {
    render(<CreateEventDialog open onOpenChange={() => {}} onCreated={() => {}} />);
    fireEvent.change(field('Harga (Rp)'), { target: { value: 'Rp 150.000' } });
    expect(field('Harga (Rp)').value).toBe('150000');
    fireEvent.change(field('Nama Event'), { target: { value: 'Jakarta Pagi Run' } });
    expect(screen.getByText('jakarta-pagi-run')).toBeTruthy();
    expect(field('Biaya Admin').disabled).toBe(true);
  });
});
