/** The seven-point waiver of the registration form (§2: health, risk, release of organizer, truthful data, non-refundable fee, obey rules). */
export const waiverPoints = [
  'Saya menyatakan berada dalam kondisi sehat jasmani dan rohani, dan layak secara medis untuk mengikuti lomba ini.',
  'Saya memahami bahwa lari jarak jauh memiliki risiko cedera, sakit, hingga kematian, dan saya menerima seluruh risiko tersebut secara sadar.',
  'Saya membebaskan penyelenggara, sponsor, mitra, dan Derap dari segala tuntutan atas cedera, kehilangan, atau kerugian yang saya alami selama acara.',
  'Saya mengizinkan panitia dan tim medis memberikan pertolongan pertama atau perawatan medis yang dianggap perlu selama acara.',
  'Saya menyatakan bahwa seluruh data yang saya isi dalam formulir ini benar dan dapat dipertanggungjawabkan.',
  'Saya memahami bahwa biaya pendaftaran yang telah dibayarkan tidak dapat dikembalikan (non-refundable), kecuali ditentukan lain oleh penyelenggara.',
  'Saya akan mematuhi seluruh peraturan lomba, arahan panitia, dan marshal, serta menerima keputusan panitia.',
] as const;

export function WaiverText({ id }: { id: string }) {
  return (
    <div id={id} className="max-h-64 overflow-y-auto rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-700" tabIndex={0} aria-label="Syarat & Ketentuan peserta">
      <p className="font-semibold text-slate-900">Syarat & Ketentuan Peserta</p>
      <p className="mt-1">Dengan mendaftar, saya menyatakan bahwa:</p>
      <ol className="mt-2 list-decimal space-y-1.5 pl-5">
        {waiverPoints.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ol>
    </div>
  );
}
