import { createHash } from 'node:crypto';

/** The blob hash of `bytes`: their SHA-256 in lowercase hex. */
export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
