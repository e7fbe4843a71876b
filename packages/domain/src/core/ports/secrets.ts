/**
 * Cryptography the domain needs but must not implement (no I/O, no node:crypto in the
 * domain): random secrets, hashing of API tokens, and signing of visitor-claims tokens.
 */
export interface Secrets {
  /** A random URL-safe string carrying at least `bytes` bytes of entropy. */
  randomToken(bytes: number): string;
  /** Hex SHA-256 of a string; API tokens are stored and looked up by this hash. */
  sha256(text: string): string;
  /** Signs claims as a compact JWT (HS256) that expires after `ttlSeconds`. */
  signClaims(claims: Record<string, unknown>, ttlSeconds: number): Promise<string>;
  /**
   * The claims of a compact JWT when it verifies, else null (expired, without an expiry, not
   * yet valid, a wrong signature, an algorithm other than HS256, malformed). With `key`: signed HS256 with that
   * key (a site's visitor-authentication key). Without: a token of `signClaims` (the
   * instance's key and issuer).
   */
  verifyClaims(token: string, key?: string): Promise<Record<string, unknown> | null>;
  /**
   * `text` encrypted and authenticated with the instance's key (a secret a job must read
   * back later, such as a repository URL's credentials, never stored in plain text).
   */
  seal(text: string): string;
  /** The text `seal` sealed, or null when it was not sealed by this instance or was altered. */
  unseal(sealed: string): string | null;
}
