import type { EventStatus } from '../../domain/events/events';

/**
 * Query keys more than one feature touches: the organizer's event figures change when a
 * registration is verified or a racepack handed out, so the registrations feature invalidates
 * what the events feature shows without importing it.
 */
export const eventKeys = {
  all: ['events'] as const,
  mine: ['events', 'mine'] as const,
  admin: (status: EventStatus | 'all') => ['events', 'admin', status] as const,
};
