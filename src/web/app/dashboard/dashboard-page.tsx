import { ToastProvider } from '../../components/toast';
import { SessionGate } from '../../components/session-gate';
import { DashboardLayout } from './dashboard-layout';

/** /dashboard: signed-in users only (others go to /login); a loader while the session is checked. */
export function DashboardPage() {
  return (
    <SessionGate>
      {(user) => (
        <ToastProvider>
          <DashboardLayout user={user} />
        </ToastProvider>
      )}
    </SessionGate>
  );
}
