/** Indonesian texts of the sign-in pages that more than one component shows. */


/** Messages for `?error=` codes the server puts on /login and /mobile-login after Google. */
const signInErrors: Record<string, string> = {
  google: 'Masuk dengan Google gagal atau dibatalkan. Silakan coba lagi.',
  google_unavailable: 'Masuk dengan Google belum dikonfigurasi di server ini. Silakan hubungi kami atau coba lagi nanti.',
  email_unverified: 'Email akun Google Anda belum terverifikasi. Verifikasi email tersebut di Google terlebih dahulu, lalu coba lagi.',
};

export function signInErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return signInErrors[code] ?? 'Terjadi kesalahan saat masuk. Silakan coba lagi.';
}

export const GOOGLE_UNAVAILABLE_HINT = 'Masuk dengan Google belum dikonfigurasi di server ini.';
