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
