import { Share2, UserX } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { publicCoachText as m } from '../../../../domain/coaching/public-text';
import { Button, buttonClass } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { PublicLayout } from '../../../components/public-layout';
import { ErrorRetry, LoadingMessage } from '../../../components/query-state';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { useSignedIn } from '../../../hooks/use-signed-in';
import { CoachPackagesSection, CoachProfileHeader, type CoachPagePackage } from './coach-public-profile';
import { usePublicCoachProfile } from './public-page-api';

// The dialogs (and their library) arrive only when a visitor chooses a package.
const PurchaseFlow = lazy(async () => ({ default: (await import('./purchase-flow')).PurchaseFlow }));

/** The query flag that brings a buyer back from /login to the package they chose. */
const PACKAGE_PARAM = 'paket';

/** /coaching/{uniquelink}: a coach's public page (events-and-coach-pages §2), no login needed. */
export function PublicCoachPage() {
  const { uniquelink = '' } = useParams();
  const query = usePublicCoachProfile(uniquelink);
  const profile = query.data ?? null;
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { resolveUser } = useSignedIn();
  const [buying, setBuying] = useState<{ pkg: CoachPagePackage; userId: string } | null>(null);
  const [shareNote, setShareNote] = useState<string | null>(null);

  useDocumentMeta(
    profile ? `${profile.shownName} — Pelatih Lari | Derap` : query.isPending ? 'Pelatih Lari | Derap' : 'Profil tidak ditemukan | Derap',
    profile ? profile.headline || profile.bio.slice(0, 160) || 'Pelatih lari di Derap.' : 'Pelatih lari bersertifikat di Derap.',
  );

  const choose = async (pkg: CoachPagePackage) => {
    const user = await resolveUser();
    if (!user) {
      // Sign in first, then come back here with the package still chosen.
      void navigate(`/login?next=${encodeURIComponent(`${location.pathname}?${PACKAGE_PARAM}=${pkg._id}`)}`);
      return;
    }
    setBuying({ pkg, userId: user._id });
  };

  // Back from /login: open the confirmation of the package chosen before signing in.
  const wanted = params.get(PACKAGE_PARAM);
  useEffect(() => {
    if (!wanted || !profile) return;
    // Only a verified coach sells: a remembered choice on an unverified page opens nothing.
    const pkg = profile.verified ? profile.packages.find((p) => p._id === wanted) : undefined;
    setParams(
      (p) => {
        p.delete(PACKAGE_PARAM);
        return p;
      },
      { replace: true },
    );
    if (pkg) void choose(pkg);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, profile]);

  const share = async () => {
    const url = `${window.location.origin}${location.pathname}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: profile?.shownName ?? 'Pelatih Lari Derap', text: profile?.headline || undefined, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setShareNote(m.linkCopied);
    } catch {
      setShareNote(`Salin link ini: ${url}`);
    }
  };
  useEffect(() => {
    if (!shareNote) return;
    const timer = window.setTimeout(() => setShareNote(null), 5000);
    return () => window.clearTimeout(timer);
  }, [shareNote]);

  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">
        {query.isPending ? (
          <LoadingMessage card>Memuat profil pelatih...</LoadingMessage>
        ) : query.isError ? (
          <ErrorRetry message="Gagal memuat profil pelatih. Periksa koneksi internet Anda." onRetry={() => void query.refetch()} />
        ) : !profile ? (
          <>
            <h1 className="sr-only">{m.profileNotFound}</h1>
            <EmptyState
              icon={UserX}
              title={m.profileNotFound}
              description="Link pelatih ini tidak terdaftar atau sudah diganti. Lihat pilihan coaching lain di Derap."
              action={
                <Link to="/coaching" className={buttonClass('primary')}>
                  Lihat Coaching
                </Link>
              }
            />
          </>
        ) : (
          <>
            <CoachProfileHeader
              profile={profile}
              actions={
                <Button variant="outline" size="sm" onClick={() => void share()}>
                  <Share2 className="size-4" aria-hidden="true" />
                  Bagikan
                </Button>
              }
            />
            <p role="status" aria-live="polite" className={shareNote ? 'mt-3 rounded-lg bg-green-50 px-4 py-2 text-sm font-semibold text-green-800' : 'sr-only'}>
              {shareNote}
            </p>
            <CoachPackagesSection
              mode={profile.packageshown}
              packages={profile.packages}
              awaitingVerification={!profile.verified}
              onChoose={profile.verified ? (pkg) => void choose(pkg) : undefined}
            />
            {buying && (
              <Suspense fallback={null}>
                <PurchaseFlow pkg={buying.pkg} userId={buying.userId} coachName={profile.shownName} onClose={() => setBuying(null)} />
              </Suspense>
            )}
          </>
        )}
      </div>
    </PublicLayout>
  );
}
