import { hash, randomBytes } from 'node:crypto';
import type { Secrets } from '@quire/domain';
import { errors, jwtVerify, SignJWT } from 'jose';

/** The domain's `Secrets` port over node:crypto and jose (JWT signing and verifying). */
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

  async verifyClaims(token: string, key?: string): Promise<Record<string, unknown> | null> {
    const secret = key === undefined ? this.#signingKey : TEXT.encode(key);
    try {
      const { payload } = await jwtVerify(token, secret, {
        algorithms: ['HS256'],
        ...(key === undefined ? { issuer: this.#issuer } : {}),
      });
      return payload;
    } catch (error) {
      // Every refusal of the token itself (expired, forged, malformed...) is jose's JOSEError.
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}

const TEXT = new TextEncoder();
