import { useId, type ReactNode } from 'react';
import { supportContact } from '../../../domain/shared/contact';

/**
 * Derap's Terms and Privacy Policy (events-and-coach-pages.md §1, "Legal content"), both dated
 * August 2025. Kept as JSX so headings, lists and numbering stay readable in a phone-sized modal.
 */

export const LEGAL_COMPANY = 'PT Derap Lari Indonesia';
export const LEGAL_UPDATED = 'Agustus 2025';

function Section({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-6 first:mt-0">
      <h3 id={id} className="text-base font-bold text-slate-900">
        {n}. {title}
      </h3>
      <div className="mt-2 space-y-2">{children}</div>
    </section>
  );
}

function List({ children, ordered }: { children: ReactNode; ordered?: boolean }) {
  const cls = 'space-y-1.5 pl-5 marker:text-slate-500';
  return ordered ? <ol className={`list-[lower-alpha] ${cls}`}>{children}</ol> : <ul className={`list-disc ${cls}`}>{children}</ul>;
}

function Updated() {
  return (
    <p className="rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600">
      Terakhir diperbarui: <strong>{LEGAL_UPDATED}</strong> · Berlaku sejak {LEGAL_UPDATED}
    </p>
  );
}

function Mail() {
  return (
    <a href={`mailto:${supportContact.email}`} className="font-semibold text-brand-700 underline underline-offset-2">
      {supportContact.email}
    </a>
  );
}

const prose = 'text-sm leading-relaxed text-slate-700 [overflow-wrap:anywhere]';

export function TermsText() {
  return (
    <div className={prose}>
      <Updated />
      <p className="mt-4">
        Syarat &amp; Ketentuan ini mengatur penggunaan situs web, aplikasi, dan seluruh layanan Derap (&quot;Derap&quot;,
        &quot;kami&quot;) yang dikelola oleh <strong>{LEGAL_COMPANY}</strong>. Dengan membuat akun atau menggunakan layanan kami,
        Anda (&quot;Anda&quot;, &quot;pengguna&quot;) menyatakan telah membaca, memahami, dan menyetujui Syarat &amp; Ketentuan ini
        serta Kebijakan Privasi kami.
      </p>

      <div className="mt-6">
        <Section n={1} title="Layanan Kami">
          <p>Derap menyediakan empat layanan:</p>
          <List ordered>
            <li>
              <strong>AI Coach</strong>: pelatih lari berbasis kecerdasan buatan yang menyusun program latihan personal,
              menganalisis aktivitas lari, dan mengevaluasi program secara berkala. Tersedia tingkat gratis dan tingkat premium
              yang berbayar.
            </li>
            <li>
              <strong>Marketplace Pelatih</strong>: tempat pengguna menemukan dan membeli paket latihan dari pelatih lari
              independen yang telah terverifikasi.
            </li>
            <li>
              <strong>Pendaftaran Event</strong>: pendaftaran dan pembayaran event lari yang diselenggarakan oleh mitra
              penyelenggara pihak ketiga.
            </li>
            <li>
              <strong>Dokumentasi Kegiatan</strong>: portal dokumentasi foto event dan kegiatan lari.
            </li>
          </List>
          <p>
            Sebagian layanan dapat ditandai &quot;Segera&quot; atau &quot;Akan Datang&quot; dan baru berlaku ketentuannya saat
            layanan tersebut tersedia.
          </p>
        </Section>

        <Section n={2} title="Akun Pengguna">
          <List>
            <li>Anda wajib memberikan data yang benar, lengkap, dan terbaru, serta menjaga kerahasiaan akses akun Anda.</li>
            <li>Anda bertanggung jawab atas seluruh aktivitas yang terjadi melalui akun Anda.</li>
            <li>
              Pengguna berusia di bawah 18 tahun hanya boleh menggunakan layanan dengan persetujuan dan pengawasan orang tua atau
              wali.
            </li>
            <li>Kami dapat menangguhkan atau menutup akun yang melanggar Syarat &amp; Ketentuan ini.</li>
          </List>
        </Section>

        <Section n={3} title="Kesehatan dan Risiko Berlari">
          <p>
            Program latihan dan analisis dari AI Coach maupun pelatih bersifat informasi kebugaran, bukan nasihat medis.
            Konsultasikan kondisi kesehatan Anda dengan tenaga medis sebelum memulai atau meningkatkan intensitas latihan. Anda
            berlatih dan mengikuti event atas risiko Anda sendiri dan wajib berhenti berlatih apabila merasa sakit atau cedera.
          </p>
        </Section>

        <Section n={4} title="Langganan AI Coaching Premium">
          <List>
            <li>
              Program AI gratis dapat digunakan tanpa kartu kredit. Masa percobaan premium hanya dapat digunakan satu kali per
              pengguna.
            </li>
            <li>Langganan premium dibayar di muka sesuai paket yang dipilih (bulanan, 6 bulan, 12 bulan, atau sesuai durasi).</li>
            <li>
              <strong>Biaya langganan tidak dapat dikembalikan (non-refundable).</strong> Jika Anda berhenti berlangganan, akses
              premium tetap berlaku sampai akhir periode yang telah dibayar.
            </li>
            <li>Perubahan harga diberitahukan sebelumnya dan tidak memengaruhi periode yang telah dibayar.</li>
          </List>
        </Section>

        <Section n={5} title="Layanan Pelatih">
          <List>
            <li>
              Layanan kepelatihan merupakan <strong>perjanjian terpisah antara pelari dan pelatih</strong>. Derap hanya berperan
              sebagai platform dan fasilitator pembayaran, dan bukan pihak dalam perjanjian tersebut.
            </li>
            <li>
              Setiap pelatih menjalani verifikasi awal atas identitas dan sertifikatnya. Verifikasi ini{' '}
              <strong>bukan bentuk dukungan, rekomendasi, atau jaminan</strong> dari Derap atas kualitas layanan pelatih.
            </li>
            <li>
              Hubungan kepelatihan berlaku sampai pelari mengakhirinya melalui dashboard. Setelah diakhiri, pelatih tidak lagi dapat
              melihat profil dan data latihan pelari.
            </li>
            <li>Pengembalian dana paket pelatih mengikuti ketentuan masing-masing pelatih.</li>
          </List>
        </Section>

        <Section n={6} title="Pendaftaran Event">
          <List>
            <li>
              Event diselenggarakan oleh mitra penyelenggara pihak ketiga yang bertanggung jawab atas pelaksanaan event, racepack,
              dan keselamatan peserta.
            </li>
            <li>
              Pembatalan dan pengembalian dana biaya pendaftaran <strong>mengikuti ketentuan masing-masing mitra</strong>{' '}
              penyelenggara.
            </li>
            <li>Biaya platform yang tercantum pada rincian pembayaran dibayarkan bersama biaya pendaftaran.</li>
          </List>
        </Section>

        <Section n={7} title="Pembayaran dan Pajak">
          <p>
            Harga ditampilkan dalam Rupiah. Pembayaran diproses melalui mitra gerbang pembayaran; kami tidak menyimpan data kartu
            Anda. <strong>Pajak dikenakan sesuai ketentuan peraturan perpajakan yang berlaku di Indonesia.</strong>
          </p>
        </Section>

        <Section n={8} title="Integrasi Strava">
          <p>
            Anda dapat menghubungkan akun Strava melalui OAuth agar Derap dapat membaca data aktivitas (jarak, waktu, dan
            rata-rata detak jantung). Koneksi dapat diputus kapan saja dari halaman Pengaturan. Penggunaan Strava juga tunduk pada
            ketentuan Strava.
          </p>
        </Section>

        <Section n={9} title="Penggunaan yang Dilarang">
          <List>
            <li>Memberikan data palsu atau menggunakan identitas orang lain.</li>
            <li>Mengganggu, meretas, atau membebani sistem Derap.</li>
            <li>Mengunggah konten yang melanggar hukum atau hak pihak lain.</li>
            <li>Menggunakan layanan untuk kegiatan yang melanggar hukum Indonesia.</li>
          </List>
        </Section>

        <Section n={10} title="Hak Kekayaan Intelektual">
          <p>
            Merek, logo, perangkat lunak, dan konten Derap adalah milik {LEGAL_COMPANY}. Konten yang Anda unggah tetap milik Anda;
            Anda memberi kami izin terbatas untuk menyimpan dan menampilkannya semata-mata untuk menjalankan layanan.
          </p>
        </Section>

        <Section n={11} title="Batasan Tanggung Jawab">
          <p>
            Sejauh diizinkan oleh hukum, Derap tidak bertanggung jawab atas cedera, kerugian, atau sengketa yang timbul dari
            layanan pelatih, pelaksanaan event oleh mitra, atau penggunaan program latihan yang tidak sesuai kondisi Anda. Layanan
            disediakan &quot;sebagaimana adanya&quot;.
          </p>
        </Section>

        <Section n={12} title="Perubahan Syarat & Ketentuan">
          <p>
            Kami dapat memperbarui Syarat &amp; Ketentuan ini. Perubahan penting akan diberitahukan melalui aplikasi atau email.
            Dengan tetap menggunakan layanan setelah perubahan berlaku, Anda menyetujui perubahan tersebut.
          </p>
        </Section>

        <Section n={13} title="Hukum yang Berlaku dan Penyelesaian Sengketa">
          <p>
            Syarat &amp; Ketentuan ini tunduk pada hukum Republik Indonesia. Sengketa diupayakan selesai secara musyawarah
            terlebih dahulu; apabila tidak tercapai kesepakatan, sengketa diselesaikan melalui{' '}
            <strong>Pengadilan Negeri Jakarta Selatan</strong>.
          </p>
        </Section>

        <Section n={14} title="Kontak">
          <p>
            Pertanyaan tentang Syarat &amp; Ketentuan ini dapat dikirim ke <Mail /> ({LEGAL_COMPANY}).
          </p>
        </Section>
      </div>
    </div>
  );
}

export function PrivacyText() {
  return (
    <div className={prose}>
      <Updated />
      <p className="mt-4">
        Kebijakan Privasi ini menjelaskan bagaimana <strong>{LEGAL_COMPANY}</strong> (&quot;Derap&quot;, &quot;kami&quot;)
        mengumpulkan, menggunakan, membagikan, dan melindungi data pribadi Anda, sesuai dengan Undang-Undang Nomor 27 Tahun 2022
        tentang Pelindungan Data Pribadi (&quot;UU PDP&quot;) dan peraturan terkait.
      </p>

      <div className="mt-6">
        <Section n={1} title="Data yang Kami Kumpulkan">
          <List ordered>
            <li>
              <strong>Data akun</strong>: nama lengkap, email, kata sandi (bila digunakan; disimpan dalam bentuk hash, tidak pernah sebagai teks asli), usia,
              dan jenis kelamin.
            </li>
            <li>
              <strong>Profil pelari</strong>: pengalaman berlari, riwayat cedera, personal best, target lari, dan preferensi
              latihan.
            </li>
            <li>
              <strong>Profil pelatih</strong>: biografi, sertifikasi, dan detail paket layanan.
            </li>
            <li>
              <strong>Data aktivitas Strava</strong> (bila Anda menghubungkannya): jarak, waktu, dan rata-rata detak jantung.
            </li>
            <li>
              <strong>Data penggunaan dan perangkat</strong>: alamat IP, sistem operasi, dan jenis browser.
            </li>
          </List>
          <p>
            Saat Anda mendaftar event, kami juga memproses data pendaftaran yang Anda isi di formulir event untuk diteruskan
            kepada penyelenggara event tersebut.
          </p>
        </Section>

        <Section n={2} title="Cara Kami Menggunakan Data">
          <List>
            <li>Membuat dan mengelola akun Anda serta mengamankan proses masuk.</li>
            <li>Menyusun, menganalisis, dan mengevaluasi program latihan Anda (AI Coach atau pelatih).</li>
            <li>Memproses langganan, pembayaran, dan pendaftaran event.</li>
            <li>Mengirim informasi penting tentang akun, pembayaran, dan event yang Anda ikuti.</li>
            <li>Menjaga keamanan, mencegah penyalahgunaan, dan memperbaiki layanan.</li>
          </List>
          <p>
            Kami memproses data berdasarkan persetujuan Anda, pelaksanaan perjanjian layanan dengan Anda, dan kewajiban hukum.
          </p>
        </Section>

        <Section n={3} title="Berbagi Data">
          <List>
            <li>
              <strong>Kami tidak pernah menjual data pribadi Anda.</strong>
            </li>
            <li>
              Data pelari <strong>hanya dibagikan kepada pelatih yang paketnya Anda beli</strong>, sebatas profil dan data latihan
              yang diperlukan untuk melatih Anda.
            </li>
            <li>Data pendaftaran event dibagikan kepada penyelenggara event yang Anda ikuti.</li>
            <li>
              Penyedia layanan kami (misalnya gerbang pembayaran dan penyimpanan data) memproses data atas nama kami berdasarkan
              perjanjian kerahasiaan.
            </li>
            <li>Kami dapat mengungkapkan data bila diwajibkan oleh hukum atau perintah otoritas yang berwenang.</li>
          </List>
        </Section>

        <Section n={4} title="Hubungan dengan Pelatih">
          <p>
            Anda dapat mengakhiri hubungan kepelatihan kapan saja melalui dashboard. Begitu diakhiri,{' '}
            <strong>pembagian profil dan data latihan Anda kepada pelatih tersebut dicabut</strong>.
          </p>
          <p>
            Pelatih menjalani verifikasi awal atas identitas dan sertifikatnya. Verifikasi ini bukan bentuk dukungan atau jaminan
            dari Derap.
          </p>
        </Section>

        <Section n={5} title="Strava">
          <p>
            Kami hanya membaca data aktivitas yang diperlukan (jarak, waktu, dan rata-rata detak jantung) setelah Anda memberi izin
            melalui OAuth. Data dari Strava hanya ditampilkan kepada Anda; pelatih Anda baru melihat sebuah hasil latihan setelah
            Anda menyimpannya sendiri di log latihan. Anda dapat memutus koneksi Strava kapan saja di halaman Pengaturan; saat itu
            kami mencabut izin di Strava, berhenti mengambil data baru, dan menghapus token akses serta data Strava yang kami simpan
            (hasil latihan yang sudah Anda simpan sendiri tetap menjadi bagian log Anda). Hal yang sama terjadi bila Anda mencabut
            izin Derap dari pengaturan Strava.
          </p>
        </Section>

        <Section n={6} title="Hak Anda sebagai Subjek Data">
          <p>Sesuai UU PDP (UU No. 27 Tahun 2022), Anda berhak untuk:</p>
          <List ordered>
            <li>
              <strong>mengakses</strong> dan memperoleh salinan data pribadi Anda;
            </li>
            <li>
              <strong>memperbaiki</strong> data yang tidak akurat atau tidak lengkap;
            </li>
            <li>
              <strong>menarik kembali persetujuan</strong> atas pemrosesan data Anda;
            </li>
            <li>
              <strong>menghapus</strong> data pribadi Anda, dengan memperhatikan kewajiban penyimpanan yang diatur hukum.
            </li>
          </List>
          <p>
            Ajukan permintaan melalui <Mail />. Kami akan memverifikasi identitas Anda dan menanggapi dalam jangka waktu yang
            ditetapkan UU PDP.
          </p>
        </Section>

        <Section n={7} title="Penyimpanan dan Keamanan">
          <p>
            Data disimpan selama akun Anda aktif atau selama diperlukan untuk tujuan pengumpulannya dan kewajiban hukum (misalnya
            catatan transaksi). Kami melindungi data dengan enkripsi saat transmisi, pembatasan akses, dan sesi masuk yang aman.
            Bila terjadi kegagalan pelindungan data, kami akan memberi tahu Anda sesuai ketentuan UU PDP.
          </p>
        </Section>

        <Section n={8} title="Cookie">
          <p>
            Kami menggunakan cookie yang diperlukan untuk menjaga sesi masuk Anda tetap aman. Kami tidak menggunakan cookie iklan
            pihak ketiga.
          </p>
        </Section>

        <Section n={9} title="Anak-anak">
          <p>
            Pengguna di bawah 18 tahun memerlukan persetujuan orang tua atau wali. Orang tua atau wali dapat menghubungi kami untuk
            mengakses atau menghapus data anaknya.
          </p>
        </Section>

        <Section n={10} title="Perubahan Kebijakan">
          <p>
            Kami dapat memperbarui Kebijakan Privasi ini. Perubahan penting akan diberitahukan melalui aplikasi atau email sebelum
            berlaku.
          </p>
        </Section>

        <Section n={11} title="Kontak">
          <p>
            Pertanyaan atau permintaan terkait data pribadi dapat dikirim ke <Mail /> ({LEGAL_COMPANY}).
          </p>
        </Section>
      </div>
    </div>
  );
}
