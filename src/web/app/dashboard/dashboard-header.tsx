import { Bell, Menu, MessageSquare, type LucideIcon } from 'lucide-react';
import { forwardRef } from 'react';
import type { PublicUser } from '../../../domain/users/contract';
import { Avatar } from '../../components/avatar';
import { Logo } from '../../components/logo';
import { useToast } from '../../components/toast';

export interface DashboardHeaderProps {
  user: PublicUser;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
}

/** Top bar: drawer toggle (below lg), logo to /dashboard, messages and notifications, the signed-in user. */
export const DashboardHeader = forwardRef<HTMLButtonElement, DashboardHeaderProps>(function DashboardHeader(
  { user, drawerOpen, onOpenDrawer },
  toggleRef,
) {
  return (
    <header className="fixed inset-x-0 top-0 z-30 h-16 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="flex h-full items-center gap-2 px-3 sm:px-4 lg:px-6">
        <button
          ref={toggleRef}
          type="button"
          onClick={onOpenDrawer}
          aria-expanded={drawerOpen}
          aria-label="Buka menu"
          className="-ml-1 rounded-lg p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
        >
          <Menu className="size-5" aria-hidden="true" />
        </button>
        <Logo to="/dashboard" />
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <SoonButton icon={MessageSquare} label="Pesan" />
          <SoonButton icon={Bell} label="Notifikasi" />
          <div className="ml-1 flex min-w-0 items-center gap-3 border-l border-slate-200 pl-3" data-testid="header-user">
            <Avatar name={user.name} photo={user.photo} size="sm" label={`Foto ${user.name}`} />
            <div className="hidden max-w-56 min-w-0 leading-tight sm:block">
              <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
              <p className="truncate text-xs text-slate-500">{user.email}</p>
            </div>
          </div>
        </div>
      </div>
    </header>
  );
});

/** A header button whose feature is not built yet: a 'Segera' tooltip on hover/focus and a toast on press. */
function SoonButton({ icon: Icon, label }: { icon: LucideIcon; label: string }) {
  const toast = useToast();
  return (
    <button
      type="button"
      onClick={() => toast(`Fitur ${label.toLowerCase()} segera hadir.`)}
      aria-label={`${label} (segera hadir)`}
      className="group relative rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <Icon className="size-5" aria-hidden="true" />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-full left-1/2 z-10 mt-1 -translate-x-1/2 rounded-md bg-slate-900 px-2 py-1 text-xs font-semibold whitespace-nowrap text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
      >
        {label} · Segera
      </span>
    </button>
  );
}
