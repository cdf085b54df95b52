import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, ExternalLink, RotateCw, ShieldCheck, Smartphone, UserRoundCog } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { PublicUser } from '../../../domain/users/contract';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/alert';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import {
  DEFAULT_MOBILE_APP,
  MOBILE_LOGIN_REDIRECT_DELAY_MS,
  appHomeUrl,
  authSuccessPath,
  mobileGoogleHref,
  mobileLoginMessages,
  parseAppRequest,
  resolveAppOpener,
  type AppOpener,
  type AppRequest,
} from './app-handoff';
import { signInErrorMessage } from './auth-messages';
import { DevLoginForm } from './dev-login-form';
import { requestHandoffCode } from './handoff-api';
import { AuthLayout, SessionChecking, SignInOptions } from './login-options';
import { sessionCheckKey, useSessionCheck } from './session-api';
import { useAuthConfig } from '../../lib/session';
import { useDocumentTitle } from '../../hooks/use-document-meta';

/**
 * /mobile-login (spec §2 Mobile login, §4; decision 008). The app opens it with
 * `from_app=true&code_challenge=…&state=…`. Nothing is handed to the app without a click: a
 * signed-in person sees who they are signed in as and presses 'Buka Aplikasi'; only then is a
 * one-time code minted for the app's challenge. Signed in without from_app: /dashboard.
 */
export function MobileLoginPage({ opener: injected }: { opener?: AppOpener } = {}) {
  useDocumentTitle('Masuk ke Aplikasi — Derap');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const fromApp = params.get('from_app') === 'true';
  const appRequest = useMemo(() => (fromApp ? parseAppRequest(params) : null), [fromApp, params]);
  const session = useSessionCheck();
  const config = useAuthConfig();
  const opener = useMemo(() => injected ?? resolveAppOpener(), [injected]);
  const [devUser, setDevUser] = useState<PublicUser | null>(null);
  const [switching, setSwitching] = useState(false);
  const [sessionEnded, setSessionEnded] = useState<string | null>(null);
  const user = devUser ?? session.user;

  const handoff = useMutation({
    mutationFn: ({ req, who }: { req: AppRequest; who: PublicUser }) => requestHandoffCode(req, who),
    onError: (err) => {
      // The browser's session ran out between the check and the click: ask to sign in again.
      if (isSessionEnded(err)) {
        setDevUser(null);
        setSessionEnded(err.message);
        queryClient.setQueryData(sessionCheckKey, null);
      }
    },
  });
  const handed = handoff.data;
  const handoffFailed = handoff.isError && !isSessionEnded(handoff.error);

  useEffect(() => {
    if (user && !fromApp) void navigate('/dashboard', { replace: true });
  }, [user, fromApp, navigate]);

  useEffect(() => {
    if (!handed || !appRequest) return;
    const timer = window.setTimeout(() => navigate(authSuccessPath(appRequest), { replace: true }), MOBILE_LOGIN_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [handed, appRequest, navigate]);

  const loading = session.checking || config.isPending;
  const googleAvailable = config.data?.google ?? true;
  const app = config.data?.mobileApp ?? DEFAULT_MOBILE_APP;
  const signInNeeded = !loading && (!user || switching) && !(fromApp && !appRequest);

  function signedInWithDev(next: PublicUser) {
    handoff.reset();
    setDevUser(next);
    setSwitching(false);
    setSessionEnded(null);
  }

  let body;
  if (loading) {
    body = <SessionChecking />;
  } else if (fromApp && !appRequest) {
    body = <LinkIncomplete onBackToApp={() => opener.navigate(appHomeUrl(app))} />;
  } else if (user && !fromApp) {
    body = <SessionChecking label="Anda sudah masuk. Membuka dashboard..." />;
  } else if (user && appRequest && !switching && handoffFailed) {
    body = <HandoffFailed onRetry={() => handoff.mutate({ req: appRequest, who: user })} />;
  } else if (user && appRequest && !switching) {
    body = (
      <ConfirmHandoff
        user={user}
        busy={handoff.isPending || Boolean(handed)}
        onOpen={() => handoff.mutate({ req: appRequest, who: user })}
        onSwitch={() => setSwitching(true)}
      />
    );
  } else {
    body = (
      <>
        <header className="mb-6 text-center">
          {fromApp && (
            <p className="mb-3 inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">
              <Smartphone className="size-3.5" aria-hidden="true" />
              Masuk untuk aplikasi Derap
            </p>
          )}
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{switching ? 'Masuk dengan akun lain' : 'Masuk ke Derap'}</h1>
          <p className="mt-1.5 text-sm text-slate-600">
            {fromApp ? 'Setelah masuk, tekan Buka Aplikasi untuk kembali ke aplikasi Derap.' : 'Setelah masuk, Anda akan diarahkan ke dashboard.'}
          </p>
        </header>
        {switching && user && (
          <Button variant="ghost" size="sm" className="mb-4 -ml-2" onClick={() => setSwitching(false)}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Lanjutkan sebagai {user.name || user.email}
          </Button>
        )}
        <SignInOptions
          googleHref={mobileGoogleHref(window.location.origin, fromApp, appRequest)}
          googleAvailable={googleAvailable}
          error={sessionEnded ?? signInErrorMessage(params.get('error'))}
        />
      </>
    );
  }

  return (
    <AuthLayout aside={signInNeeded && config.data?.devLogin ? <DevLoginForm onSignedIn={signedInWithDev} /> : undefined}>
      {body}
      {handed && <SuccessOverlay />}
    </AuthLayout>
  );
}

const isSessionEnded = (err: unknown): err is ApiError => err instanceof ApiError && err.status === 401;

/** Signed in: who the app will be signed in as, and the one button that hands over. */
function ConfirmHandoff({ user, busy, onOpen, onSwitch }: { user: PublicUser; busy: boolean; onOpen: () => void; onSwitch: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="flex flex-col items-center text-center">
      <p className="mb-3 inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">
        <Smartphone className="size-3.5" aria-hidden="true" />
        Masuk untuk aplikasi Derap
      </p>
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-extrabold tracking-tight text-slate-900 outline-none">
        Lanjutkan ke aplikasi
      </h1>
      <p className="mt-1.5 text-sm text-slate-600">Anda sudah masuk di browser ini sebagai:</p>
      <div
        data-testid="handoff-account"
        className="mt-4 flex w-full items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-left"
      >
        <Avatar name={user.name || user.email} photo={user.photo} />
        <div className="min-w-0">
          {/* Shown whole, never cut: the person must be able to tell which account the app gets. */}
          <p className="text-sm font-bold break-words text-slate-900">{user.name || user.email}</p>
          <p className="text-sm break-all text-slate-600">{user.email}</p>
        </div>
      </div>
      <div className="mt-5 flex w-full flex-col gap-2">
        <Button size="lg" className="w-full" loading={busy} onClick={onOpen}>
          {!busy && <ExternalLink className="size-4" aria-hidden="true" />}
          Buka Aplikasi
        </Button>
        <Button size="lg" variant="outline" className="w-full" disabled={busy} onClick={onSwitch}>
          <UserRoundCog className="size-4" aria-hidden="true" />
          Gunakan akun lain
        </Button>
      </div>
      <p className="mt-4 flex items-start gap-2 text-left text-xs leading-relaxed text-slate-500">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
        {mobileLoginMessages.confirmOnlyIfYou}
      </p>
    </div>
  );
}

/** 'Login berhasil! Mengarahkan ke aplikasi...' over the whole page until the redirect. */
function SuccessOverlay() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="animate-fade-in fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4">
      <div
        ref={ref}
        tabIndex={-1}
        role="status"
        aria-live="polite"
        data-testid="mobile-login-success"
        className="flex w-full max-w-sm flex-col items-center gap-3 rounded-2xl bg-white px-6 py-8 text-center shadow-2xl outline-none"
      >
        <span className="flex size-14 items-center justify-center rounded-full bg-green-100 text-green-600">
          <CheckCircle2 className="size-8" aria-hidden="true" />
        </span>
        <p className="text-lg font-bold text-slate-900">{mobileLoginMessages.overlay}</p>
        <Spinner className="size-5 text-brand-600" label="" />
      </div>
    </div>
  );
}

function HandoffFailed({ onRetry }: { onRetry: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="space-y-4">
      <h1 className="text-center text-xl font-extrabold tracking-tight text-slate-900">Hampir selesai</h1>
      <Alert ref={ref} tone="error">
        {mobileLoginMessages.handoffFailed}
      </Alert>
      <Button variant="outline" className="w-full" onClick={onRetry}>
        <RotateCw className="size-4" aria-hidden="true" />
        Coba arahkan lagi
      </Button>
    </div>
  );
}

/** from_app=true without a valid challenge: an old app or a forged link. Nothing can be handed over. */
function LinkIncomplete({ onBackToApp }: { onBackToApp: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="space-y-4">
      <h1 className="text-center text-xl font-extrabold tracking-tight text-slate-900">Tautan tidak lengkap</h1>
      <Alert ref={ref} tone="error">
        {mobileLoginMessages.linkIncomplete}
      </Alert>
      <Button size="lg" variant="outline" className="w-full" onClick={onBackToApp}>
        <Smartphone className="size-4" aria-hidden="true" />
        Kembali ke Aplikasi
      </Button>
    </div>
  );
}
