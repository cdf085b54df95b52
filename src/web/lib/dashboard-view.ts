import type { Role } from '../../domain/users/roles';
import type { PublicUser } from '../../domain/users/contract';

/** Every view of the dashboard, switched in place (no route change). */
export const dashboardViewIds = [
  'dashboard',
  'kalender-latihan',
  'kegiatan',
  'keuangan',
  'daftar-pelari',
  'ubah-jadwal',
  'profil-pelatih',
  'pengaturan',
] as const;
export type DashboardViewId = (typeof dashboardViewIds)[number];

export function isDashboardViewId(value: string): value is DashboardViewId {
  return (dashboardViewIds as readonly string[]).includes(value);
}

/** What the layout hands every view component. */
export interface DashboardViewProps {
  user: PublicUser;
  /** Switch to another view in place (e.g. the home view's calendar button). */
  onNavigate: (view: DashboardViewId) => void;
  /** Opens 'Manajemen Paket Langganan' (the calendar's profile card, Pengaturan Profil, the AI card). */
  onManageSubscription: () => void;
  /**
   * Offers the free trial before a premium feature, to a runner who never had one (absent after
   * that); `then` runs once the trial has started, so the feature opens.
   */
  offerTrial?: (then: () => void) => void;
}

/** The id of each view's <h1>; the layout moves focus there after a switch. */
export const VIEW_TITLE_ID = 'dashboard-view-title';

export const allRoles: readonly Role[] = ['runner', 'coach', 'organizer', 'admin'];
/** Events spec §6: admin and organizer load the event list and see 'Buat Event'. */
export const organizerRoles: readonly Role[] = ['organizer', 'admin'];
/** Events spec §6: admin and coach get coach navigation. */
export const coachRoles: readonly Role[] = ['coach', 'admin'];
