import { test as base, expect, type APIRequestContext } from '@playwright/test';

export type Role = 'runner' | 'coach' | 'organizer' | 'admin';

export interface SignInOptions {
  email: string;
  name?: string;
  role?: Role;
}

/**
 * Who to sign in: a role (a new user of that role, the role naming the email), or options where
 * a missing email is a new one starting with `prefix` (the role, else 'pelari'). Without a name
 * the server makes one from the email.
 */
export type Who = Role | (Partial<SignInOptions> & { prefix?: string });

/** A unique email per test so tests never share a user. */
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@contoh.id`;

function signInOptions(who: Who): SignInOptions {
  if (typeof who === 'string') return { email: uniqueEmail(who), role: who };
  const { prefix, ...options } = who;
  return { ...options, email: options.email ?? uniqueEmail(prefix ?? options.role ?? 'pelari') };
}

/**
 * Signs in through the development sign-in API on any request context: a page's (`page.request`,
 * so the browser holds the same httpOnly cookies a person gets from /login) or a standalone one
 * for an actor that only calls the API. Returns the tokens, the user, its email and ready
 * `authorization` headers.
 */
export async function signIn(request: APIRequestContext, who: Who) {
  const options = signInOptions(who);
  const res = await request.post('/api/auth/dev-login', { data: options });
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = (await res.json()) as { token: string; refreshToken: string; user: { _id: string; name: string; role: string } };
  return { ...body, email: options.email, headers: { authorization: `Bearer ${body.token}` } };
}

/** An admin verifies a coach (a coach sells packages only once verified: issue 26 §3). */
export async function verifyCoach(request: APIRequestContext, coachId: string) {
  const admin = await signIn(request, { role: 'admin', name: 'Admin Verifikasi' });
  const res = await request.post(`/api/admin/coaches/${coachId}/verification`, { headers: admin.headers, data: { status: 'verified' } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

export const test = base.extend<{
  /** Signs the test's page in as `who` (see Who): `await loginAs('admin')`. */
  loginAs: (who: Who) => ReturnType<typeof signIn>;
}>({
  loginAs: async ({ page }, use) => {
    await use((who) => signIn(page.request, who));
  },
});
export { expect };

/**
 * The runner accepts their waiting invitation from a coach through the API (issue 26 §4: a coach's
 * connect by email only invites). `runnerHeaders` from signIn; the coach by id, else the newest.
 */
export async function acceptCoachInvitation(request: APIRequestContext, runnerHeaders: { authorization: string }, coachId?: string) {
  const list = await request.get('/api/runner/coach-invitations', { headers: runnerHeaders });
  expect(list.ok(), await list.text()).toBeTruthy();
  const { data } = (await list.json()) as { data: { _id: string; coach: { _id: string } }[] };
  const invitation = coachId ? data.find((i) => i.coach._id === coachId) : data[0];
  expect(invitation, 'a waiting invitation').toBeTruthy();
  const res = await request.post(`/api/runner/coach-invitations/${invitation!._id}/accept`, { headers: runnerHeaders });
  expect(res.ok(), await res.text()).toBeTruthy();
}
