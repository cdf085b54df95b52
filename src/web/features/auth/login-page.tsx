import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { signInErrorMessage } from './auth-messages';
import { DevLoginForm } from './dev-login-form';
import { AuthLayout, SessionChecking, SignInOptions } from './login-options';
import { useSessionCheck } from './session-api';
import { useAuthConfig } from '../../lib/session';
import { useDocumentTitle } from '../../hooks/use-document-meta';

/** Where to go after signing in: `?next=` when it is a path on this site (never another host), else the dashboard. */
export function afterLoginPath(next: string | null): string {
  if (next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\')) return next;
  return '/dashboard';
}

/** /login (spec §2 Login, §4 "Login page on load"); `?next=/coaching/...` brings a buyer back to the coach's page. */
export function LoginPage() {
  useDocumentTitle('Masuk — Derap');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSessionCheck();
  const config = useAuthConfig();
  const next = afterLoginPath(params.get('next'));

  useEffect(() => {
    if (session.user) void navigate(next, { replace: true });
  }, [session.user, navigate, next]);

  const loading = session.checking || config.isPending || session.user !== null;
  // If the config cannot be read, still offer Google: the server answers the redirect itself.
  const googleAvailable = config.data?.google ?? true;
  const devLogin = !loading && config.data?.devLogin === true;

  return (
    <AuthLayout aside={devLogin ? <DevLoginForm onSignedIn={() => navigate(next, { replace: true })} /> : undefined}>
      {loading ? (
        <SessionChecking label={session.user ? 'Anda sudah masuk. Membuka dashboard...' : undefined} />
      ) : (
        <>
          <header className="mb-6 text-center">
            <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Masuk ke Derap</h1>
            <p className="mt-1.5 text-sm text-slate-600">Lanjutkan latihan Anda. Program lari, kalender, dan event dalam satu tempat.</p>
          </header>
          <SignInOptions googleHref="/api/auth/google" googleAvailable={googleAvailable} error={signInErrorMessage(params.get('error'))} />
        </>
      )}
    </AuthLayout>
  );
}
