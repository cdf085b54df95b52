import { useId } from 'react';
import { Link } from 'react-router';
import type { Role } from '../../../domain/users/roles';
import { Badge } from '../../components/badge';
import { cn } from '../../components/cn';
import { Spinner } from '../../components/spinner';
import { navGroupsFor, type NavItem } from './dashboard-nav';
import type { DashboardViewId } from '../../lib/dashboard-view';

export interface DashboardSidebarProps {
  role: Role;
  currentView: DashboardViewId;
  onSelectView: (view: DashboardViewId) => void;
  onHelp: () => void;
  onLogout: () => void;
  loggingOut?: boolean;
}

const itemClass = (active = false) =>
  cn(
    'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium transition-colors',
    active ? 'bg-brand-50 font-semibold text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

/** The dashboard's navigation: the spec's groups, filtered by role. Used in the desktop sidebar and the mobile drawer. */
export function DashboardSidebar({ role, currentView, onSelectView, onHelp, onLogout, loggingOut }: DashboardSidebarProps) {
  const groups = navGroupsFor(role);
  const uid = useId();
  return (
    <nav aria-label="Menu dasbor" className="flex flex-col gap-5 px-3 py-4">
      {groups.map((group) => (
        <div key={group.id} data-testid={`nav-group-${group.id}`}>
          <p id={`${uid}-${group.id}`} className="px-3 pb-1.5 text-xs font-bold tracking-wider text-slate-500 uppercase">
            {group.label}
          </p>
          <ul aria-labelledby={`${uid}-${group.id}`} className="flex flex-col gap-0.5">
            {group.items.map((item) => (
              <li key={item.label}>
                <SidebarItem
                  item={item}
                  currentView={currentView}
                  onSelectView={onSelectView}
                  onHelp={onHelp}
                  onLogout={onLogout}
                  loggingOut={loggingOut}
                />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function SidebarItem({
  item,
  currentView,
  onSelectView,
  onHelp,
  onLogout,
  loggingOut,
}: { item: NavItem } & Omit<DashboardSidebarProps, 'role'>) {
  const Icon = item.icon;
  const icon = <Icon className="size-4.5 shrink-0" aria-hidden="true" />;
  switch (item.kind) {
    case 'view': {
      const active = item.view === currentView;
      return (
        <button type="button" className={itemClass(active)} aria-current={active ? 'page' : undefined} onClick={() => onSelectView(item.view)}>
          {icon}
          <span className="flex-1">{item.label}</span>
          {item.pill && <Badge tone="brand">{item.pill}</Badge>}
        </button>
      );
    }
    case 'soon':
      return (
        <span className={cn(itemClass(), 'cursor-not-allowed text-slate-500 hover:bg-transparent hover:text-slate-500')} aria-disabled="true">
          {icon}
          <span className="flex-1">{item.label}</span>
          <Badge tone="gray">Segera</Badge>
        </span>
      );
    case 'link':
      return (
        <Link to={item.to} className={itemClass()}>
          {icon}
          <span className="flex-1">{item.label}</span>
        </Link>
      );
    case 'action':
      return (
        <button
          type="button"
          className={cn(itemClass(), item.action === 'logout' && 'text-red-700 hover:bg-red-50 hover:text-red-800')}
          onClick={item.action === 'help' ? onHelp : onLogout}
          disabled={item.action === 'logout' && loggingOut}
          aria-haspopup={item.action === 'help' ? 'dialog' : undefined}
        >
          {item.action === 'logout' && loggingOut ? <Spinner className="size-4" label="Sedang keluar..." /> : icon}
          <span className="flex-1">{item.label}</span>
        </button>
      );
  }
}
