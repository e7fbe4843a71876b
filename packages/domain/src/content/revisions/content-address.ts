/**
 * Content addresses: the SHA-256 of an object's JSON (base64url, 43 characters). The domain
 * builds every stored object with its keys in one fixed order, so the same content always
 * has the same address, in any process and any store; a collision would need 2^128 work.
 * Pure (no I/O), so addresses are computed where the objects are built.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { ContentObject } from './records';

export function addressOf(object: ContentObject): string {
  const digest = sha256(utf8ToBytes(JSON.stringify(object)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
