import { formatPhone, whatsappUrl } from '../../domain/shared/phone';
import { useAuthConfig } from './session';

/**
 * Derap's support WhatsApp line as the server configures it (SUPPORT_WHATSAPP), ready to show and
 * link; null while unknown or when the server has none, so no placeholder number is ever offered.
 */
export function useSupportWhatsapp(): { display: string; url: string } | null {
  const number = useAuthConfig().data?.supportWhatsapp;
  const url = number ? whatsappUrl(number) : null;
  return number && url ? { display: formatPhone(number), url } : null;
}
