import { Wrench } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { roleLabels, type Role } from '../../../domain/users/roles';
import { devLoginSchema } from '../../../domain/auth/contract';
import type { PublicUser } from '../../../domain/users/contract';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { FieldError, Input, Select } from '../../components/input';
import { Spinner } from '../../components/spinner';
import { useDevLogin } from '../../lib/session';

/** The seeded demo accounts (scripts/seed.ts), one per role. */
export const demoAccounts: { email: string; role: Role }[] = [
  { email: 'rina.wulandari@derap.id', role: 'runner' },
  { email: 'andi.pratama@derap.id', role: 'coach' },
  { email: 'siti.rahmawati@derap.id', role: 'organizer' },
  { email: 'dewi.lestari@derap.id', role: 'admin' },
];

const roleOptions: Role[] = ['runner', 'coach', 'organizer', 'admin'];

type FieldErrors = Partial<Record<'email' | 'name' | 'role', string>>;

/** Client-side check with the same schema the server uses; returns the input or the errors. */
export function validateDevLogin(raw: { email: string; name: string; role: string }) {
  const input = { email: raw.email.trim(), name: raw.name.trim() || undefined, role: raw.role || undefined };
  const parsed = devLoginSchema.safeParse(input);
  if (parsed.success) return { ok: true as const, data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if ((key === 'email' || key === 'name' || key === 'role') && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false as const, errors };
}

/**
 * "Masuk Pengembangan": the development sign-in of DESIGN.md §4, shown only when the server
 * offers it (never in production).
 */
export function DevLoginForm({ onSignedIn }: { onSignedIn: (user: PublicUser) => void }) {
  const ids = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  /** Which control started the sign-in ('form' or a demo email), for its spinner. */
  const [pending, setPending] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const login = useDevLogin();

  function signIn(input: { email: string; name?: string; role?: string }, source: string) {
    setServerError(null);
    setPending(source);
    login.mutate(input, {
      onSuccess: ({ user }) => onSignedIn(user),
      onError: (err) => {
        setPending(null);
        setServerError(err instanceof ApiError ? err.message : 'Gagal masuk. Periksa koneksi internet Anda lalu coba lagi.');
      },
    });
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const result = validateDevLogin({ email, name, role });
    if (!result.ok) {
      setErrors(result.errors);
      if (result.errors.email) emailRef.current?.focus();
      else if (result.errors.name) nameRef.current?.focus();
      return;
    }
    setErrors({});
    signIn(result.data, 'form');
  }

  // Stays busy after success too: the page is about to navigate away.
  const busy = pending !== null;

  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-2xl border border-dashed border-slate-300 bg-white/80 p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <Wrench className="size-4 text-slate-500" aria-hidden="true" />
        <h2 id={`${ids}-title`} className="text-base font-bold text-slate-900">
          Masuk Pengembangan
        </h2>
        <Badge tone="yellow">Mode pengembangan</Badge>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Google belum dipakai di server ini. Masuk dengan email apa saja untuk mencoba Derap; akun baru dibuat otomatis.
      </p>

      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-3" aria-describedby={serverError ? `${ids}-server` : undefined}>
        <div>
          <label htmlFor={`${ids}-email`} className="mb-1 block text-sm font-medium text-slate-800">
            Email
          </label>
          <Input
            ref={emailRef}
            id={`${ids}-email`}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="nama@contoh.id"
            value={email}
            invalid={Boolean(errors.email)}
            aria-describedby={errors.email ? `${ids}-email-error` : undefined}
            onChange={(e) => setEmail(e.target.value)}
            disabled={busy}
          />
          <FieldError id={`${ids}-email-error`} message={errors.email} />
        </div>
        <div>
          <label htmlFor={`${ids}-name`} className="mb-1 block text-sm font-medium text-slate-800">
            Nama <span className="font-normal text-slate-500">(opsional)</span>
          </label>
          <Input
            ref={nameRef}
            id={`${ids}-name`}
            autoComplete="name"
            placeholder="Nama tampilan"
            value={name}
            invalid={Boolean(errors.name)}
            aria-describedby={errors.name ? `${ids}-name-error` : undefined}
            onChange={(e) => setName(e.target.value)}
            disabled={busy}
          />
          <FieldError id={`${ids}-name-error`} message={errors.name} />
        </div>
        <div>
          <label htmlFor={`${ids}-role`} className="mb-1 block text-sm font-medium text-slate-800">
            Peran
          </label>
          <Select id={`${ids}-role`} value={role} onChange={(e) => setRole(e.target.value)} disabled={busy}>
            <option value="">Tidak diubah (akun baru: Pelari)</option>
            {roleOptions.map((r) => (
              <option key={r} value={r}>
                {roleLabels[r]}
              </option>
            ))}
          </Select>
          <FieldError id={`${ids}-role-error`} message={errors.role} />
        </div>

        {serverError && (
          <Alert tone="error" className="mt-1">
            <span id={`${ids}-server`}>{serverError}</span>
          </Alert>
        )}

        <Button type="submit" variant="secondary" className="w-full" loading={pending === 'form'} disabled={busy}>
          Masuk Pengembangan
        </Button>
      </form>

      <div className="mt-5">
        <h3 className="text-sm font-semibold text-slate-800">Akun demo</h3>
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {demoAccounts.map((account) => (
            <li key={account.email}>
              <button
                type="button"
                onClick={() => signIn({ email: account.email, role: account.role }, account.email)}
                disabled={busy}
                aria-label={`Masuk sebagai ${roleLabels[account.role]} (${account.email})`}
                className="flex w-full min-w-0 flex-col items-start rounded-lg border border-slate-200 bg-white px-3 py-2 text-left transition-colors hover:border-brand-300 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60"
              >
                <span className="flex items-center gap-2 text-sm font-semibold text-slate-900">
                  {roleLabels[account.role]}
                  {pending === account.email && <Spinner className="size-3.5" label="" />}
                </span>
                <span className="w-full truncate text-xs text-slate-500">{account.email}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
