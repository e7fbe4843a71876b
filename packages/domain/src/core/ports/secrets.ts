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
}
