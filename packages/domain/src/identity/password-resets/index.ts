export * from './password-reset-inputs';
export type { PasswordResetRepository } from './ports';
export type { PasswordResetRecord } from './records';
export * from './request-password-reset';
export * from './reset-password';
