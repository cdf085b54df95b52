/// <reference lib="webworker" />
/**
 * The registration form's proof-of-work solver, run in a Web Worker bundled by Vite (same origin,
 * no inline script, so it works under the app's Content-Security-Policy): altcha-lib's worker
 * message handler with the WebCrypto PBKDF2 key derivation.
 */
import { handler } from 'altcha-lib/workers/shared';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

handler({ deriveKey });
