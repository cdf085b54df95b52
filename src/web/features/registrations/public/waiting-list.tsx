import { ListOrdered } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { RegistrationEvent } from '../../../../domain/events/contract';
import type { WaitingOffer } from '../../../../domain/registrations/contract';
import { categoryIsFull, zonedDateTime } from '../../../../domain/registrations/openness';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { Input, Select } from '../../../components/input';
import { formatHoldRemaining } from './hold-countdown';
import { useJoinWaitingList } from './registrations-api';

/**
 * 'Daftar Tunggu' (decision 033): a full category's first-come list. A freed slot is mailed to the
 * first runner waiting with a 30-minute claim link (the registration page with ?klaim=).
 */
export function WaitingListCard({ event }: { event: RegistrationEvent }) {
  const ids = useId();
  const full = event.categories.filter(categoryIsFull);
  const [categoryId, setCategoryId] = useState(full[0]?.categoryId ?? '');
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [problems, setProblems] = useState<{ fullName?: string; email?: string }>({});
  const join = useJoinWaitingList();
  const resultRef = useRef<HTMLDivElement>(null);
  // Folded until asked for: the page's one form stays the registration itself.
  const [open, setOpen] = useState(false);
  if (full.length === 0) return null;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const found = {
      fullName: fullName.trim() ? undefined : 'Nama lengkap wajib diisi',
      // A light check (the register page loads no schema library before its form); the server checks fully.
      email: !email.trim() ? 'Email wajib diisi' : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? undefined : 'Format email tidak valid',
    };
    setProblems(found);
    if (found.fullName || found.email) {
      document.getElementById(`${ids}-${found.fullName ? 'fullName' : 'email'}`)?.focus();
      return;
    }
    join.mutate(
      { eventId: event._id || event.eventId, categoryId, fullName: fullName.trim(), email: email.trim() },
      { onSettled: () => requestAnimationFrame(() => resultRef.current?.focus()) },
    );
  }

  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8" data-testid="waiting-list">
      <h2 id={`${ids}-title`} className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <ListOrdered className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
        Daftar Tunggu
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {full.length === 1 ? `Kategori ${full[0]!.name} sudah penuh.` : 'Beberapa kategori sudah penuh.'} Masuk Daftar Tunggu: bila ada slot yang kosong, kami
        kirim email berisi tautan klaim yang berlaku 30 menit, dan slot itu disimpan khusus untuk Anda.
      </p>
      {join.isSuccess ? (
        <Alert ref={resultRef} tone="success" title="Anda masuk Daftar Tunggu" className="mt-4">
          {join.data.message}
        </Alert>
      ) : !open ? (
        <Button
          type="button"
          variant="outline"
          className="mt-4 w-full sm:w-auto"
          aria-expanded={false}
          onClick={() => {
            setOpen(true);
            requestAnimationFrame(() => document.getElementById(`${ids}-${full.length > 1 ? 'category' : 'fullName'}`)?.focus());
          }}
        >
          Masuk Daftar Tunggu
        </Button>
      ) : (
        <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4" aria-label="Formulir Daftar Tunggu">
          <div className="grid gap-4 sm:grid-cols-2">
            {full.length > 1 && (
              <div className="sm:col-span-2">
                <FormField layout="page" id={`${ids}-category`} label="Kategori" mark="required">
                  {(control) => (
                    <Select {...control} value={categoryId} onChange={(e) => setCategoryId(e.currentTarget.value)}>
                      {full.map((c) => (
                        <option key={c.categoryId} value={c.categoryId}>
                          {c.name}
                        </option>
                      ))}
                    </Select>
                  )}
                </FormField>
              </div>
            )}
            <FormField layout="page" id={`${ids}-fullName`} label="Nama Lengkap" mark="required" error={problems.fullName}>
              {(control) => <Input {...control} autoComplete="name" maxLength={100} value={fullName} onChange={(e) => setFullName(e.currentTarget.value)} />}
            </FormField>
            <FormField layout="page" id={`${ids}-email`} label="Email" mark="required" hint="Tautan klaim dikirim ke email ini." error={problems.email}>
              {(control) => (
                <Input {...control} type="email" inputMode="email" autoComplete="email" placeholder="nama@gmail.com" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
              )}
            </FormField>
          </div>
          {join.isError && (
            <Alert ref={resultRef} tone="error">
              {join.error instanceof ApiError ? join.error.message : 'Gagal masuk Daftar Tunggu. Periksa koneksi internet Anda lalu coba lagi.'}
            </Alert>
          )}
          <Button type="submit" variant="outline" className="w-full sm:w-auto" loading={join.isPending} disabled={join.isPending}>
            Kirim ke Daftar Tunggu
          </Button>
        </form>
      )}
    </section>
  );
}

/** Above the form opened from a claim link: whose slot it is and how long it is kept. */
export function WaitingOfferBanner({ offer, timeZone, onExpired }: { offer: WaitingOffer; timeZone: string; onExpired: () => void }) {
  const until = zonedDateTime(new Date(offer.expiresAt), timeZone);
  const end = new Date(offer.expiresAt).getTime();
  const [now, setNow] = useState(() => Date.now());
  const over = end - now <= 0;
  useEffect(() => {
    if (over) return onExpired();
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [over, onExpired]);
  if (over) {
    return (
      <Alert tone="error" title="Waktu klaim habis">
        Slot ini sudah ditawarkan ke pelari berikutnya di Daftar Tunggu.
      </Alert>
    );
  }
  return (
    <Alert tone="success" title={`Slot kategori ${offer.categoryName} disimpan untuk Anda`}>
      Dari Daftar Tunggu, untuk {offer.email}. Lengkapi formulir di bawah sebelum pukul {until.time} {until.offset}; setelah itu slot ditawarkan ke pelari
      berikutnya. Sisa waktu{' '}
      <span role="timer" aria-live="off" className="font-mono font-bold tabular-nums" data-testid="offer-countdown">
        {formatHoldRemaining(end - now)}
      </span>
      .
    </Alert>
  );
}

/** Why a claim link opened nothing (used, unknown or too late). */
export function waitingOfferError(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Tautan klaim tidak dapat dibuka. Periksa koneksi internet Anda lalu muat ulang halaman.';
}
