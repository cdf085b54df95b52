/** The 'Syarat & Ketentuan' link inside a consent sentence: opens the terms dialog in place. */
export function TermsLinkButton({ onOpen }: { onOpen: () => void }) {
  return (
    <button
      type="button"
      className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
      aria-haspopup="dialog"
      onClick={onOpen}
    >
      Syarat & Ketentuan
    </button>
  );
}
