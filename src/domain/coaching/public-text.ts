/**
 * The words the public coach page needs on first paint, in a module without zod so that page stays
 * light (contract.ts pulls zod, ~22 KB gzip). They equal coachingMessages' (public-text.test.ts).
 */
export const publicCoachText = {
  profileNotFound: 'Profil tidak ditemukan.',
  linkCopied: 'Link berhasil disalin!',
} as const;
