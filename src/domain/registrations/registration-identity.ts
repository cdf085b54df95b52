/**
 * How two registrations are recognised as the same runner (issue 8 item 1: one pending registration
 * per identity number and per email per event). The keys are stored beside the registration and a
 * partial unique index compares them, so they must be the same for every way a person may type the
 * same value. Pure: no I/O.
 */

/**
 * The identity number as compared: letters and digits only, upper case. `3174 0000-0000.0001` and
 * `3174000000000001` are one KTP; `a1234567` and `A 1234567` one passport.
 */
export function identityKey(identityNo: string): string {
  const compact = identityNo.normalize('NFKC').toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');
  // Nothing but punctuation (`---`): still one key, so such entries cannot hold a slot each.
  return compact || identityNo.trim();
}

/** Providers that ignore dots in the local part and treat googlemail.com as gmail.com. */
const dotlessDomains = new Set(['gmail.com', 'googlemail.com']);

/**
 * The email as compared: lower case, without a `+tag` (every big provider delivers `nama+apa@` to
 * `nama@`), and for Gmail without dots. The stored, mailed address stays as the runner typed it.
 */
export function emailKey(email: string): string {
  const value = email.normalize('NFKC').trim().toLowerCase();
  const at = value.lastIndexOf('@');
  if (at <= 0) return value;
  let local = value.slice(0, at);
  let domain = value.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (dotlessDomains.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/**
 * An address shown without giving it away (`pu***@gmail.com`): enough for its owner to recognise,
 * too little for someone who only holds a link.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length - 1))}***${email.slice(at)}`;
}
