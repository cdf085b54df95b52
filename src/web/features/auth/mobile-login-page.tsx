import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, RotateCw, Smartphone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { PublicUser } from '../../../domain/user';
import { api } from '../../api/client';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { MOBILE_LOGIN_REDIRECT_DELAY_MS, authSuccessPath, mobileGoogleHref, mobileLoginMessages } from './app-handoff';
import { signInErrorMessage } from './auth-messages';
import { DevLoginForm } from './dev-login-form';
import { AuthLayout, SessionChecking, SignInOptions } from './login-options';
import { useSessionCheck } from './session-check';
import { useAuthConfig } from './session';

interface HandoffResponse {
  token: string;
  refreshToken: string;
  user: PublicUser;
}

/**
 * /mobile-login (spec §2 Mobile login, §4 Mobile login). Signed in and from_app=true: a separate
 * session is minted for the app and handed to /mobile-auth-success; without from_app: /dashboard.
 */
export function MobileLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromApp = params.get('from_app') === 'true';
  const session = useSessionCheck();
  const config = useAuthConfig();
  const [devUser, setDevUser] = useState<PublicUser | null>(null);
  const user = session.user ?? devUser;

  const {
    mutate: startHandoff,
    data: handoff,
    isError: handoffFailed,
  } = useMutation({
    mutationFn: () => api.post<HandoffResponse>('/api/auth/mobile-handoff'),
  });

  // One hand-off per visit (StrictMode runs effects twice in development).
  const started = useRef(false);
  useEffect(() => {
    if (!user) return;
    if (!fromApp) {
      navigate('/dashboard', { replace: true });
      return;
    }
    if (started.current) return;
    started.current = true;
    startHandoff();
  }, [user, fromApp, navigate, startHandoff]);

  useEffect(() => {
    if (!handoff) return;
    const timer = window.setTimeout(() => navigate(authSuccessPath(handoff), { replace: true }), MOBILE_LOGIN_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [handoff, navigate]);

  const loading = session.checking || config.isPending;
  const googleAvailable = config.data?.google ?? true;
  const showOptions = !loading && !user;

  let body;
  if (loading) {
    body = <SessionChecking />;
  } else if (user && !fromApp) {
    body = <SessionChecking label="Anda sudah masuk. Membuka dashboard..." />;
  } else if (user && handoffFailed) {
    body = <HandoffFailed onRetry={() => startHandoff()} />;
  } else if (user) {
    body = <SessionChecking label="Menyiapkan login untuk aplikasi..." />;
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
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Masuk ke Derap</h1>
          <p className="mt-1.5 text-sm text-slate-600">Setelah masuk, Anda akan diarahkan kembali ke aplikasi Derap.</p>
        </header>
        <SignInOptions
          googleHref={mobileGoogleHref(window.location.origin, fromApp)}
          googleAvailable={googleAvailable}
          error={signInErrorMessage(params.get('error'))}
        />
      </>
    );
  }

  return (
    <AuthLayout aside={showOptions && config.data?.devLogin ? <DevLoginForm onSignedIn={setDevUser} /> : undefined}>
      <title>Masuk ke Aplikasi — Derap</title>
      {body}
      {handoff && <SuccessOverlay />}
    </AuthLayout>
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
