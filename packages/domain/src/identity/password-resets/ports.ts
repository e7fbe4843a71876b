import type { PasswordResetRecord } from './records';

export interface PasswordResetRepository {
  insert(reset: PasswordResetRecord): Promise<void>;
  findByTokenHash(tokenHash: string): Promise<PasswordResetRecord | null>;
  /**
   * Marks the reset used at `at`, only if it was not used yet: true for the one caller that
   * used it (two requests racing with one link: one wins, the other is refused).
   */
  markUsed(id: string, at: string): Promise<boolean>;
  /** Marks every unused reset of the user used (a new password makes older links useless). */
  markAllUsedOfUser(userId: string, at: string): Promise<number>;
}
