import { OAuth2Server } from 'oauth2-mock-server';

export interface MockIdentity {
  sub: string;
  email: string;
  name: string;
  picture?: string;
  email_verified?: boolean;
}

/**
 * A local OpenID Connect provider on 127.0.0.1 standing in for Google: real discovery, JWKS,
 * authorization code + PKCE, signed id tokens. `nextIdentity` sets who signs in next.
 */
export async function startMockOidc() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  let identity: MockIdentity = { sub: 'google-sub-1', email: 'pelari.baru@gmail.com', name: 'Pelari Baru' };
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, {
      sub: identity.sub,
      email: identity.email,
      name: identity.name,
      picture: identity.picture,
      email_verified: identity.email_verified ?? true,
    });
  });
  await server.start(0, '127.0.0.1');
  const address = server.address();
  const url = `http://127.0.0.1:${address.port}`;
  server.issuer.url = url;
  return {
    url,
    nextIdentity(next: MockIdentity) {
      identity = next;
    },
    stop: () => server.stop(),
  };
}
