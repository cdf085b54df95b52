import { Flag, Users, type LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import { EventsSection } from '../../features/events/admin/events-section';
import { UsersSection } from '../../features/users/admin/users-section';

export interface AdminSection {
  id: string;
  label: string;
  icon: LucideIcon;
  component: ComponentType;
}

/**
 * The tabs of the admin area, in order. Later moderation screens (events, calendar submissions,
 * coach verification) add an entry here; the tab is addressed as /admin?tab={id}.
 */
export const adminSections: readonly AdminSection[] = [
  { id: 'pengguna', label: 'Pengguna', icon: Users, component: UsersSection },
  { id: 'event', label: 'Event', icon: Flag, component: EventsSection },
];
