/**
 * What a caller is told when the journal cannot be written: the kind of failure in words
 * (`storage unavailable: no space left on device`), never a path or a stack, with the
 * original error kept as `cause` for the logs.
 */
import { StoreUnavailableError } from '@quire/store';
import { errorCode } from './errors';

const REASONS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large (EFBIG)',
  EIO: 'I/O error (EIO)',
  EROFS: 'read-only file system (EROFS)',
};

export function storageUnavailable(cause: unknown): StoreUnavailableError {
  const code = errorCode(cause);
  const reason = code === undefined ? 'the journal could not be written' : (REASONS[code] ?? `${code} error`);
  return new StoreUnavailableError(`storage unavailable: ${reason}`, { cause });
}
