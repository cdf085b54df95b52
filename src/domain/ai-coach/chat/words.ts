/**
 * Real words runners write that sit one or two letters from a word the chat looks for ('seminggu'
 * / 'minggu', 'tangga' / 'tanggal', 'panjat' / 'panjang'): the typo correction never turns one of
 * them, or one of them with Indonesian affixes ('kejauhan' = ke-jauh-an), into another word.
 * Indonesian first (everyday, running, health, time), then the English a runner mixes in.
 */
const INDONESIAN = `
ada adalah agak agar air ajak aja akan akhir aku alami aman ambil amat anak andai angin angka antar antara apa apakah apalagi apel arah aspal atas atau atur awal awas ayo
bab badan bagi bagian bagus bahkan bahu baik baju balik banget bangun bantu banyak barang baru basah batal batas bawa bawah bayar beban bebas beda begitu bekas belakang belum benar bengkak
berat beres besar besok betis biar biasa bila bilang bisa bisakah bukan bulan buat buka buru buruk butuh
cara cari catat cek cedera cepat cerah cukup cuaca cuma coba coach cidera
dada dalam dan dapat dari datang daya dekat demam dengan depan detak detik di dia diam dingin diri dokter dong dua dulu durasi
empat enak enam engkel entah
gagal gak ganti ganteng gelap gerah gerak geser gimana gitu gizi gula guna
habis hal halo hamil hampir hangat hanya harap hari harus hasil hati hawa hidrasi hilang hingga hujan hitung
ikut ingin ini intensitas interval istirahat itu izin
jadi jadwal jalan jam jangan janji jantung jarak jarang jatuh jauh jawab jelas jenis juga jumat jumlah
kabar kadang kaki kalau kali kamis kamu kanan kapan karena kata kayak kecil kedua kemarin kenapa kencang kena kepala kering keras kerja keringat kiri kira kok kondisi kuat kurang
lagi lah lain lalu lama lambat lama lanjut lapar latih lebih lelah lemas lembab lewat lima lomba longgar luar lupa lutut
maaf mau macet makan maksud malam malas mampu mana mandi mantap masalah masih masuk mata matahari mau menit mental merah mereka minggu minta minum mirip misal mohon mulai mungkin murah
naik nanti napas nih nomor normal nyaman nyeri
obat olahraga oke orang otot
pace padahal pagi pakai paling panas panjang pantai pantas paru pas pasti pecah pegal pekan pelan pelari pelatih pemula penting perlu pernah pertama perut pilek pinggang pindah pola pulang pulih punya pusing putar puasa
rasa rata rabu ramai rapat rawan rencana rendah ringan rumah rusak
saat sabtu saja sakit sakti salah sama sambil sampai sana sangat santai satu saya sebab sebelum sedang sedikit segar sehat sekali selalu selasa selesai semua senang senin sepatu seperti sering setelah setiap siang siap sibuk sih sini sisa skor sore suatu suhu sudah sulit suka sungguh susah
tadi tahan tahu tahun tak takut tambah tampak tanggal tangga tanjakan tapi target tas telat teman tempat tempo tenaga tengah tentu terang terlalu terus tes tiap tidak tidur tiga tinggi tipis toko tolong total tua tubuh tujuh tulang tunggu turun tutup
uang ubah ukur ulang umur untuk usai usia
waktu wajar walau warna
ya yang yakin
mens menstruasi haid kram sahur buka berbuka imsak lebaran mudik ramadan ramadhan gerimis petir banjir licin jas
kami kita ragu batu buku suku laku paku susu mama papa kopi roti nasi teh gym rute trek hape beli kirim kabar pusat desa kota luar dalam lewat makin mulu sore siang pagi malam mama acara keluarga deres kenceng ngos
jauhan jauhnya kejauhan sebentar seminggu sebulan setahun sepekan mingguan harian bulanan tahunan
`;

const ENGLISH = `
about after again all also always am and any are around ask back bad be because been before best better big but can cardio change day days did do does doing done down each easy even every far fast feel feeling few fine for from get go going good great had hard has have heart heat help her here high him his hot how if in is it just keep kind last less like little long lot make many may me miss more most much my need new next no not now of off ok okay on once one only or other our out over pace pain plan please rain rate real rest right run runner running same say see shoes short should sick slow so some still stop such sure take than that the them then there they thing think this time to today tomorrow too try two up us very walk want was way week weekend well were what when where which while who why will with without work would yes yesterday you your zone
`;

export const REAL_WORDS: ReadonlySet<string> = new Set(`${INDONESIAN} ${ENGLISH}`.split(/\s+/).filter(Boolean));

const PREFIXES = ['se', 'ber', 'be', 'me', 'mem', 'men', 'meng', 'meny', 'di', 'ke', 'ter', 'pe', 'per', 'pem', 'pen', 'peng', 'nge', 'ng'];
const SUFFIXES = ['nya', 'an', 'kan', 'i', 'lah', 'kah', 'pun', 'ku', 'mu', 'in'];

/**
 * Whether `token` is a real word: in `known` (the chat's own vocabulary and the list above), or one
 * of them with Indonesian affixes ('seminggu', 'mingguan', 'kejauhan', 'sabtunya', 'dipindahin').
 */
export function isRealWord(token: string, known: ReadonlySet<string>): boolean {
  const has = (word: string) => word.length >= 3 && (known.has(word) || REAL_WORDS.has(word));
  if (has(token)) return true;
  for (const prefix of ['', ...PREFIXES]) {
    if (!token.startsWith(prefix)) continue;
    const rest = token.slice(prefix.length);
    for (const suffix of ['', ...SUFFIXES]) {
      if (prefix === '' && suffix === '') continue;
      if (!rest.endsWith(suffix)) continue;
      if (has(rest.slice(0, rest.length - suffix.length))) return true;
    }
  }
  return false;
}
