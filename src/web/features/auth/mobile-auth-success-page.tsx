import { AlertCircle, CheckCircle2, ExternalLink, RotateCw, Smartphone } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import {
  APP_FALLBACK_DELAY_MS,
  APP_OPEN_DELAY_MS,
  CODE_EXPIRY_MARGIN_MS,
  DEFAULT_MOBILE_APP,
  MANUAL_HINT_DELAY_MS,
  appHomeUrl,
  appLinks,
  authSuccessMessages,
  mobileLoginPath,
  openAppFallback,
  parseAppRequest,
  resolveAppOpener,
  resolveAuthSuccess,
  type AppOpener,
  type AuthSuccessResult,
} from './app-handoff';
import { requestHandoffCode } from './handoff-api';
import { AuthLayout } from './login-options';
import { useAuthConfig } from '../../lib/session';
import { useDocumentTitle } from '../../hooks/use-document-meta';

type PageState = { status: 'processing' } | AuthSuccessResult;

/**
 * /mobile-auth-success (spec §2 Auth-success page, §4, §9; decision 008). Reached from
 * /mobile-login after the person pressed 'Buka Aplikasi': the one-time code waits in memory (never
 * in the URL), and the page opens `<scheme>://auth-success?code=…&state=…`, tries a second way,
 * and finally asks the person to switch back by hand. Anything else (a reload, a link, history)
 * finds no code and shows the error state with 'Coba Lagi'.
 */
export function MobileAuthSuccessPage({ opener: injected }: { opener?: AppOpener } = {}) {
  useDocumentTitle('Kembali ke Aplikasi — Derap');
  const { search } = useLocation();
  const navigate = useNavigate();
  const config = useAuthConfig();
  const app = config.data?.mobileApp ?? DEFAULT_MOBILE_APP;
  const opener = useMemo(() => injected ?? resolveAppOpener(), [injected]);
  const appRequest = useMemo(() => parseAppRequest(search), [search]);
  const [state, setState] = useState<PageState>({ status: 'processing' });
  const [showHint, setShowHint] = useState(false);
  const [openFailed, setOpenFailed] = useState(false);
  const [reopening, setReopening] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    setState(resolveAuthSuccess(search));
    setShowHint(false);
    setOpenFailed(false);
  }, [search]);

  const payload = state.status === 'success' ? state.payload : null;
  const links = useMemo(() => (payload ? appLinks(app, payload) : null), [app, payload]);

  /** Runs one opening attempt; a browser that throws leaves the person a manual route. */
  const attempt = useCallback((open: () => void) => {
    try {
      open();
    } catch {
      setOpenFailed(true);
    }
  }, []);

  // Opens the app once per code (the person's click on /mobile-login started this).
  const openedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!links || !payload || openedFor.current === payload.code) return;
    const timers: number[] = [];
    timers.push(
      window.setTimeout(() => {
        openedFor.current = payload.code;
        attempt(() => opener.navigate(links.scheme));
        timers.push(window.setTimeout(() => attempt(() => openAppFallback(opener, links, navigator.userAgent)), APP_FALLBACK_DELAY_MS));
        timers.push(window.setTimeout(() => setShowHint(true), MANUAL_HINT_DELAY_MS));
      }, APP_OPEN_DELAY_MS),
    );
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [links, payload, opener, attempt]);

  /** 'Buka Aplikasi': the same code while it is fresh; past that a new one for the same challenge. */
  async function openAgain() {
    if (!payload || !links) return;
    if (payload.expiresAt - Date.now() > CODE_EXPIRY_MARGIN_MS) {
      attempt(() => opener.navigate(links.scheme));
      return;
    }
    if (!appRequest) return;
    setReopening(true);
    try {
      const fresh = await requestHandoffCode(appRequest, payload.user);
      openedFor.current = fresh.code;
      const next = { ...payload, code: fresh.code, expiresAt: fresh.expiresAt };
      setState({ status: 'success', payload: next });
      attempt(() => opener.navigate(appLinks(app, next).scheme));
    } catch {
      setOpenFailed(true);
    } finally {
      setReopening(false);
    }
  }

  useEffect(() => {
    if (state.status !== 'processing') headingRef.current?.focus();
  }, [state.status]);

  return (
    <AuthLayout>
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
              Halo{state.payload.user.name ? `, ${state.payload.user.name}` : ''}. Membuka aplikasi Derap...
            </p>
            <div className="mt-5 w-full space-y-3 text-left">
              {openFailed && <Alert tone="error">{authSuccessMessages.openFailed}</Alert>}
              {showHint && !openFailed && <Alert tone="info">{authSuccessMessages.manualHint}</Alert>}
            </div>
            <div className="mt-5 flex w-full flex-col gap-2">
              <Button size="lg" className="w-full" loading={reopening} onClick={() => void openAgain()}>
                {!reopening && <ExternalLink className="size-4" aria-hidden="true" />}
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
              <Button size="lg" className="w-full" onClick={() => navigate(mobileLoginPath(appRequest))}>
                <RotateCw className="size-4" aria-hidden="true" />
                Coba Lagi
              </Button>
              <Button size="lg" variant="outline" className="w-full" onClick={() => attempt(() => opener.navigate(appHomeUrl(app)))}>
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
