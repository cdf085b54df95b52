import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Badge } from './badge';
import { buttonClass } from './button';
import { cn } from './cn';
import { Logo } from './logo';

// The legal texts and the dialog library are fetched on the first click, not with every public page.
const TermsDialog = lazy(async () => ({ default: (await import('./legal/legal-dialogs')).TermsDialog }));
const PrivacyDialog = lazy(async () => ({ default: (await import('./legal/legal-dialogs')).PrivacyDialog }));

/** Header links of events-and-coach-pages.md §2 "Header and footer". */
const headerLinks = [
  { to: '/registration', label: 'Daftar Event' },
  { to: '/coaching', label: 'Coaching' },
  { to: '/calendar', label: 'Kalender' },
] as const;

/** Header + page + footer for every public marketing page. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <a
        href="#konten"
        className="sr-only z-[60] rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Lewati ke konten utama
      </a>
      <PublicHeader />
      <main id="konten" className="flex-1">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

/** The language selector: the product is Indonesian only for now (spec: shows ID only). */
function LanguageSelect({ className }: { className?: string }) {
  return (
    <label className={cn('items-center', className ?? 'inline-flex')}>
      <span className="sr-only">Bahasa</span>
      <select
        defaultValue="id"
        className="h-9 cursor-pointer appearance-none rounded-lg border border-slate-200 bg-white pr-3 pl-3 text-sm font-semibold text-slate-700 hover:border-slate-300"
      >
        <option value="id">ID</option>
      </select>
    </label>
  );
}

export function PublicHeader() {
  const [open, setOpen] = useState(false);
  const { pathname, hash } = useLocation();
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // Any navigation closes the phone menu (state adjusted during render, not in an effect).
  const [lastLocation, setLastLocation] = useState(pathname + hash);
  if (lastLocation !== pathname + hash) {
    setLastLocation(pathname + hash);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const navClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-lg px-3 py-2 text-sm font-semibold transition-colors',
      isActive ? 'text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
    );

  return (
    <header className="sticky top-0 z-40 h-header border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-full max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo to="/" className="shrink-0" />

        <nav aria-label="Navigasi utama" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {headerLinks.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} className={navClass}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <LanguageSelect className="hidden md:inline-flex" />
          <Link to="/login" className={buttonClass('primary', 'sm', 'whitespace-nowrap sm:h-9 sm:px-4')}>
            Masuk atau Daftar
          </Link>
          <button
            ref={buttonRef}
            type="button"
            className="inline-flex size-9 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? 'Tutup menu' : 'Buka menu'}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
          </button>
        </div>
      </div>

      <div
        ref={panelRef}
        id={menuId}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-slate-200 bg-white shadow-lg md:hidden"
      >
        <nav aria-label="Navigasi utama (ponsel)" className="mx-auto max-w-6xl px-4 py-3">
          <ul className="flex flex-col">
            {headerLinks.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} className={({ isActive }) => cn(navClass({ isActive }), 'block py-3 text-base')}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-2 flex items-center justify-between border-t border-slate-100 px-3 pt-3">
            <span className="text-sm text-slate-600">Bahasa</span>
            <LanguageSelect />
          </div>
        </nav>
      </div>
    </header>
  );
}

type FooterItem = { label: string; to?: string; soon?: boolean };

const productItems: FooterItem[] = [
  { label: 'Kalender Lari', to: '/calendar' },
  { label: 'Daftar Event', to: '/registration', soon: true },
  { label: 'Dokumentasi Kegiatan', soon: true },
  { label: 'Toko Lari', soon: true },
  { label: 'Pelatih Lari', to: '/coaching' },
];

// No pages exist for these yet: shown as plain text, never as dead links.
const companyItems: FooterItem[] = [
  { label: 'Tentang Kami' },
  { label: 'Karir' },
  { label: 'Publikasi' },
  { label: 'Kontak' },
  { label: 'Blog' },
  { label: 'Newsletter' },
];

function FooterEntry({ item }: { item: FooterItem }) {
  const badge = item.soon && <Badge tone="brand">Segera</Badge>;
  return (
    <li className="flex flex-wrap items-center gap-2">
      {item.to ? (
        <Link to={item.to} className="text-slate-300 transition-colors hover:text-white">
          {item.label}
        </Link>
      ) : (
        <span className="text-slate-500" aria-disabled="true">
          {item.label}
        </span>
      )}
      {badge}
    </li>
  );
}

export function PublicFooter() {
  const [termsOpen, setTermsOpen] = useState(false);
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const [legalShown, setLegalShown] = useState(false);
  if ((termsOpen || privacyOpen) && !legalShown) setLegalShown(true);
  const year = new Date().getFullYear();

  return (
    <footer className="bg-ink text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr] md:py-16">
        <div className="max-w-sm">
          <Logo to="/" light />
          <p className="mt-4 text-sm leading-relaxed text-slate-400">
            Dari pelari, untuk pelari. Pelatih lari AI, pelatih bersertifikat, pendaftaran event, dan komunitas lari dalam satu
            platform berbahasa Indonesia.
          </p>
        </div>

        <nav aria-labelledby="footer-produk">
          <h2 id="footer-produk" className="text-sm font-bold tracking-wide text-white uppercase">
            Produk
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            {productItems.map((item) => (
              <FooterEntry key={item.label} item={item} />
            ))}
          </ul>
        </nav>

        <div>
          <h2 id="footer-perusahaan" className="text-sm font-bold tracking-wide text-white uppercase">
            Perusahaan
          </h2>
          <ul className="mt-4 space-y-3 text-sm" aria-labelledby="footer-perusahaan">
            {companyItems.map((item) => (
              <FooterEntry key={item.label} item={item} />
            ))}
          </ul>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-slate-400 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© {year} PT Derap Lari Indonesia</p>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            <button type="button" className="text-left hover:text-white" onClick={() => setTermsOpen(true)}>
              Syarat & Ketentuan
            </button>
            <button type="button" className="text-left hover:text-white" onClick={() => setPrivacyOpen(true)}>
              Kebijakan Privasi
            </button>
          </div>
        </div>
      </div>

      {/* Mounted from the first opening on, so closing keeps its animation. */}
      <Suspense fallback={null}>
        {(termsOpen || legalShown) && <TermsDialog open={termsOpen} onOpenChange={setTermsOpen} />}
        {(privacyOpen || legalShown) && <PrivacyDialog open={privacyOpen} onOpenChange={setPrivacyOpen} />}
      </Suspense>
    </footer>
  );
}
