/// <reference path="./oidc-provider.d.ts" />
/**
 * A real OpenID provider on loopback for the tests: `oidc-provider` (certified), with
 * accounts the test names and an interaction that signs in whoever `nextAccount` names at
 * once (no login form to fill) and grants the scopes asked (no consent screen). Listening
 * first, configured once the test knows the redirect URIs of its clients.
 *
 * `/evil/.well-known/openid-configuration` serves this provider's own discovery document
 * under another issuer URL: a provider that claims to be another issuer.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** What `loadExistingGrant` reads of oidc-provider's request context. */
interface GrantContext {
  oidc: {
    provider: Provider;
    client?: { clientId: string };
    session?: { accountId?: string };
  };
}

export interface TestAccount {
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface TestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface TestOpenIdProvider {
  issuer: string;
  /** The account the next sign-in at this provider is (set before each flow). */
  nextAccount: string;
  configure(clients: TestClient[]): void;
  close(): Promise<void>;
}

export async function startTestOpenIdProvider(
  accounts: Record<string, TestAccount>,
): Promise<TestOpenIdProvider> {
  let handler: RequestListener = (_request, response) => {
    response.statusCode = 503;
    response.end();
  };
  const http: Server = createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const op: TestOpenIdProvider = {
    issuer,
    nextAccount: Object.keys(accounts)[0]!,
    configure(clients) {
      const provider = new Provider(issuer, {
        clients: clients.map((client) => ({
          ...client,
          grant_types: ['authorization_code'],
          response_types: ['code'],
        })),
        jwks: { keys: [{ ...signingKey, kid: 'test', use: 'sig', alg: 'RS256' }] },
        cookies: { keys: ['a test cookie key, not a secret'] },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        features: { devInteractions: { enabled: false } },
        interactions: {
          url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
        },
        findAccount: (_ctx: unknown, id: string) => {
          const account = accounts[id];
          return account ? { accountId: id, claims: () => ({ sub: id, ...account }) } : undefined;
        },
        // Every scope asked is granted: there is no consent screen to click through.
        loadExistingGrant: async (ctx: GrantContext) => {
          const grant = new ctx.oidc.provider.Grant({
            clientId: ctx.oidc.client!.clientId,
            accountId: ctx.oidc.session!.accountId!,
          });
          grant.addOIDCScope('openid email profile');
          await grant.save();
          return grant;
        },
      });
      const callback = provider.callback();
      handler = async (request, response) => {
        if (request.url === '/evil/.well-known/openid-configuration') {
          const real = await fetch(`${issuer}/.well-known/openid-configuration`);
          response.setHeader('content-type', 'application/json');
          response.end(await real.text());
          return;
        }
        if (request.url?.startsWith('/interaction/')) {
          await provider.interactionFinished(
            request,
            response,
            { login: { accountId: op.nextAccount } },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        callback(request, response);
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
  return op;
}
