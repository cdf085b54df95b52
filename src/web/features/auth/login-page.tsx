import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { signInErrorMessage } from './auth-messages';
import { DevLoginForm } from './dev-login-form';
import { AuthLayout, SessionChecking, SignInOptions } from './login-options';
import { useSessionCheck } from './session-api';
import { useAuthConfig } from '../../lib/session';
import { useDocumentTitle } from '../../hooks/use-document-meta';

/** /login (spec §2 Login, §4 "Login page on load"). */
export function LoginPage() {
  useDocumentTitle('Masuk — Derap');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSessionCheck();
  const config = useAuthConfig();

  useEffect(() => {
    if (session.user) void navigate('/dashboard', { replace: true });
  }, [session.user, navigate]);

  const loading = session.checking || config.isPending || session.user !== null;
  // If the config cannot be read, still offer Google: the server answers the redirect itself.
  const googleAvailable = config.data?.google ?? true;
  const devLogin = !loading && config.data?.devLogin === true;

  return (
    <AuthLayout aside={devLogin ? <DevLoginForm onSignedIn={() => navigate('/dashboard', { replace: true })} /> : undefined}>
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
