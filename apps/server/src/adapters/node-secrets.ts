import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  hash,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import type { Secrets } from '@quire/domain';
import { errors, jwtVerify } from 'jose';

/** The domain's `Secrets` port over node:crypto and jose (JWT signing and verifying). */
export class NodeSecrets implements Secrets {
  /**
   * The signing key as a key object, made once: given the raw bytes, jose imports them again
   * on every signature and verification (116-406 us a call measured under load; 45-52 us with
   * the key object), and site API tokens are verified on every request that carries one.
   */
  readonly #signingKey: KeyObject;
  readonly #issuer: string;
  /** AES-256-GCM key of `seal`, derived from the signing key (HKDF), so it is never the signing key itself. */
  readonly #sealingKey: Buffer;

  constructor(signingKey: Uint8Array, issuer: string) {
    this.#signingKey = createSecretKey(signingKey);
    this.#issuer = issuer;
    this.#sealingKey = Buffer.from(
      hkdfSync('sha256', signingKey, new Uint8Array(0), 'quire sealed secrets', 32),
    );
  }

  seal(text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#sealingKey, iv);
    const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return `v1.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
  }

  unseal(sealed: string): string | null {
    if (!sealed.startsWith('v1.')) return null;
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    if (bytes.length < 28) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#sealingKey, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      // A wrong key or altered bytes fail authentication: not ours.
      return null;
    }
  }

  randomToken(bytes: number): string {
    return randomBytes(bytes).toString('base64url');
  }

  sha256(text: string): string {
    // One-shot hashing: about 2.5x cheaper than createHash(), and it runs on every request.
    return hash('sha256', text, 'hex');
  }

  /**
   * An HS256 JWT made with node:crypto's HMAC on the key object, as jose's `SignJWT` makes it
   * (the same header, the claims then `iss`, `iat`, `exp`): jose's asynchronous signature cost
   * 150 us a token under load, and the URL lookup hands out a token per visitor. Verified by
   * jose (`verifyClaims`), as before.
   */
  async signClaims(claims: Record<string, unknown>, ttlSeconds: number): Promise<string> {
    const issuedAt = Math.floor(Date.now() / 1000);
    const payload: Record<string, unknown> = { ...claims };
    payload.iss = this.#issuer;
    payload.iat = issuedAt;
    payload.exp = issuedAt + Math.round(ttlSeconds);
    const signed = `${HS256_HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${signed}.${createHmac('sha256', this.#signingKey).update(signed).digest('base64url')}`;
  }

  async verifyClaims(token: string, key?: string): Promise<Record<string, unknown> | null> {
    const secret = key === undefined ? this.#signingKey : TEXT.encode(key);
    try {
      const { payload } = await jwtVerify(token, secret, {
        algorithms: ['HS256'],
        // A token without an expiry would open the site for as long as the key lives: only
        // rotating the key could take it back. GitBook's own examples always set one.
        requiredClaims: ['exp'],
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

/** The protected header of every token Quire signs, encoded once. */
const HS256_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
