import {
  CalendarDays,
  CircleHelp,
  ClipboardList,
  Flag,
  LayoutDashboard,
  LogOut,
  Settings,
  ShieldCheck,
  UserRoundCog,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { Role } from '../../../domain/users/roles';
import { dashboardViews } from './dashboard-views';
import { allRoles as everyone, coachRoles, organizerRoles, type DashboardViewId } from '../../lib/dashboard-view';

export type NavItem =
  /** Switches the dashboard view in place. */
  | { kind: 'view'; view: DashboardViewId; label: string; icon: LucideIcon; pill?: string }
  /** Shown but not usable yet (marked 'Segera'). */
  | { kind: 'soon'; label: string; icon: LucideIcon }
  /** Leaves the dashboard for another page. */
  | { kind: 'link'; to: string; label: string; icon: LucideIcon }
  | { kind: 'action'; action: 'help' | 'logout'; label: string; icon: LucideIcon };

export type NavGroupId = 'pelari' | 'penyelenggara' | 'pelatih' | 'admin' | 'general';

export interface NavGroup {
  id: NavGroupId;
  label: string;
  roles: readonly Role[];
  items: readonly NavItem[];
}

const view = (id: DashboardViewId, icon: LucideIcon, pill?: string): NavItem => ({
  kind: 'view',
  view: id,
  label: id === 'pengaturan' ? 'Pengaturan' : dashboardViews[id].title,
  icon,
  pill,
});

/** The sidebar, exactly as the spec groups it. */
export const navGroups: readonly NavGroup[] = [
  {
    id: 'pelari',
    label: 'Pelari',
    roles: everyone,
    items: [view('dashboard', LayoutDashboard), view('kalender-latihan', CalendarDays, 'Baru')],
  },
  {
    id: 'penyelenggara',
    label: 'Penyelenggara',
    roles: organizerRoles,
    items: [view('kegiatan', Flag), view('keuangan', Wallet)],
  },
  {
    id: 'pelatih',
    label: 'Pelatih',
    roles: coachRoles,
    items: [view('daftar-pelari', Users), view('ubah-jadwal', ClipboardList), view('profil-pelatih', UserRoundCog)],
  },
  {
    id: 'admin',
    label: 'Admin',
    roles: ['admin'],
    items: [{ kind: 'link', to: '/admin', label: 'Dashboard Admin', icon: ShieldCheck }],
  },
  {
    id: 'general',
    label: 'Umum',
    roles: everyone,
    items: [
      view('pengaturan', Settings),
      { kind: 'action', action: 'help', label: 'Bantuan', icon: CircleHelp },
      { kind: 'action', action: 'logout', label: 'Keluar', icon: LogOut },
    ],
  },
];

export function navGroupsFor(role: Role): NavGroup[] {
  return navGroups.filter((group) => group.roles.includes(role));
}
