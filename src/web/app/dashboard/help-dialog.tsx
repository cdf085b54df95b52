import { FileText, Mail, MessageCircle, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { supportContact } from '../../../domain/shared/contact';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { PrivacyDialog, TermsDialog } from '../../components/legal/legal-dialogs';
import { useSupportWhatsapp } from '../../lib/support-whatsapp';

/** 'Bantuan & Syarat Ketentuan': how to reach support, and the Terms and Privacy texts. */
export function HelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [termsOpen, setTermsOpen] = useState(false);
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const whatsapp = useSupportWhatsapp();
  const linkClass =
    'flex items-center gap-3 rounded-xl border border-slate-200 p-3 hover:border-brand-300 hover:bg-brand-50 transition-colors';
  return (
    <>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Bantuan & Syarat Ketentuan"
        description="Ada pertanyaan atau kendala? Tim Derap siap membantu."
      >
        <h3 className="text-sm font-bold text-slate-900">Hubungi kami</h3>
        <ul className="mt-2 grid gap-2">
          <li>
            <a href={`mailto:${supportContact.email}`} className={linkClass}>
              <Mail className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
              <span className="min-w-0">
                <span className="block text-xs text-slate-500">Email</span>
                <span className="block font-semibold break-all text-slate-900">{supportContact.email}</span>
              </span>
            </a>
          </li>
          {/* Only a number the server is configured with (SUPPORT_WHATSAPP); none, no line. */}
          {whatsapp && (
            <li>
              <a href={whatsapp.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
                <MessageCircle className="size-5 shrink-0 text-green-600" aria-hidden="true" />
                <span className="min-w-0">
                  <span className="block text-xs text-slate-500">WhatsApp</span>
                  <span className="block font-semibold text-slate-900">{whatsapp.display}</span>
                </span>
                <span className="sr-only">(membuka tab baru)</span>
              </a>
            </li>
          )}
        </ul>

        <h3 className="mt-5 text-sm font-bold text-slate-900">Dokumen legal</h3>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setTermsOpen(true)} aria-haspopup="dialog">
            <FileText className="size-4" aria-hidden="true" /> Syarat & Ketentuan
          </Button>
          <Button variant="outline" size="sm" onClick={() => setPrivacyOpen(true)} aria-haspopup="dialog">
            <ShieldCheck className="size-4" aria-hidden="true" /> Kebijakan Privasi
          </Button>
        </div>
      </Dialog>
      <TermsDialog open={termsOpen} onOpenChange={setTermsOpen} />
      <PrivacyDialog open={privacyOpen} onOpenChange={setPrivacyOpen} />
    </>
  );
}
