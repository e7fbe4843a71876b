/**
 * Password hashing the domain needs but must not implement: it is deliberately slow, salted
 * and memory-hard (the server's adapter uses scrypt), so it is I/O-like and asynchronous.
 */
export interface Passwords {
  /** A self-describing hash of the password (algorithm, parameters, salt and hash in one string). */
  hash(password: string): Promise<string>;
  /**
   * Whether the password matches a hash `hash` made; false for a malformed hash. With `null`
   * (no user, or a user without a password) it does the same work against a hash of its own
   * and answers false, so the time taken does not tell whether an account exists.
   */
  verify(password: string, stored: string | null): Promise<boolean>;
}
