import {
  ArrowRight,
  BadgeCheck,
  Bot,
  CalendarCheck,
  Check,
  ChevronDown,
  ClipboardList,
  HeartPulse,
  MessageCircle,
  RefreshCw,
  ShieldCheck,
  Sparkles,
  UserCheck,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatRupiah } from '../../../domain/shared/money';
import { CERTIFIED_COACH_FROM_PRICE, TRIAL_DAYS, premiumPriceFor, type BillingCycle } from '../../../domain/subscriptions/pricing';
import { Badge } from '../../components/badge';
import { buttonClass } from '../../components/button';
import { cn } from '../../components/cn';
import { PublicLayout } from '../../components/public-layout';
import { SectionHeading } from './section-heading';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { useSignedIn } from '../../hooks/use-signed-in';

export function CoachingPage() {
  useDocumentMeta(
    'Coaching Lari — AI Coach & Pelatih Bersertifikat | Derap',
    'Pilih pelatih lari AI gratis atau pelatih bersertifikat. Program latihan personal, sinkron Strava, evaluasi tiap 2 minggu. AI Coaching Premium mulai Rp83.333/bulan.',
  );
  return (
    <PublicLayout>
      <Hero />
      <TwoPaths />
      <AiDeepDive />
      <CertifiedDeepDive />
      <PricingSection />
      <FeaturedCoaches />
      <HowItWorks />
      <Faq />
    </PublicLayout>
  );
}

/* ------------------------------------------------------------------ hero */

function Hero() {
  return (
    <section aria-labelledby="coaching-hero-title" className="relative overflow-hidden bg-ink text-white">
      <div aria-hidden="true" className="pointer-events-none absolute -top-40 right-0 size-[32rem] rounded-full bg-brand-600/30 blur-3xl" />
      <div aria-hidden="true" className="pointer-events-none absolute -bottom-40 -left-20 size-96 rounded-full bg-amber-500/10 blur-3xl" />
      <svg
        aria-hidden="true"
        viewBox="0 0 800 300"
        preserveAspectRatio="none"
        className="pointer-events-none absolute inset-x-0 bottom-0 h-40 w-full opacity-30"
      >
        <path d="M0 250 C150 200 250 280 400 220 S650 120 800 160" fill="none" stroke="#fb923c" strokeWidth="2" strokeDasharray="8 10" />
      </svg>
      <div className="relative mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold text-brand-300 ring-1 ring-white/15">
          <Sparkles className="size-3.5" aria-hidden="true" />
          Coaching Derap
        </p>
        <h1 id="coaching-hero-title" className="mt-5 text-4xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl">
          Pelatih lari yang tepat untuk <span className="text-brand-400">setiap langkahmu</span>
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-slate-300">
          Mulai gratis dengan AI Coach yang menyusun dan menyesuaikan programmu dari data lari, atau berlatih bersama pelatih
          bersertifikat yang sudah diverifikasi.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <a href="#pricing-section" className={buttonClass('primary', 'lg')}>
            Lihat Paket & Harga
          </a>
          <a href="#dua-pilihan" className={buttonClass('inverse', 'lg')}>
            Bandingkan Pilihan
          </a>
        </div>
      </div>
    </section>
  );
}

/* ------------------------------------------------------------- two paths */

function Bullet({ children, tone = 'brand' }: { children: ReactNode; tone?: 'brand' | 'slate' }) {
  return (
    <li className="flex gap-3">
      <Check className={cn('mt-0.5 size-5 shrink-0', tone === 'brand' ? 'text-brand-600' : 'text-slate-500')} aria-hidden="true" />
      <span>{children}</span>
    </li>
  );
}

function TwoPaths() {
  return (
    <section id="dua-pilihan" aria-labelledby="paths-title" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="paths-title"
          eyebrow="Dua pilihan"
          title="AI Coach atau pelatih bersertifikat?"
          lead="Keduanya dibuat untuk membuatmu berlari lebih baik. Pilih yang paling cocok dengan kebutuhan dan anggaranmu."
        />
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          <article className="flex flex-col rounded-3xl border-2 border-brand-500 bg-white p-6 shadow-lg shadow-brand-600/10 sm:p-8">
            <div className="flex items-start justify-between gap-3">
              <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-600 text-white">
                <Bot className="size-6" aria-hidden="true" />
              </span>
              <Badge tone="green">Tersedia sekarang</Badge>
            </div>
            <h3 className="mt-5 text-2xl font-extrabold text-slate-900">AI Coach</h3>
            <p className="mt-1 font-semibold text-brand-700">Mulai {formatRupiah(0)} · tanpa kartu kredit</p>
            <ul className="mt-5 flex-1 space-y-3 text-slate-700">
              <Bullet>Program personal dari target, pengalaman, dan jadwalmu</Bullet>
              <Bullet>Analisis otomatis setiap lari dari Strava</Bullet>
              <Bullet>Program dievaluasi ulang setiap 2 minggu</Bullet>
              <Bullet>Ubah program kapan saja lewat chat dengan AI</Bullet>
            </ul>
            <a href="#ai-coach-deep-dive" className="mt-6 inline-flex items-center gap-1 self-start font-semibold text-brand-700 hover:text-brand-800">
              Pelajari AI Coach <ArrowRight className="size-4" aria-hidden="true" />
            </a>
          </article>

          <article className="flex flex-col rounded-3xl border border-slate-200 bg-slate-50 p-6 sm:p-8">
            <div className="flex items-start justify-between gap-3">
              <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-slate-900 text-white">
                <UserCheck className="size-6" aria-hidden="true" />
              </span>
              <Badge tone="yellow">Akan Datang!</Badge>
            </div>
            <h3 className="mt-5 text-2xl font-extrabold text-slate-900">Pelatih Bersertifikat</h3>
            <p className="mt-1 font-semibold text-slate-600">Mulai dari {formatRupiah(CERTIFIED_COACH_FROM_PRICE)}</p>
            <ul className="mt-5 flex-1 space-y-3 text-slate-700">
              <Bullet tone="slate">Pelatih independen dengan identitas dan sertifikat terverifikasi</Bullet>
              <Bullet tone="slate">Paket latihan sesuai kebutuhanmu, harga ditentukan pelatih</Bullet>
              <Bullet tone="slate">Pelatih memantau kalender dan hasil latihanmu langsung</Bullet>
              <Bullet tone="slate">Cocok untuk target spesifik atau kembali dari cedera</Bullet>
            </ul>
            <a
              href="#certified-coach-deep-dive"
              className="mt-6 inline-flex items-center gap-1 self-start font-semibold text-slate-800 hover:text-slate-950"
            >
              Pelajari pelatih bersertifikat <ArrowRight className="size-4" aria-hidden="true" />
            </a>
          </article>
        </div>
      </div>
    </section>
  );
}

/* ------------------------------------------------------------ deep dives */

function DeepDiveItem({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div>
        <h3 className="font-bold text-slate-900">{title}</h3>
        <p className="mt-1 text-sm leading-relaxed text-slate-600">{children}</p>
      </div>
    </li>
  );
}

function AiDeepDive() {
  return (
    <section id="ai-coach-deep-dive" aria-labelledby="ai-deep-title" className="scroll-mt-20 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <SectionHeading
            id="ai-deep-title"
            align="left"
            eyebrow="AI Coach"
            title="Program yang belajar dari setiap larimu"
            lead="AI Coach Derap membaca lebih dari 10 titik data dari profil dan aktivitasmu, lalu menyusun program yang realistis dan terus diperbarui."
          />
          <ul className="mt-8 space-y-6">
            <DeepDiveItem icon={ClipboardList} title="Dibuat dari datamu">
              Tujuan (menjaga kebugaran atau race berikutnya), pengalaman, personal best, hari latihan, hari long run, dan riwayat
              cedera.
            </DeepDiveItem>
            <DeepDiveItem icon={HeartPulse} title="Analisis otomatis dari Strava">
              Jarak, waktu, dan rata-rata detak jantung setiap lari dibaca otomatis lalu dinilai terhadap target jarak, pace, dan
              zona detak jantung.
            </DeepDiveItem>
            <DeepDiveItem icon={RefreshCw} title="Adaptif setiap 2 minggu">
              Program untuk 2 minggu berikutnya disesuaikan dengan progresmu, jadi tidak pernah terlalu ringan atau terlalu berat.
            </DeepDiveItem>
            <DeepDiveItem icon={MessageCircle} title="Ngobrol dengan pelatih AI">
              Ada acara mendadak atau kaki terasa berat? Minta perubahan lewat chat dan setujui usulannya dalam satu ketukan.
            </DeepDiveItem>
          </ul>
        </div>
        <AiIllustration />
      </div>
    </section>
  );
}

function AiIllustration() {
  return (
    <div aria-hidden="true" className="rounded-3xl border border-slate-200 bg-white p-5 shadow-xl sm:p-6">
      <div className="flex items-center gap-3 border-b border-slate-100 pb-4">
        <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-600 text-white">
          <Bot className="size-5" />
        </span>
        <div>
          <p className="font-bold text-slate-900">AI Coach Derap</p>
          <p className="text-xs text-green-700">● Aktif</p>
        </div>
      </div>
      <div className="mt-4 space-y-3 text-sm">
        <p className="ml-auto max-w-[85%] rounded-2xl rounded-br-sm bg-brand-600 px-4 py-2.5 text-white">
          Minggu ini saya ada dinas hari Kamis, bisa geser tempo run-nya?
        </p>
        <p className="max-w-[85%] rounded-2xl rounded-bl-sm bg-slate-100 px-4 py-2.5 text-slate-800">
          Bisa! Tempo run saya pindahkan ke Rabu, dan easy run Rabu jadi Jumat supaya tidak ada dua latihan berat berurutan.
        </p>
        <div className="rounded-2xl border border-slate-200 p-3">
          <p className="text-xs font-semibold text-slate-500">Usulan perubahan</p>
          <div className="mt-2 flex items-center justify-between gap-2 text-sm">
            <span className="font-semibold text-slate-800">Tempo Run 8K</span>
            <span className="text-slate-500">Kam → Rab</span>
          </div>
          <div className="mt-3 flex gap-2">
            <span className="flex-1 rounded-lg border border-slate-200 py-1.5 text-center text-xs font-semibold text-slate-600">Batal</span>
            <span className="flex-1 rounded-lg bg-brand-600 py-1.5 text-center text-xs font-semibold text-white">Setuju</span>
          </div>
        </div>
      </div>
    </div>
  );
}

function CertifiedDeepDive() {
  return (
    <section id="certified-coach-deep-dive" aria-labelledby="certified-deep-title" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="flex flex-wrap items-center gap-3">
          <Badge tone="yellow">Akan Datang!</Badge>
          <span className="text-sm text-slate-500">Mulai dari {formatRupiah(CERTIFIED_COACH_FROM_PRICE)}</span>
        </div>
        <div className="mt-4 grid gap-12 lg:grid-cols-[1fr_1.1fr]">
          <SectionHeading
            id="certified-deep-title"
            align="left"
            eyebrow="Pelatih bersertifikat"
            title="Bimbingan langsung dari pelatih sungguhan"
            lead="Marketplace pelatih lari independen yang terverifikasi. Kamu memilih pelatih dan paketnya; pelatih menyusun dan memantau programmu langsung di kalender Derap."
          />
          <ul className="grid gap-6 sm:grid-cols-2">
            <DeepDiveItem icon={BadgeCheck} title="Terverifikasi">
              Setiap pelatih melewati verifikasi awal identitas dan sertifikat. Verifikasi ini bukan bentuk dukungan atau jaminan
              dari Derap.
            </DeepDiveItem>
            <DeepDiveItem icon={CalendarCheck} title="Program dari pelatihmu">
              Pelatih membuat, mengubah, dan mengunggah jadwal latihan, serta mencatat hasil latihan bersamamu.
            </DeepDiveItem>
            <DeepDiveItem icon={ShieldCheck} title="Data hanya untuk pelatihmu">
              Profil dan data latihanmu hanya dibagikan kepada pelatih yang paketnya kamu beli.
            </DeepDiveItem>
            <DeepDiveItem icon={UserRound} title="Kamu yang memegang kendali">
              Akhiri hubungan dengan pelatih kapan saja dari dashboard; berbagi data dengan pelatih itu langsung berhenti.
            </DeepDiveItem>
          </ul>
        </div>
      </div>
    </section>
  );
}

/* --------------------------------------------------------------- pricing */

/** Pricing buttons: signed in (cookie session or stored token) → the calendar; otherwise → login. */
function StartLink({ children, variant }: { children: ReactNode; variant: 'primary' | 'outline' }) {
  const { signedIn, checking, resolveSignedIn } = useSignedIn();
  const navigate = useNavigate();
  const to = signedIn ? '/dashboard#calendar' : '/login';
  const onClick = async (e: MouseEvent<HTMLAnchorElement>) => {
    if (!checking || e.metaKey || e.ctrlKey || e.shiftKey) return;
    // The session check has not answered yet: wait for it instead of guessing.
    e.preventDefault();
    await navigate((await resolveSignedIn()) ? '/dashboard#calendar' : '/login');
  };
  return (
    <Link to={to} onClick={onClick} className={buttonClass(variant, 'lg', 'mt-8 w-full')}>
      {children}
    </Link>
  );
}

const cycleLabels: Record<BillingCycle, string> = { monthly: 'Bulanan', annual: 'Tahunan' };

function BillingToggle({ value, onChange }: { value: BillingCycle; onChange: (c: BillingCycle) => void }) {
  const name = useId();
  const discount = premiumPriceFor('annual').discountPercent;
  return (
    <fieldset className="mx-auto mt-10 flex w-fit flex-col items-center gap-3">
      <legend className="sr-only">Periode tagihan</legend>
      <div className="inline-flex rounded-full bg-slate-100 p-1 ring-1 ring-slate-200">
        {(['monthly', 'annual'] as const).map((cycle) => (
          <label key={cycle} className="relative">
            <input
              type="radio"
              name={name}
              value={cycle}
              checked={value === cycle}
              onChange={() => onChange(cycle)}
              className="peer absolute inset-0 z-10 cursor-pointer appearance-none rounded-full"
            />
            <span
              className={cn(
                'inline-flex h-10 items-center gap-2 rounded-full px-5 text-sm font-bold transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
                value === cycle ? 'bg-white text-slate-900 shadow' : 'text-slate-600',
              )}
            >
              {cycleLabels[cycle]}
              {cycle === 'annual' && (
                <span className="rounded-full bg-brand-600 px-2 py-0.5 text-[11px] font-bold text-white">Diskon {discount}%</span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const premiumFeatures = [
  'Program latihan AI tanpa batas',
  'Sinkronisasi otomatis dengan Strava',
  'Analisis mendalam: pace, jarak, dan detak jantung',
  'Program adaptif, dievaluasi setiap 2 minggu',
  'Integrasi Google Calendar',
  'Akses fitur premium yang akan datang',
];

function PriceCard({
  title,
  tagline,
  price,
  highlight,
  children,
  badge,
}: {
  title: string;
  tagline: string;
  price: ReactNode;
  highlight?: boolean;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <article
      className={cn(
        'relative flex flex-col rounded-3xl p-6 sm:p-8',
        highlight ? 'bg-ink text-white shadow-2xl shadow-brand-900/20 ring-2 ring-brand-500' : 'border border-slate-200 bg-white',
      )}
    >
      {badge && <div className="absolute -top-3.5 left-1/2 -translate-x-1/2">{badge}</div>}
      <h3 className={cn('text-lg font-bold', highlight ? 'text-white' : 'text-slate-900')}>{title}</h3>
      <p className={cn('mt-1 text-sm', highlight ? 'text-slate-300' : 'text-slate-600')}>{tagline}</p>
      <div className="mt-6">{price}</div>
      {children}
    </article>
  );
}

function PricingSection() {
  const [cycle, setCycle] = useState<BillingCycle>('annual');
  const premium = premiumPriceFor(cycle);
  return (
    <section id="pricing-section" aria-labelledby="pricing-title" className="scroll-mt-20 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="pricing-title"
          eyebrow="Harga"
          title="Paket sederhana, tanpa biaya tersembunyi"
          lead="Mulai gratis. Upgrade ke Premium saat kamu siap untuk program tanpa batas."
        />
        <BillingToggle value={cycle} onChange={setCycle} />

        <div className="mt-12 grid gap-8 lg:grid-cols-3 lg:items-start">
          <PriceCard
            title="Gratis"
            tagline="Coba AI Coach tanpa kartu kredit"
            price={
              <p className="flex items-baseline gap-1">
                <span className="text-4xl font-extrabold text-slate-900">{formatRupiah(0)}</span>
              </p>
            }
          >
            <ul className="mt-6 space-y-3 text-sm text-slate-700">
              <Bullet>Program latihan AI {TRIAL_DAYS / 7} minggu</Bullet>
              <Bullet>Simpan ke kalender latihan di aplikasi</Bullet>
              <Bullet>Catat hasil latihan dan lihat skornya</Bullet>
            </ul>
            <StartLink variant="outline">Mulai Gratis</StartLink>
          </PriceCard>

          <PriceCard
            highlight
            title="AI Coaching Premium"
            tagline="Untuk pelari yang serius mengejar target"
            badge={<span className="rounded-full bg-brand-600 px-3 py-1 text-xs font-bold text-white shadow">Paling Populer</span>}
            price={
              <div aria-live="polite">
                <p className="flex flex-wrap items-baseline gap-x-1">
                  <span data-testid="premium-price" className="text-4xl font-extrabold text-white">
                    {formatRupiah(premium.perMonth)}
                  </span>
                  <span className="text-slate-300">/bulan</span>
                </p>
                <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-300">
                  {cycle === 'annual' ? (
                    <>
                      <span>Ditagih {formatRupiah(premium.billedTotal)} per tahun</span>
                      <span className="rounded-full bg-green-500/15 px-2 py-0.5 text-xs font-bold text-green-300">
                        Diskon {premium.discountPercent}%
                      </span>
                    </>
                  ) : (
                    <span>Ditagih bulanan</span>
                  )}
                </p>
              </div>
            }
          >
            <ul className="mt-6 space-y-3 text-sm text-slate-200">
              {premiumFeatures.map((f) => (
                <li key={f} className="flex gap-3">
                  <Check className="mt-0.5 size-5 shrink-0 text-brand-400" aria-hidden="true" />
                  <span>{f}</span>
                </li>
              ))}
            </ul>
            <StartLink variant="primary">Pilih Premium</StartLink>
          </PriceCard>

          <PriceCard
            title="Pelatih Bersertifikat"
            tagline="Bimbingan personal dari pelatih terverifikasi"
            price={
              <div>
                <p className="text-4xl font-extrabold text-slate-900">Sesuai Paket</p>
                <p className="mt-2 text-sm text-slate-600">mulai dari {formatRupiah(CERTIFIED_COACH_FROM_PRICE)}</p>
              </div>
            }
          >
            <ul className="mt-6 space-y-3 text-sm text-slate-700">
              <Bullet tone="slate">Pelatih dengan identitas dan sertifikat terverifikasi</Bullet>
              <Bullet tone="slate">Program dan paket sesuai kebutuhanmu</Bullet>
              <Bullet tone="slate">Dipantau langsung oleh pelatih</Bullet>
            </ul>
            <button type="button" disabled className={buttonClass('outline', 'lg', 'mt-8 w-full')}>
              Akan Datang!
            </button>
          </PriceCard>
        </div>
        <p className="mt-8 text-center text-sm text-slate-500">
          Harga dalam Rupiah. Pajak dikenakan sesuai ketentuan yang berlaku di Indonesia.
        </p>
      </div>
    </section>
  );
}

/* ------------------------------------------------------ featured coaches */

function FeaturedCoaches() {
  return (
    <section id="pelatih-unggulan" aria-labelledby="featured-title" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="featured-title"
          eyebrow="Marketplace pelatih"
          title="Pelatih Unggulan"
          lead="Kami sedang memverifikasi pelatih-pelatih terbaik di seluruh Indonesia. Segera hadir di sini."
        />
        <div className="relative mt-12">
          <ul aria-hidden="true" className="grid gap-6 opacity-60 blur-[2px] select-none sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <li key={i} className={cn('rounded-3xl border border-slate-200 bg-white p-6', i === 2 && 'hidden lg:block', i === 1 && 'hidden sm:block')}>
                <div className="flex items-center gap-4">
                  <span className="size-14 rounded-full bg-gradient-to-br from-brand-200 to-brand-400" />
                  <div className="flex-1 space-y-2">
                    <span className="block h-3 w-2/3 rounded bg-slate-200" />
                    <span className="block h-3 w-1/2 rounded bg-slate-100" />
                  </div>
                </div>
                <div className="mt-5 space-y-2">
                  <span className="block h-2.5 rounded bg-slate-100" />
                  <span className="block h-2.5 w-5/6 rounded bg-slate-100" />
                </div>
                <div className="mt-5 flex gap-2">
                  <span className="h-6 w-16 rounded-full bg-brand-100" />
                  <span className="h-6 w-20 rounded-full bg-slate-100" />
                </div>
              </li>
            ))}
          </ul>
          <div className="absolute inset-0 flex items-center justify-center p-4">
            <div className="rounded-2xl bg-white/95 px-6 py-5 text-center shadow-xl ring-1 ring-slate-200">
              <Badge tone="yellow">Akan Datang!</Badge>
              <p className="mt-2 font-bold text-slate-900">Marketplace pelatih segera dibuka</p>
              <p className="mt-1 text-sm text-slate-600">Sementara itu, mulai berlatih gratis dengan AI Coach.</p>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

/* ---------------------------------------------------------- how it works */

const steps: { title: string; text: string }[] = [
  { title: 'Masuk dengan Google', text: 'Buat akun dalam hitungan detik. Tidak perlu kartu kredit untuk program gratis.' },
  { title: 'Isi profil & target', text: 'Ceritakan tujuan, pengalaman, hari latihan, dan personal best-mu. Programmu langsung tersusun di kalender.' },
  { title: 'Lari & sinkronkan', text: 'Hubungkan Strava. Setiap lari dianalisis, dan programmu disesuaikan setiap 2 minggu.' },
];

function HowItWorks() {
  return (
    <section id="cara-kerja" aria-labelledby="coaching-how-title" className="scroll-mt-20 bg-ink py-20 text-white sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="coaching-how-title" tone="dark" eyebrow="Cara kerja" title="Tiga langkah menuju lari yang lebih baik" />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {steps.map((s, i) => (
            <li key={s.title} className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
              <span className="text-5xl font-extrabold text-brand-500/80">{String(i + 1).padStart(2, '0')}</span>
              <h3 className="mt-3 text-lg font-bold">{s.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-300">{s.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/* ------------------------------------------------------------------- FAQ */

const faqs: { q: string; a: string }[] = [
  {
    q: 'Apa bedanya AI Coach dengan pelatih bersertifikat?',
    a: 'AI Coach menyusun program dari data profil dan aktivitasmu, menganalisis setiap lari secara otomatis, dan mengevaluasi ulang program setiap 2 minggu. Tersedia 24 jam dan bisa dimulai gratis. Pelatih bersertifikat adalah pelatih manusia independen yang menyusun program secara personal, memantau latihanmu langsung, dan cocok untuk target spesifik atau kebutuhan khusus, dengan harga yang ditentukan oleh tiap pelatih.',
  },
  {
    q: 'Bisakah saya beralih dari AI Coach ke pelatih bersertifikat nanti?',
    a: 'Bisa. Kamu dapat mulai dengan AI Coach dan beralih ke pelatih bersertifikat kapan saja setelah marketplace pelatih dibuka. Riwayat latihanmu tetap tersimpan di akunmu. Hubungan dengan pelatih juga bisa kamu akhiri kapan saja dari dashboard.',
  },
  {
    q: 'Bagaimana pelatih diverifikasi?',
    a: 'Setiap pelatih melewati verifikasi awal atas identitas dan sertifikat kepelatihannya sebelum bisa menawarkan paket. Verifikasi ini bukan bentuk dukungan atau jaminan dari Derap; layanan kepelatihan merupakan perjanjian langsung antara kamu dan pelatih.',
  },
  {
    q: 'Apakah data saya aman?',
    a: 'Ya. Data kamu tidak pernah kami jual. Profil dan data latihanmu hanya dibagikan kepada pelatih yang paketnya kamu beli, dan berhenti dibagikan begitu kamu mengakhiri hubungan dengan pelatih tersebut. Kamu juga berhak mengakses, memperbaiki, menarik persetujuan, dan menghapus datamu sesuai UU Pelindungan Data Pribadi.',
  },
  {
    q: 'Apakah saya perlu kartu kredit untuk mulai?',
    a: `Tidak. Program AI ${TRIAL_DAYS / 7} minggu bisa kamu buat gratis tanpa kartu kredit. Kamu baru membayar saat memilih AI Coaching Premium.`,
  },
];

function FaqItem({ q, a, open, onToggle }: { q: string; a: string; open: boolean; onToggle: () => void }) {
  const id = useId();
  return (
    <li className="border-b border-slate-200 last:border-b-0">
      <h3>
        <button
          type="button"
          id={`${id}-q`}
          aria-expanded={open}
          aria-controls={`${id}-a`}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-4 py-5 text-left font-bold text-slate-900 hover:text-brand-700"
        >
          {q}
          <ChevronDown className={cn('size-5 shrink-0 text-slate-500 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </button>
      </h3>
      <div id={`${id}-a`} role="region" aria-labelledby={`${id}-q`} hidden={!open} className="pb-5 leading-relaxed text-slate-600">
        {a}
      </div>
    </li>
  );
}

function Faq() {
  const [openIndex, setOpenIndex] = useState<number | null>(0);
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Pertanyaan yang sering diajukan" />
        <ul className="mt-10 rounded-3xl border border-slate-200 bg-white px-5 sm:px-8">
          {faqs.map((f, i) => (
            <FaqItem key={f.q} q={f.q} a={f.a} open={openIndex === i} onToggle={() => setOpenIndex(openIndex === i ? null : i)} />
          ))}
        </ul>
        <div className="mt-12 text-center">
          <p className="text-slate-600">Siap mulai?</p>
          <a href="#pricing-section" className={buttonClass('primary', 'lg', 'mt-3')}>
            Pilih Paket
          </a>
        </div>
      </div>
    </section>
  );
}
