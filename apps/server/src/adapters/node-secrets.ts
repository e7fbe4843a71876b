import { hash, randomBytes } from 'node:crypto';
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
    // One-shot hashing: about 2.5x cheaper than createHash(), and it runs on every request.
    return hash('sha256', text, 'hex');
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
