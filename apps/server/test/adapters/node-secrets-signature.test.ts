/**
 * `NodeSecrets.signClaims` signs with node:crypto's HMAC instead of jose's `SignJWT` (a site
 * API token per lookup): its tokens must be what jose made — the same header, the claims with
 * the issuer, issue time and expiry after them — and verify with jose, with `verifyClaims`,
 * and with nothing else.
 */
import { createSecretKey } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { NodeSecrets } from '../../src/adapters/node-secrets';

const KEY = new Uint8Array(32).map((_, i) => i + 1);
const ISSUER = 'https://quire.test';
const secrets = new NodeSecrets(KEY, ISSUER);

const payloadOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));

describe("NodeSecrets' signature", () => {
  it("makes jose's token: its header, the claims then iss, iat, exp", async () => {
    const claims = { kind: 'site', site: 's1', claims: { unsigned: { beta: true, name: 'é' } }, via: 'open' };
    const ours = await secrets.signClaims(claims, 900);
    const jose = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime('900s')
      .sign(createSecretKey(KEY));
    expect(decodeProtectedHeader(ours)).toEqual(decodeProtectedHeader(jose));
    expect(ours.split('.')[0]).toBe(jose.split('.')[0]);
    const payload = payloadOf(ours);
    expect(Object.keys(payload)).toEqual(Object.keys(payloadOf(jose)));
    expect(payload.exp).toBe((payload.iat as number) + 900);
    const { iss, iat, exp, ...rest } = payload;
    expect(rest).toEqual(claims);
    expect(iss).toBe(ISSUER);
    expect(typeof iat).toBe('number');
    expect(exp).toBe((iat as number) + 900);
  });

  it('verifies with jose and with verifyClaims; not under another key, nor altered', async () => {
    const token = await secrets.signClaims({ kind: 'site', site: 's1' }, 60);
    const { payload } = await jwtVerify(token, createSecretKey(KEY), {
      issuer: ISSUER,
      algorithms: ['HS256'],
    });
    expect(payload.site).toBe('s1');
    expect((await secrets.verifyClaims(token))?.site).toBe('s1');
    const other = new NodeSecrets(new Uint8Array(32).fill(7), ISSUER);
    expect(await other.verifyClaims(token)).toBeNull();
    const [header, body, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...payloadOf(token), site: 's2' })).toString('base64url');
    expect(await secrets.verifyClaims(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await secrets.verifyClaims(`${header}.${body}.${signature?.slice(0, -2)}`)).toBeNull();
  });

  it("keeps a claim named like a token's own field where jose keeps it, overwritten as jose does", async () => {
    const claims = { exp: 1, site: 's1', iss: 'someone' };
    const ours = payloadOf(await secrets.signClaims(claims, 60));
    const jose = payloadOf(
      await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime('60s')
        .sign(createSecretKey(KEY)),
    );
    expect(Object.keys(ours)).toEqual(Object.keys(jose));
    expect(ours.iss).toBe(ISSUER);
    expect(ours.exp).toBe((ours.iat as number) + 60);
  });
});
