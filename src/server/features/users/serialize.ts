import type { PublicUser } from '../../../domain/users/user';
import type { UserRow } from '../../db/schema';

export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    photo: row.photo,
    role: row.role,
    subscription_status: row.subscriptionStatus,
    current_period_end: row.currentPeriodEnd ? row.currentPeriodEnd.toISOString() : null,
    has_had_trial: row.hasHadTrial,
    strava: { id: row.stravaAthleteId },
  };
}
