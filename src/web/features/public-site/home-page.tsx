import {
  Activity,
  ArrowRight,
  BadgeCheck,
  Bot,
  CalendarDays,
  CalendarRange,
  Check,
  HeartPulse,
  LineChart,
  Quote,
  RefreshCw,
  Sparkles,
  Ticket,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/badge';
import { buttonClass } from '../../components/button';
import { cn } from '../../components/cn';
import { PublicLayout } from '../../components/public-layout';
import { SectionHeading } from './section-heading';
import { useDocumentMeta } from '../../hooks/use-document-meta';

export function HomePage() {
  useDocumentMeta(
    'Derap — Dari Pelari, Untuk Pelari',
    'Derap — dari pelari, untuk pelari. Pelatih lari AI gratis, pelatih bersertifikat, pendaftaran event lari, dan Running Buddy di Indonesia.',
  );
  return (
    <PublicLayout>
      <Hero />
      <FeatureCards />
      <AiCoachSection />
      <ServicesSection />
      <HowItWorksSection />
      <TestimonialsSection />
      <CtaSection />
    </PublicLayout>
  );
}

/* ------------------------------------------------------------------ hero */

function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div aria-hidden="true" className="pointer-events-none absolute -top-32 -right-32 size-[28rem] rounded-full bg-brand-200/50 blur-3xl" />
      <div aria-hidden="true" className="pointer-events-none absolute top-40 -left-40 size-80 rounded-full bg-amber-100/70 blur-3xl" />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 md:pt-20 lg:grid-cols-[1.1fr_1fr] lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-xs font-semibold text-brand-700 shadow-sm">
            <Sparkles className="size-3.5" aria-hidden="true" />
            Pelatih lari AI — gratis, tanpa kartu kredit
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl leading-[1.1] font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl"
          >
            Dari pelari, <span className="text-brand-600">untuk pelari.</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
            Program latihan personal yang dibuat dari data larimu, dianalisis otomatis setiap kali kamu selesai lari, dan
            disesuaikan ulang setiap 2 minggu. Dari 5K pertama sampai full marathon.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/coaching" className={buttonClass('primary', 'lg', 'shadow-lg shadow-brand-600/20')}>
              Mulai Latihan Gratis
              <ArrowRight className="size-5" aria-hidden="true" />
            </Link>
            <a href="#how-it-works" className={buttonClass('outline', 'lg')}>
              Lihat Cara Kerjanya
            </a>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
            {['Sinkron dengan Strava', 'Evaluasi tiap 2 minggu', 'Berbahasa Indonesia'].map((t) => (
              <li key={t} className="inline-flex items-center gap-1.5">
                <Check className="size-4 text-brand-600" aria-hidden="true" />
                {t}
              </li>
            ))}
          </ul>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}

const weekPlan = [
  { day: 'Sen', title: 'Recovery Run', detail: '5K · 7:00/km', tone: 'bg-blue-500' },
  { day: 'Sel', title: 'Interval', detail: '6 × 400 m', tone: 'bg-red-500' },
  { day: 'Kam', title: 'Tempo Run', detail: '8K · 5:15/km', tone: 'bg-orange-500' },
  { day: 'Sab', title: 'Long Run', detail: '16K · 6:30/km', tone: 'bg-green-500' },
];

/** A CSS-only picture of the training calendar and an analysed run. */
function HeroIllustration() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="absolute inset-4 -z-0 rotate-3 rounded-3xl bg-gradient-to-br from-brand-400 to-brand-600 opacity-90" />
      <div className="relative rounded-3xl border border-slate-200 bg-white p-5 shadow-2xl shadow-slate-900/10 sm:p-6">
        <div className="flex items-center justify-between">
          <div>
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Program minggu ini</p>
            <p className="text-lg font-bold text-slate-900">Menuju Half Marathon</p>
          </div>
          <span className="rounded-full bg-brand-100 px-2.5 py-1 text-xs font-bold text-brand-700">Minggu 6/12</span>
        </div>
        <ul className="mt-5 space-y-2.5">
          {weekPlan.map((r) => (
            <li key={r.day} className="flex items-center gap-3 rounded-xl border border-slate-100 bg-slate-50 px-3 py-2.5">
              <span className="w-9 text-sm font-bold text-slate-500">{r.day}</span>
              <span className={cn('h-8 w-1.5 rounded-full', r.tone)} />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold text-slate-900">{r.title}</span>
                <span className="block text-xs text-slate-500">{r.detail}</span>
              </span>
              {r.day === 'Sen' && <Check className="size-5 rounded-full bg-green-100 p-0.5 text-green-700" />}
            </li>
          ))}
        </ul>
        <div className="mt-5 grid grid-cols-3 gap-2 text-center">
          {[
            ['32 km', 'Rencana'],
            ['9,1', 'Skor rata-rata'],
            ['5:38', 'Pace /km'],
          ].map(([value, label]) => (
            <div key={label} className="rounded-xl bg-slate-900 px-2 py-3 text-white">
              <p className="text-base font-extrabold sm:text-lg">{value}</p>
              <p className="text-[11px] text-slate-400">{label}</p>
            </div>
          ))}
        </div>
      </div>
      <div className="absolute -bottom-5 -left-2 hidden items-center gap-2 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-xl sm:flex">
        <RefreshCw className="size-5 text-brand-600" />
        <div>
          <p className="text-xs font-bold text-slate-900">Program diperbarui</p>
          <p className="text-[11px] text-slate-500">Evaluasi otomatis 2 mingguan</p>
        </div>
      </div>
    </div>
  );
}

/* --------------------------------------------------------- feature cards */

const featureCards: { to: string; icon: LucideIcon; title: string; text: string; cta: string }[] = [
  {
    to: '/coaching',
    icon: Bot,
    title: 'Pelatih Lari AI',
    text: 'Program latihan personal sesuai target, pengalaman, dan jadwalmu. Mulai gratis.',
    cta: 'Lihat coaching',
  },
  {
    to: '/calendar',
    icon: CalendarDays,
    title: 'Kalender Lari',
    text: 'Temukan event lari road dan trail di seluruh Indonesia, atau ajukan event-mu sendiri.',
    cta: 'Buka kalender',
  },
  {
    to: '/buddy',
    icon: Users,
    title: 'Running Buddy',
    text: 'Buat atau gabung lari bareng di kotamu. Lari lebih seru bersama teman baru.',
    cta: 'Cari teman lari',
  },
];

function FeatureCards() {
  return (
    <section aria-label="Fitur utama" className="mx-auto max-w-6xl px-4 sm:px-6">
      <ul className="grid gap-4 md:grid-cols-3">
        {featureCards.map(({ to, icon: Icon, title, text, cta }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-lg"
            >
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h2 className="mt-4 text-lg font-bold text-slate-900">{title}</h2>
              <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">{text}</p>
              <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
                {cta}
                <ArrowRight className="size-4 transition group-hover:translate-x-0.5" aria-hidden="true" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/* -------------------------------------------------------------- AI coach */

const aiPoints: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Sparkles,
    title: 'Program personal dari datamu',
    text: 'Target lomba, personal best, hari latihan, dan riwayat cedera jadi dasar programmu.',
  },
  {
    icon: Activity,
    title: 'Analisis otomatis setiap lari',
    text: 'Hubungkan Strava: jarak, waktu, dan rata-rata detak jantung dibaca dan dinilai otomatis.',
  },
  {
    icon: RefreshCw,
    title: 'Dievaluasi ulang tiap 2 minggu',
    text: 'Program 2 minggu ke depan disesuaikan dengan progresmu, bukan template yang kaku.',
  },
  {
    icon: LineChart,
    title: 'Lebih dari 10 titik data',
    text: 'Pace, jarak, zona detak jantung, konsistensi, dan lainnya dianalisis untuk tiap sesi.',
  },
];

function AiCoachSection() {
  return (
    <section id="ai-coach" aria-labelledby="ai-coach-title" className="scroll-mt-20 py-20 sm:py-28">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <SectionHeading
            id="ai-coach-title"
            align="left"
            eyebrow="AI Coach"
            title="Pelatih pribadi yang selalu siap, kapan pun kamu lari"
            lead="Program latihan AI Derap gratis, tanpa kartu kredit. Upgrade ke Premium kapan saja untuk program tanpa batas dan analisis mendalam."
          />
          <ul className="mt-8 grid gap-5 sm:grid-cols-2">
            {aiPoints.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <Icon className="size-6 text-brand-600" aria-hidden="true" />
                <h3 className="mt-2 font-bold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
          <Link to="/coaching" className={buttonClass('secondary', 'lg', 'mt-8')}>
            Pelajari AI Coach
            <ArrowRight className="size-5" aria-hidden="true" />
          </Link>
        </div>
        <RunAnalysisIllustration />
      </div>
    </section>
  );
}

function ScoreBar({ label, score }: { label: string; score: number }) {
  return (
    <div>
      <div className="flex justify-between text-xs">
        <span className="text-slate-300">{label}</span>
        <span className="font-bold text-white">{score.toLocaleString('id-ID')}/10</span>
      </div>
      <div className="mt-1.5 h-2 rounded-full bg-white/10">
        <div className="h-2 rounded-full bg-gradient-to-r from-brand-500 to-amber-400" style={{ width: `${score * 10}%` }} />
      </div>
    </div>
  );
}

function RunAnalysisIllustration() {
  return (
    <div aria-hidden="true" className="relative overflow-hidden rounded-3xl bg-ink p-6 text-white shadow-2xl sm:p-8">
      <div className="pointer-events-none absolute -top-24 -right-24 size-64 rounded-full bg-brand-600/30 blur-3xl" />
      <div className="relative">
        <div className="flex items-center justify-between gap-3">
          <div>
            <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Analisis lari</p>
            <p className="text-lg font-bold">Tempo Run · 8K</p>
          </div>
          <span className="rounded-full bg-green-500/15 px-2.5 py-1 text-xs font-bold text-green-300">Sesuai target</span>
        </div>
        <div className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[
            ['8,1 km', 'Jarak'],
            ['42:31', 'Waktu'],
            ['5:15', 'Pace /km'],
            ['158', 'HR rata-rata'],
          ].map(([v, l]) => (
            <div key={l} className="rounded-xl bg-white/5 p-3 ring-1 ring-white/10">
              <p className="text-lg font-extrabold">{v}</p>
              <p className="text-[11px] text-slate-400">{l}</p>
            </div>
          ))}
        </div>
        {/* a small pace chart */}
        <svg viewBox="0 0 300 80" className="mt-6 h-20 w-full" preserveAspectRatio="none">
          <defs>
            <linearGradient id="pace-fill" x1="0" x2="0" y1="0" y2="1">
              <stop offset="0%" stopColor="#f97316" stopOpacity="0.45" />
              <stop offset="100%" stopColor="#f97316" stopOpacity="0" />
            </linearGradient>
          </defs>
          <path d="M0 60 C30 50 50 30 80 34 S130 20 160 26 S210 14 240 20 S280 12 300 16 V80 H0Z" fill="url(#pace-fill)" />
          <path d="M0 60 C30 50 50 30 80 34 S130 20 160 26 S210 14 240 20 S280 12 300 16" fill="none" stroke="#fb923c" strokeWidth="3" />
        </svg>
        <div className="mt-6 space-y-3">
          <ScoreBar label="Skor jarak" score={10} />
          <ScoreBar label="Skor pace" score={9.4} />
          <ScoreBar label="Skor detak jantung" score={8.7} />
        </div>
        <div className="mt-6 flex items-start gap-3 rounded-2xl bg-white/5 p-4 ring-1 ring-white/10">
          <Bot className="mt-0.5 size-5 shrink-0 text-brand-400" />
          <p className="text-sm leading-relaxed text-slate-200">
            Mantap! Pace-mu stabil di zona tempo. Minggu depan kita tambah 1 km di long run.
          </p>
        </div>
      </div>
    </div>
  );
}

/* -------------------------------------------------------------- services */

const services: { icon: LucideIcon; title: string; text: string; to?: string; cta?: string; soon?: boolean }[] = [
  {
    icon: Bot,
    title: 'AI Coach',
    text: 'Program latihan AI personal, analisis otomatis dari Strava, dan evaluasi program setiap 2 minggu.',
    to: '/coaching',
    cta: 'Mulai gratis',
  },
  {
    icon: BadgeCheck,
    title: 'Marketplace Pelatih Terverifikasi',
    text: 'Pilih pelatih lari independen yang identitas dan sertifikatnya sudah diverifikasi, mulai dari Rp300.000.',
    soon: true,
  },
  {
    icon: Ticket,
    title: 'Pendaftaran Event Lari',
    text: 'Daftar event lari dari mitra penyelenggara dan bayar online. Racepack tinggal ambil dengan kode QR.',
    to: '/registration',
    cta: 'Lihat event',
  },
  {
    icon: Users,
    title: 'Running Buddy',
    text: 'Buat atau gabung sesi lari bareng di kotamu dan temukan teman lari dengan pace yang sama.',
    to: '/buddy',
    cta: 'Cari teman lari',
  },
];

function ServicesSection() {
  return (
    <section id="services" aria-labelledby="services-title" className="scroll-mt-20 bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="services-title"
          eyebrow="Layanan"
          title="Semua yang kamu butuhkan untuk berlari"
          lead="Empat layanan dalam satu platform: berlatih, dibimbing, ikut lomba, dan berlari bersama."
        />
        <ul className="mt-12 grid gap-5 sm:grid-cols-2">
          {services.map(({ icon: Icon, title, text, to, cta, soon }) => (
            <li
              key={title}
              className={cn(
                'flex flex-col rounded-2xl border bg-white p-6 sm:p-7',
                soon ? 'border-dashed border-slate-300' : 'border-slate-200 shadow-sm',
              )}
            >
              <div className="flex items-start justify-between gap-3">
                <span
                  className={cn(
                    'inline-flex size-12 items-center justify-center rounded-xl',
                    soon ? 'bg-slate-100 text-slate-500' : 'bg-brand-600 text-white',
                  )}
                >
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                {soon && <Badge tone="yellow">Akan Datang</Badge>}
              </div>
              <h3 className="mt-5 text-xl font-bold text-slate-900">{title}</h3>
              <p className="mt-2 flex-1 leading-relaxed text-slate-600">{text}</p>
              {to && cta && (
                <Link to={to} className="mt-5 inline-flex items-center gap-1 self-start font-semibold text-brand-700 hover:text-brand-800">
                  {cta}
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/* ---------------------------------------------------------- how it works */

const steps: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: UserPlus, title: 'Daftar dengan Google', text: 'Masuk dalam hitungan detik. Gratis, tanpa kartu kredit.' },
  {
    icon: CalendarRange,
    title: 'Ceritakan targetmu',
    text: 'Isi tujuan, pengalaman, hari latihan, dan personal best. AI menyusun programmu di kalender.',
  },
  {
    icon: HeartPulse,
    title: 'Lari, sinkron, berkembang',
    text: 'Hubungkan Strava. Setiap lari dinilai otomatis dan programmu disesuaikan setiap 2 minggu.',
  },
];

function HowItWorksSection() {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-20 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="how-title" eyebrow="Cara kerja" title="Mulai berlatih dalam 3 langkah" />
        <ol className="mt-12 grid gap-8 md:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }, i) => (
            <li key={title} className="relative rounded-2xl border border-slate-200 p-6">
              <span className="absolute -top-4 left-6 inline-flex size-8 items-center justify-center rounded-full bg-brand-600 text-sm font-extrabold text-white ring-4 ring-white">
                {i + 1}
              </span>
              <Icon className="mt-2 size-7 text-brand-600" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-bold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/* ---------------------------------------------------------- testimonials */

const testimonials = [
  {
    quote:
      'Dulu saya lari tanpa arah. Dengan program AI Derap, saya akhirnya finis half marathon pertama tanpa cedera, dan pace saya turun hampir 40 detik per kilometer.',
    name: 'Rina A.',
    city: 'Jakarta',
    detail: 'Pelari half marathon',
  },
  {
    quote:
      'Jadwal kerja saya berantakan, tapi programnya menyesuaikan. Setiap dua minggu latihannya diperbarui sesuai hasil lari saya dari Strava. Praktis sekali.',
    name: 'Budi S.',
    city: 'Bandung',
    detail: 'Pelari 10K',
  },
];

function TestimonialsSection() {
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="scroll-mt-20 bg-ink py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="testimonials-title" tone="dark" eyebrow="Cerita pelari" title="Mereka sudah berlari bersama Derap" />
        <ul className="mt-12 grid gap-6 md:grid-cols-2">
          {testimonials.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-2xl bg-white/5 p-6 ring-1 ring-white/10 sm:p-8">
                <Quote className="size-8 text-brand-500" aria-hidden="true" />
                <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-slate-100">“{t.quote}”</blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="inline-flex size-11 items-center justify-center rounded-full bg-gradient-to-br from-brand-400 to-brand-700 font-bold text-white"
                  >
                    {t.name.charAt(0)}
                  </span>
                  <span>
                    <span className="block font-bold text-white">{t.name}</span>
                    <span className="block text-sm text-slate-400">
                      {t.detail} · {t.city}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/* ------------------------------------------------------------------- cta */

function CtaSection() {
  return (
    <section id="cta" aria-labelledby="cta-title" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-500 via-brand-600 to-brand-700 px-6 py-12 text-center text-white shadow-xl sm:px-12 sm:py-16">
          <svg aria-hidden="true" viewBox="0 0 400 200" className="pointer-events-none absolute inset-0 h-full w-full opacity-20" preserveAspectRatio="none">
            <path d="M-20 160 C60 120 120 190 200 140 S340 60 420 90" fill="none" stroke="#fff" strokeWidth="2" strokeDasharray="6 8" />
            <path d="M-20 60 C80 20 160 100 240 50 S360 10 420 30" fill="none" stroke="#fff" strokeWidth="2" />
          </svg>
          <div className="relative">
            <h2 id="cta-title" className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
              Siap berlari lebih terarah?
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-brand-50 sm:text-lg">
              Buat program latihan AI pertamamu hari ini. Gratis 2 minggu, tanpa kartu kredit.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Link to="/login" className={buttonClass('secondary', 'lg')}>
                Mulai Gratis
              </Link>
              <Link to="/coaching#pricing-section" className={buttonClass('inverse', 'lg')}>
                Lihat Harga
              </Link>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
