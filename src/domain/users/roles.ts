/** Stored role values. The spec's data also uses Indonesian names; we accept both on input. */
export const roles = ['runner', 'coach', 'organizer', 'admin'] as const;
export type Role = (typeof roles)[number];

const aliases: Record<string, Role> = {
  runner: 'runner',
  pelari: 'runner',
  coach: 'coach',
  pelatih: 'coach',
  organizer: 'organizer',
  penyelenggara: 'organizer',
  admin: 'admin',
};

/** Maps any accepted spelling (English or Indonesian, any case) to the stored role, or null. */
export function normaliseRole(value: string): Role | null {
  const key = value.trim().toLowerCase();
  // Own keys only: 'constructor' or '__proto__' must not find Object.prototype's members.
  return Object.hasOwn(aliases, key) ? aliases[key]! : null;
}

export const roleLabels: Record<Role, string> = {
  runner: 'Pelari',
  coach: 'Pelatih',
  organizer: 'Penyelenggara',
  admin: 'Admin',
};

export const subscriptionStatuses = ['trialing', 'active', 'past_due', 'canceled', 'incomplete', 'none'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  trialing: 'Percobaan',
  active: 'Aktif',
  past_due: 'Lewat',
  canceled: 'Dibatalkan',
  incomplete: 'Tidak Lengkap',
  none: 'Tidak ada',
};

/** One reading of the spec spells past_due as pass_due: read both. */
export function normaliseSubscriptionStatus(value: string | null | undefined): SubscriptionStatus {
  if (value === 'pass_due') return 'past_due';
  return (subscriptionStatuses as readonly string[]).includes(value ?? '') ? (value as SubscriptionStatus) : 'none';
}
