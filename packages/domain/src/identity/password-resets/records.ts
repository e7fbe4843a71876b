/** What the store keeps of a password reset asked for: never its token, only the token's hash. */
export interface PasswordResetRecord {
  id: string;
  userId: string;
  /** Hex SHA-256 of the link's token; the token itself is only in the mail. */
  tokenHash: string;
  createdAt: string;
  /** The link works until then. */
  expiresAt: string;
  /** When the link was used: it works once. */
  usedAt?: string;
}
