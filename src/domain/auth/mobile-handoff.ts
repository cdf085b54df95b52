/**
 * The rules of the mobile-app sign-in hand-off (decision 008), shared by the page that asks for
 * a one-time code and the server that mints and exchanges it; its endpoints' schemas are in
 * contract.ts.
 *
 * 1. The app opens `/mobile-login?from_app=true&code_challenge=<S256>&state=<its state>`.
 * 2. The signed-in person presses 'Buka Aplikasi'; the page posts the challenge to
 *    `POST /api/auth/mobile-handoff/code` and opens `<scheme>://auth-success?code=…&state=…`.
 * 3. The app posts `{ code, code_verifier }` to `POST /api/auth/mobile-handoff` for its tokens.
 */

/** RFC 7636: an S256 challenge is base64url(SHA-256(verifier)) without padding, always 43 characters. */
export const CODE_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** RFC 7636 §4.1: 43–128 unreserved characters. */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;
/** The app's state is only echoed back; a bound keeps URLs sane. */
export const APP_STATE_MAX_LENGTH = 512;

export const handoffValidationMessages = {
  challengeInvalid: 'code_challenge tidak valid: kirim tantangan S256 (base64url, 43 karakter).',
  methodUnsupported: 'Hanya code_challenge_method S256 yang didukung.',
  verifierInvalid: 'code_verifier tidak valid: 43–128 karakter huruf, angka, "-", ".", "_" atau "~".',
  codeInvalid: 'Kode login tidak valid. Silakan masuk lagi dari aplikasi.',
} as const;
