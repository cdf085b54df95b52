import { describe, expect, it } from 'vitest';
import { isConnectEmail } from './coaching';

describe('the connect-runner email shape (runner-and-coach §5)', () => {
  it.each(['rina@contoh.id', 'Rina.Putri+lari@mail.co.id', 'a@b.c'])('accepts %s', (email) => {
    expect(isConnectEmail(email)).toBe(true);
  });
  it.each(['', 'rina', 'rina@contoh', 'rina @contoh.id', 'rina@@contoh.id', 'ri@na@contoh.id', '@contoh.id', 'rina@.id', 'rina@contoh.', 'rina@contoh..id'])(
    'refuses %j',
    (email) => {
      expect(isConnectEmail(email)).toBe(false);
    },
  );
});
