import { CalendarDays, Flag, Footprints, UserCheck, Users, type LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import { CalendarModerationSection } from '../../features/event-calendar/admin/calendar-moderation-section';
import { CoachesSection } from '../../features/coaching/admin/coaches-section';
import { EventsSection } from '../../features/events/admin/events-section';
import { GroupRunsReviewSection } from '../../features/group-runs/admin/group-runs-review-section';
import { UserSubscriptionAction } from '../../features/subscriptions/admin/user-subscription-dialog';
import { UsersSection, type UserActions } from '../../features/users/admin/users-section';

export interface AdminSection {
  id: string;
  label: string;
  icon: LucideIcon;
  component: ComponentType;
}

/** Each user's row of 'Pengguna' opens their subscription (status, payments, ledger, grant days). */
const subscriptionAction: UserActions = (user, { onUserChanged }) => <UserSubscriptionAction user={user} onChanged={onUserChanged} />;

/** 'Pelatih' points to 'Pengguna' for role changes (making someone a coach). */
function AdminCoachesSection() {
  return <CoachesSection rolesHref="/admin?tab=pengguna" />;
}

function AdminUsersSection() {
  return <UsersSection userActions={subscriptionAction} />;
}

/**
 * The tabs of the admin area, in order. Later moderation screens (events, calendar submissions,
 * coach verification) add an entry here; the tab is addressed as /admin?tab={id}.
 */
export const adminSections: readonly AdminSection[] = [
  { id: 'pengguna', label: 'Pengguna', icon: Users, component: AdminUsersSection },
  { id: 'event', label: 'Event', icon: Flag, component: EventsSection },
  { id: 'pelatih', label: 'Pelatih', icon: UserCheck, component: AdminCoachesSection },
  { id: 'kalender', label: 'Kalender', icon: CalendarDays, component: CalendarModerationSection },
  { id: 'group-run', label: 'Group Run', icon: Footprints, component: GroupRunsReviewSection },
];
