import { CloudOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { PublicUser } from '../../domain/users/contract';
import { Logo } from './logo';
import { ErrorState } from './query-state';
import { PageLoader } from './spinner';
import { useCurrentUser } from '../lib/session';

/**
 * Guards a signed-in screen: a loader while the session is checked, a retry panel when it cannot
 * be checked, /login for visitors; otherwise renders `children(user)`.
 */
export function SessionGate({ children }: { children: (user: PublicUser) => ReactNode }) {
  const { data: user, isPending, isError, refetch, isRefetching } = useCurrentUser();
  if (isPending) return <PageLoader />;
  if (isError) {
    return (
      <CenteredPanel>
        <ErrorState
          icon={CloudOff}
          title="Gagal memuat sesi"
          description="Periksa koneksi internetmu, lalu coba lagi."
          onRetry={() => void refetch()}
          retrying={isRefetching}
        />
      </CenteredPanel>
    );
  }
  if (!user) return <Navigate to="/login" replace />;
  return <>{children(user)}</>;
}

/** A full-screen centred panel with the logo, for gate and no-access states. */
export function CenteredPanel({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-slate-50 p-4">
      <Logo to="/dashboard" />
      <div className="w-full max-w-md">{children}</div>
    </main>
  );
}
