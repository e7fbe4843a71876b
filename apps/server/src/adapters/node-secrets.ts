import { createHash, randomBytes } from 'node:crypto';
import type { Secrets } from '@quire/domain';
import { SignJWT } from 'jose';

/** The domain's `Secrets` port over node:crypto and jose (JWT signing). */
export class NodeSecrets implements Secrets {
  readonly #signingKey: Uint8Array;
  readonly #issuer: string;

  constructor(signingKey: Uint8Array, issuer: string) {
    this.#signingKey = signingKey;
    this.#issuer = issuer;
  }

  randomToken(bytes: number): string {
    return randomBytes(bytes).toString('base64url');
  }

  sha256(text: string): string {
    return createHash('sha256').update(text).digest('hex');
  }

  async signClaims(claims: Record<string, unknown>, ttlSeconds: number): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(this.#issuer)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.#signingKey);
  }
}
