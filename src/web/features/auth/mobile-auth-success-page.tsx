import { AlertCircle, CheckCircle2, ExternalLink, RotateCw, Smartphone } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import {
  APP_FALLBACK_DELAY_MS,
  APP_HOME_URL,
  APP_OPEN_DELAY_MS,
  MANUAL_HINT_DELAY_MS,
  appLinks,
  authSuccessMessages,
  openAppFallback,
  parseAuthSuccessQuery,
  resolveAppOpener,
  type AppOpener,
  type AuthSuccessResult,
} from './app-handoff';
import { AuthLayout } from './login-options';

type PageState = { status: 'processing' } | AuthSuccessResult;

/**
 * /mobile-auth-success (spec §2 Auth-success page, §4, §9): reads token, refreshToken and user,
 * then opens the app by its custom scheme, tries a second way, and finally asks the person to
 * switch back by hand.
 */
export function MobileAuthSuccessPage({ opener: injected }: { opener?: AppOpener } = {}) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const opener = useMemo(() => injected ?? resolveAppOpener(), [injected]);
  const [state, setState] = useState<PageState>({ status: 'processing' });
  const [showHint, setShowHint] = useState(false);
  const [openFailed, setOpenFailed] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    setState(parseAuthSuccessQuery(search));
    setShowHint(false);
    setOpenFailed(false);
  }, [search]);

  const links = useMemo(() => (state.status === 'success' ? appLinks(state.payload) : null), [state]);

  /** Runs one opening attempt; a browser that throws leaves the person a manual route. */
  const attempt = useCallback((open: () => void) => {
    try {
      open();
    } catch {
      setOpenFailed(true);
    }
  }, []);

  useEffect(() => {
    if (!links) return;
    const timers: number[] = [];
    timers.push(
      window.setTimeout(() => {
        attempt(() => opener.navigate(links.scheme));
        timers.push(window.setTimeout(() => attempt(() => openAppFallback(opener, links, navigator.userAgent)), APP_FALLBACK_DELAY_MS));
        timers.push(window.setTimeout(() => setShowHint(true), MANUAL_HINT_DELAY_MS));
      }, APP_OPEN_DELAY_MS),
    );
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [links, opener, attempt]);

  useEffect(() => {
    if (state.status !== 'processing') headingRef.current?.focus();
  }, [state.status]);

  return (
    <AuthLayout>
      <title>Kembali ke Aplikasi — Derap</title>
      <div className="flex flex-col items-center text-center" aria-live="polite">
        {state.status === 'processing' && (
          <>
            <StateIcon tone="brand">
              <span aria-hidden="true" className="size-7 animate-spin rounded-full border-[3px] border-brand-500 border-t-transparent" />
            </StateIcon>
            <h1 className="text-xl font-extrabold text-slate-900">Memproses login...</h1>
            <p className="mt-1.5 text-sm text-slate-600">Mohon tunggu sebentar.</p>
          </>
        )}

        {state.status === 'success' && links && (
          <>
            <StateIcon tone="green">
              <CheckCircle2 className="size-8" aria-hidden="true" />
            </StateIcon>
            <h1 ref={headingRef} tabIndex={-1} className="text-xl font-extrabold text-slate-900 outline-none">
              Login berhasil!
            </h1>
            <p className="mt-1.5 text-sm text-slate-600">
              Halo{state.payload.user.name ? `, ${String(state.payload.user.name)}` : ''}. Membuka aplikasi Derap...
            </p>
            <div className="mt-5 w-full space-y-3 text-left">
              {openFailed && <Alert tone="error">{authSuccessMessages.openFailed}</Alert>}
              {showHint && !openFailed && <Alert tone="info">{authSuccessMessages.manualHint}</Alert>}
            </div>
            <div className="mt-5 flex w-full flex-col gap-2">
              <Button size="lg" className="w-full" onClick={() => attempt(() => opener.navigate(links.scheme))}>
                <ExternalLink className="size-4" aria-hidden="true" />
                Buka Aplikasi
              </Button>
            </div>
          </>
        )}

        {state.status === 'error' && (
          <>
            <StateIcon tone="red">
              <AlertCircle className="size-8" aria-hidden="true" />
            </StateIcon>
            <h1 ref={headingRef} tabIndex={-1} className="text-xl font-extrabold text-slate-900 outline-none">
              Login belum selesai
            </h1>
            <Alert tone="error" className="mt-4 w-full text-left">
              {state.message}
            </Alert>
            <div className="mt-5 flex w-full flex-col gap-2">
              <Button size="lg" className="w-full" onClick={() => navigate('/mobile-login?from_app=true')}>
                <RotateCw className="size-4" aria-hidden="true" />
                Coba Lagi
              </Button>
              <Button size="lg" variant="outline" className="w-full" onClick={() => attempt(() => opener.navigate(APP_HOME_URL))}>
                <Smartphone className="size-4" aria-hidden="true" />
                Kembali ke Aplikasi
              </Button>
            </div>
          </>
        )}
      </div>
    </AuthLayout>
  );
}

function StateIcon({ tone, children }: { tone: 'brand' | 'green' | 'red'; children: ReactNode }) {
  const tones = { brand: 'bg-brand-50 text-brand-600', green: 'bg-green-100 text-green-600', red: 'bg-red-100 text-red-600' };
  return <span className={`mb-4 flex size-16 items-center justify-center rounded-full ${tones[tone]}`}>{children}</span>;
}
