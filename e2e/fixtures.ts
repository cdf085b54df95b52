import { test as base, expect, type Page } from '@playwright/test';

export interface SignInOptions {
  email: string;
  name?: string;
  role?: 'runner' | 'coach' | 'organizer' | 'admin';
}

/**
 * Signs in through the development sign-in API from inside the page, so the browser receives
 * the same httpOnly cookies a person would get from the /login form.
 */
export async function signInViaApi(page: Page, opts: SignInOptions) {
  const res = await page.request.post('/api/auth/dev-login', { data: opts });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as { token: string; refreshToken: string; user: { _id: string; name: string; role: string } };
}

/** A unique email per test so tests never share a user. */
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@contoh.id`;

export const test = base;
export { expect };
