import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/button';
import { PublicLayout } from '../public-site/public-layout';
import { useDocumentMeta } from '../public-site/use-document-meta';

const failedStatuses = ['deny', 'cancel', 'expire', 'failure'];

/**
 * /registration-success (§2): also the gateway's finish URL, which appends Midtrans'
 * `transaction_status`; a failed or unfinished payment must not be greeted as a success.
 * Shows only the registration id: the page is public, so no personal data.
 */
export function RegistrationSuccessPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const status = params.get('transaction_status');
  useDocumentMeta('Pendaftaran Berhasil | Derap', 'Pendaftaran event lari Anda berhasil.');
  const failed = status !== null && failedStatuses.includes(status);
  const waiting = status === 'pending';

  return (
    <PublicLayout>
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
        {failed ? (
          <>
            <XCircle className="size-16 text-red-600" aria-hidden="true" />
            <h1 className="mt-5 text-3xl font-extrabold text-slate-900">Pembayaran Belum Berhasil</h1>
            <p className="mt-3 leading-relaxed text-slate-700">
              Pembayaran untuk pendaftaran ini tidak berhasil atau dibatalkan. Silakan daftar ulang dari halaman event.
            </p>
          </>
        ) : waiting ? (
          <>
            <Clock className="size-16 text-amber-600" aria-hidden="true" />
            <h1 className="mt-5 text-3xl font-extrabold text-slate-900">Menunggu Pembayaran</h1>
            <p className="mt-3 leading-relaxed text-slate-700">
              Selesaikan pembayaran sesuai instruksi. Setelah pembayaran diterima, konfirmasi pendaftaran beserta kode QR dikirim ke email Anda.
            </p>
          </>
        ) : (
          <>
            <CheckCircle2 className="size-16 text-green-600" aria-hidden="true" />
            <h1 className="mt-5 text-3xl font-extrabold text-slate-900">Pendaftaran Berhasil!</h1>
            <p className="mt-3 leading-relaxed text-slate-700">
              Konfirmasi pendaftaran, detail event, dan kode QR untuk pengambilan racepack telah dikirim ke email Anda. Jika tidak ada di
              kotak masuk, periksa folder spam atau promosi.
            </p>
          </>
        )}
        {id && (
          <p className="mt-6 rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-700">
            ID Pendaftaran: <strong className="font-mono text-base text-slate-900" data-testid="registration-id">{id}</strong>
          </p>
        )}
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to="/" className={buttonClass('primary', 'lg')}>
            Kembali ke Beranda
          </Link>
          <Link to="/registration" className={buttonClass('outline', 'lg')}>
            Lihat Event Lain
          </Link>
        </div>
      </div>
    </PublicLayout>
  );
}
