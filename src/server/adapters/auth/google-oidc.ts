import * as oidc from 'openid-client';

/** What we keep between the redirect to Google and the callback (in a signed, short-lived cookie). */
export interface OidcFlowState {
  verifier: string;
  state: string;
  nonce: string;
}

export interface IdentityProfile {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string | null;
}

export interface IdentityProvider {
  begin(redirectUri: string): Promise<{ url: string; flow: OidcFlowState }>;
  complete(callbackUrl: URL, flow: OidcFlowState): Promise<IdentityProfile>;
}

export interface GoogleOidcOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Only for a local test issuer over http. */
  allowInsecure: boolean;
}

/**
 * Google sign-in through OpenID Connect (authorization code + PKCE, state and nonce).
 * The issuer is configurable, so tests run the whole flow against a local OIDC server.
 */
export function createGoogleOidc(opts: GoogleOidcOptions): IdentityProvider {
  let discovered: Promise<oidc.Configuration> | null = null;
  const configuration = () => {
    discovered ??= oidc
      .discovery(
        new URL(opts.issuer),
        opts.clientId,
        opts.clientSecret,
        undefined,
        opts.allowInsecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        discovered = null; // try again on the next sign-in rather than caching the failure
        throw err;
      });
    return discovered;
  };

  return {
    async begin(redirectUri) {
      const config = await configuration();
      const verifier = oidc.randomPKCECodeVerifier();
      const flow: OidcFlowState = { verifier, state: oidc.randomState(), nonce: oidc.randomNonce() };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
        prompt: 'select_account',
      });
      return { url: url.href, flow };
    },

    async complete(callbackUrl, flow) {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no id token claims');
      let email = typeof claims.email === 'string' ? claims.email : undefined;
      let name = typeof claims.name === 'string' ? claims.name : undefined;
      let picture = typeof claims.picture === 'string' ? claims.picture : null;
      if (!email || !name) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        email ??= info.email;
        name ??= info.name;
        picture ??= info.picture ?? null;
      }
      if (!email) throw new Error('identity provider returned no email');
      return {
        subject: claims.sub,
        email,
        emailVerified: claims.email_verified !== false,
        name: name ?? email.split('@')[0] ?? email,
        picture,
      };
    },
  };
}
