import { Lock, Mail, MessageCircle } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button, buttonClass } from '../../components/button';
import { cn } from '../../components/cn';
import { Dialog } from '../../components/dialog';
import { Input } from '../../components/input';
import { Logo } from '../../components/logo';
import { PrivacyDialog, TermsDialog } from '../../components/legal/legal-dialogs';
import { supportContact } from '../../../domain/shared/contact';
import { useSupportWhatsapp } from '../../lib/support-whatsapp';
import { GOOGLE_UNAVAILABLE_HINT } from './auth-messages';

/**
 * The page around every sign-in screen: brand background, logo, one centred card. `aside`
 * (the development sign-in) sits below the card on phones and beside it on wide screens.
 */
export function AuthLayout({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <main className="min-h-dvh bg-gradient-to-b from-brand-50 via-white to-slate-50 px-3 py-8 sm:px-6 sm:py-12">
      <div className={cn('mx-auto flex w-full flex-col gap-5', aside ? 'max-w-md lg:max-w-5xl' : 'max-w-md')}>
        <div className="flex justify-center">
          <Logo />
        </div>
        <div className={cn('grid grid-cols-1 gap-5', aside && 'lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)] lg:items-start lg:justify-center')}>
          <div className="rounded-2xl border border-slate-200/80 bg-white p-5 shadow-xl shadow-brand-900/5 sm:p-8">{children}</div>
          {aside}
        </div>
        <p className="text-center text-xs text-slate-500">Derap — dari pelari, untuk pelari.</p>
      </div>
    </main>
  );
}

/** The card's content while the page checks for an existing session. */
export function SessionChecking({ label = 'Memeriksa sesi Anda...' }: { label?: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-10 text-center text-slate-600">
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-[3px] border-brand-500 border-t-transparent" />
      <p className="text-sm font-medium">{label}</p>
    </div>
  );
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 48 48" className="size-5" aria-hidden="true">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path fill="#1877F2" d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z" />
    </svg>
  );
}

const providerClass = 'min-h-12 w-full border-slate-300 px-3 text-slate-800';

/** Google is the way in; when the server has no Google configured it is shown, disabled, with a hint. */
export function GoogleButton({ href, available }: { href: string; available: boolean }) {
  const hintId = useId();
  if (available) {
    return (
      <a href={href} className={buttonClass('outline', 'md', providerClass)}>
        <GoogleIcon />
        Masuk dengan Google
      </a>
    );
  }
  return (
    <div>
      <button type="button" aria-disabled="true" aria-describedby={hintId} className={buttonClass('outline', 'md', cn(providerClass, 'cursor-not-allowed opacity-60 hover:bg-white'))}>
        <GoogleIcon />
        Masuk dengan Google
      </button>
      <p id={hintId} className="mt-1.5 text-xs text-slate-500">
        {GOOGLE_UNAVAILABLE_HINT}
      </p>
    </div>
  );
}

export function FacebookButton() {
  return (
    <button
      type="button"
      aria-disabled="true"
      className={buttonClass('outline', 'md', cn(providerClass, 'cursor-not-allowed opacity-60 hover:bg-white'))}
    >
      <FacebookIcon />
      <span className="whitespace-nowrap">Masuk dengan Facebook</span>
      <Badge tone="gray">
        Segera
      </Badge>
    </button>
  );
}

/** Email and password sign-in is not offered yet: the form is shown, disabled, under a 'coming soon' overlay. */
export function EmailPasswordComingSoon() {
  const ids = useId();
  return (
    <div className="relative">
      <form aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-soon`} onSubmit={(e) => e.preventDefault()} className="space-y-3">
        <h2 id={`${ids}-title`} className="sr-only">
          Masuk dengan email dan kata sandi
        </h2>
        <fieldset disabled className="space-y-3">
          <div>
            <label htmlFor={`${ids}-email`} className="mb-1 block text-sm font-medium text-slate-500">
              Email
            </label>
            <Input id={`${ids}-email`} type="email" placeholder="nama@contoh.id" disabled />
          </div>
          <div>
            <label htmlFor={`${ids}-password`} className="mb-1 block text-sm font-medium text-slate-500">
              Kata sandi
            </label>
            <Input id={`${ids}-password`} type="password" placeholder="••••••••" disabled />
          </div>
          <Button type="submit" className="w-full" disabled>
            Masuk
          </Button>
        </fieldset>
      </form>
      <div className="absolute inset-0 flex items-center justify-center rounded-xl bg-white/70 backdrop-blur-[2px]">
        <p id={`${ids}-soon`} className="flex items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm font-semibold text-white shadow-lg">
          <Lock className="size-4" aria-hidden="true" />
          Segera hadir: masuk dengan email
        </p>
      </div>
    </div>
  );
}

/** Only runners can sign in for now; coaches and organisers are asked to get in touch. */
export function RoleSelector() {
  const whatsapp = useSupportWhatsapp();
  const ids = useId();
  const option =
    'flex min-h-11 items-center justify-center gap-2 rounded-lg border px-3 py-2 text-center text-sm font-semibold';
  return (
    <fieldset aria-describedby={`${ids}-hint`}>
      <legend className="mb-2 text-sm font-semibold text-slate-800">Pilih peran</legend>
      <div className="grid grid-cols-2 gap-2">
        <label className={cn(option, 'col-span-2 cursor-pointer border-brand-500 bg-brand-50 text-brand-800 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600')}>
          <input type="radio" name={`${ids}-role`} value="runner" defaultChecked className="sr-only" />
          <span aria-hidden="true" className="flex size-4 items-center justify-center rounded-full border-2 border-brand-600">
            <span className="size-2 rounded-full bg-brand-600" />
          </span>
          Masuk sebagai Pelari
        </label>
        {[
          { value: 'coach', label: 'Pelatih' },
          { value: 'organizer', label: 'Penyelenggara' },
        ].map((r) => (
          <label key={r.value} className={cn(option, 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-500')}>
            <input type="radio" name={`${ids}-role`} value={r.value} disabled className="sr-only" />
            <Lock className="size-3.5 shrink-0" aria-hidden="true" />
            {r.label}
          </label>
        ))}
      </div>
      <p id={`${ids}-hint`} className="mt-2 text-xs leading-relaxed text-slate-600">
        Masuk sebagai Pelatih atau Penyelenggara belum dibuka. Hubungi kami lewat email{' '}
        <a href={`mailto:${supportContact.email}`} className="inline-flex items-center gap-0.5 font-semibold text-brand-700 underline-offset-2 hover:underline">
          <Mail className="size-3" aria-hidden="true" />
          {supportContact.email}
        </a>
        {whatsapp && (
          <>
            {' '}
            atau{' '}
            <a
              href={whatsapp.url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-0.5 font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              <MessageCircle className="size-3" aria-hidden="true" />
              WhatsApp
            </a>
          </>
        )}
        .
      </p>
    </fieldset>
  );
}

/** 'Buat Akun' explains that accounts are created by signing in with Google. */
export function CreateAccountPrompt() {
  const [open, setOpen] = useState(false);
  return (
    <div className="text-center text-sm text-slate-600">
      <p>
        Belum punya akun?{' '}
        <button type="button" onClick={() => setOpen(true)} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Buat Akun
        </button>
      </p>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        size="sm"
        title="Buat Akun"
        footer={
          <Button onClick={() => setOpen(false)} className="w-full sm:w-auto">
            Mengerti
          </Button>
        }
      >
        <p className="text-sm leading-relaxed text-slate-700">
          Pembuatan akun dan login di Derap saat ini hanya melalui Google. Pilih <strong>Masuk dengan Google</strong>: jika belum punya
          akun, akun Derap Anda dibuat otomatis saat pertama kali masuk.
        </p>
      </Dialog>
    </div>
  );
}

/** "By signing in you agree to ...": both open the legal texts in modals. */
export function LegalLinks() {
  const [open, setOpen] = useState<'terms' | 'privacy' | null>(null);
  const link = 'font-semibold text-slate-700 underline underline-offset-2 hover:text-brand-700';
  return (
    <div className="text-center text-xs leading-relaxed text-slate-500">
      <p>
        Dengan masuk, Anda menyetujui{' '}
        <button type="button" className={link} onClick={() => setOpen('terms')}>
          Syarat &amp; Ketentuan
        </button>{' '}
        serta{' '}
        <button type="button" className={link} onClick={() => setOpen('privacy')}>
          Kebijakan Privasi
        </button>{' '}
        Derap.
      </p>
      <TermsDialog open={open === 'terms'} onOpenChange={(o) => setOpen(o ? 'terms' : null)} />
      <PrivacyDialog open={open === 'privacy'} onOpenChange={(o) => setOpen(o ? 'privacy' : null)} />
    </div>
  );
}

function Divider({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-center gap-3 text-xs font-medium text-slate-500" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-200" />
      {children}
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}

/**
 * Everything a sign-in card offers (spec §2 Login): role choice, Google (active), Facebook
 * ('Segera'), the disabled email form, 'Buat Akun' and the legal links.
 */
export function SignInOptions({ googleHref, googleAvailable, error }: { googleHref: string; googleAvailable: boolean; error?: string | null }) {
  return (
    <div className="space-y-5">
      {error && <Alert tone="error">{error}</Alert>}
      <RoleSelector />
      <div className="space-y-3">
        <GoogleButton href={googleHref} available={googleAvailable} />
        <FacebookButton />
      </div>
      <Divider>atau</Divider>
      <EmailPasswordComingSoon />
      <CreateAccountPrompt />
      <LegalLinks />
    </div>
  );
}
