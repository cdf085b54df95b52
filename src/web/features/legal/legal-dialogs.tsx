import { Dialog } from '../../components/dialog';

// Placeholder: the full Indonesian Terms and Privacy texts are being written (public-site work).
export function TermsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Syarat & Ketentuan" size="lg">
      <p>Syarat & Ketentuan Derap.</p>
    </Dialog>
  );
}

export function PrivacyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Kebijakan Privasi" size="lg">
      <p>Kebijakan Privasi Derap.</p>
    </Dialog>
  );
}
