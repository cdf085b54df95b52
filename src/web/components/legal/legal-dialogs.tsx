import { Dialog } from '../dialog';
import { LEGAL_COMPANY, PrivacyText, TermsText } from './legal-texts';

interface LegalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Derap's Terms and Conditions in a modal (footer, login page, payment confirmations). */
export function TermsDialog({ open, onOpenChange }: LegalDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Syarat & Ketentuan" description={LEGAL_COMPANY} size="lg">
      <TermsText />
    </Dialog>
  );
}

/** Derap's Privacy Policy in a modal. */
export function PrivacyDialog({ open, onOpenChange }: LegalDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Kebijakan Privasi" description={LEGAL_COMPANY} size="lg">
      <PrivacyText />
    </Dialog>
  );
}
