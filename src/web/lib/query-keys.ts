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

/**
 * The training plan's root key: every plan query starts with it. A change of premium access (a
 * trial started, a payment confirmed) locks or unlocks AI runs, so the subscriptions feature
 * invalidates what the training-plan feature reads.
 */
export const trainingPlanRootKey = ['training-plan'] as const;

/** The signed-in user's subscription (`GET /api/subscriptions/me`). */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  me: ['subscriptions', 'me'] as const,
};
