import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/button';
import { cn } from '../../components/cn';
import { EmptyState } from '../../components/empty-state';
import { Logo } from '../../components/logo';
import { ToastProvider } from '../../components/toast';
import { CenteredPanel, SessionGate } from '../../components/session-gate';
import { adminSections } from './admin-sections';

/** /admin: admins only. Signed-out visitors go to /login; other roles see a no-access panel (the API answers 403 too). */
export function AdminPage() {
  useEffect(() => {
    document.title = 'Admin · Derap';
  }, []);
  return (
    <SessionGate>
      {(user) =>
        user.role !== 'admin' ? (
          <CenteredPanel>
            <EmptyState
              icon={ShieldAlert}
              title="Akses ditolak"
              description="Anda tidak memiliki akses ke halaman ini."
              action={
                <Link to="/dashboard" className={buttonClass()}>
                  Kembali ke Dashboard
                </Link>
              }
              className="bg-white"
            />
          </CenteredPanel>
        ) : (
          <ToastProvider>
            <AdminLayout />
          </ToastProvider>
        )
      }
    </SessionGate>
  );
}

function AdminLayout() {
  const [params, setParams] = useSearchParams();
  const current = adminSections.find((s) => s.id === params.get('tab')) ?? adminSections[0]!;
  const Section = current.component;
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-30 h-16 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-full max-w-6xl items-center gap-3 px-4 sm:px-6">
          <Logo to="/dashboard" />
          <span className="rounded-md bg-slate-900 px-2 py-0.5 text-xs font-bold tracking-wide text-white uppercase">Admin</span>
          <Link to="/dashboard" className={buttonClass('ghost', 'sm', 'ml-auto')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            <span>
              <span className="max-sm:sr-only">Kembali ke </span>Dashboard
            </span>
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Panel Admin</h1>
        <p className="mt-1 text-sm text-slate-600 sm:text-base">Kelola pengguna Derap, peran dan langganan mereka.</p>
        <nav aria-label="Bagian admin" className="mt-5 mb-6 border-b border-slate-200">
          <ul className="-mb-px flex gap-1 overflow-x-auto">
            {adminSections.map((section) => {
              const Icon = section.icon;
              const active = section.id === current.id;
              return (
                <li key={section.id}>
                  <button
                    type="button"
                    aria-current={active ? 'page' : undefined}
                    onClick={() => setParams(section.id === adminSections[0]!.id ? {} : { tab: section.id })}
                    className={cn(
                      'flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap transition-colors',
                      active ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900',
                    )}
                  >
                    <Icon className="size-4" aria-hidden="true" />
                    {section.label}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
        <Section />
      </main>
    </div>
  );
}
