import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
// oidc-provider ships no type declarations (@types/oidc-provider is not installed): typed below as far as used.
// @ts-expect-error TS7016: untyped module
import { Provider } from 'oidc-provider';

/** An account of the test identity provider; sign in on its login form with `sub` as the login. */
export interface TestIdentity {
  sub: string;
  email?: string;
  /** the `email_verified` claim (true when not given); null leaves the claim out */
  emailVerified?: boolean | null;
  name?: string;
}

export interface TestOidcProvider {
  /** http://127.0.0.1:<port>, no trailing slash */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** adds (or replaces) an account; the login form accepts any password */
  addAccount(identity: TestIdentity): TestIdentity;
  close(): Promise<void>;
}

interface ProviderAccount {
  accountId: string;
  claims(): Promise<Record<string, unknown>>;
}

/**
 * A real OpenID Connect provider (panva's oidc-provider) on 127.0.0.1 with an ephemeral port: one
 * confidential client (authorization code, PKCE required, client_secret_basic) and the provider's
 * development login and consent forms, which tests drive with plain HTTP requests.
 */
export async function startOidcProvider(options: { redirectUris: string[] }): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestIdentity>();
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'waymark-test';
  const clientSecret = randomBytes(24).toString('hex');
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    jwks: { keys: [{ ...signingKey, kid: 'test', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    // numbers instead of the default functions, which log a notice each
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    async findAccount(_ctx: unknown, sub: string): Promise<ProviderAccount | undefined> {
      const identity = accounts.get(sub);
      if (!identity) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            ...(identity.email !== undefined ? { email: identity.email } : {}),
            ...(identity.emailVerified !== null ? { email_verified: identity.emailVerified ?? true } : {}),
            ...(identity.name !== undefined ? { name: identity.name } : {}),
          };
        },
      };
    },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount(identity) {
      accounts.set(identity.sub, identity);
      return identity;
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
