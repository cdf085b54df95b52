import { CloudOff } from 'lucide-react';
import { Navigate } from 'react-router';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { PageLoader } from '../../components/spinner';
import { ToastProvider } from '../../components/toast';
import { useCurrentUser } from '../auth/session';
import { DashboardLayout } from './dashboard-layout';

/** /dashboard: signed-in users only (others go to /login); a loader while the session is checked. */
export function DashboardPage() {
  const { data: user, isPending, isError, refetch, isRefetching } = useCurrentUser();
  if (isPending) return <PageLoader />;
  if (isError) {
    return (
      <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
        <EmptyState
          icon={CloudOff}
          title="Gagal memuat sesi"
          description="Periksa koneksi internetmu, lalu coba lagi."
          action={
            <Button onClick={() => void refetch()} loading={isRefetching}>
              Coba Lagi
            </Button>
          }
          className="w-full max-w-md bg-white"
        />
      </main>
    );
  }
  if (!user) return <Navigate to="/login" replace />;
  return (
    <ToastProvider>
      <DashboardLayout user={user} />
    </ToastProvider>
  );
}
