/** How users reach Derap support (help dialog, login hints, legal texts). The WhatsApp number is a placeholder until the company line exists. */
export const supportContact = {
  email: 'halo@derap.id',
  whatsappDisplay: '+62 812-0000-0000',
  whatsappUrl: 'https://wa.me/6281200000000',
} as const;
