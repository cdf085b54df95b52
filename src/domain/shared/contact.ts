/**
 * How users reach Derap support (help dialog, login hints, legal texts). The WhatsApp line comes from
 * the server's configuration (SUPPORT_WHATSAPP, `GET /api/auth/config`), never a number written here.
 */
export const supportContact = {
  email: 'halo@derap.id',
} as const;
