import type { Store } from '@quire/store';
import { openMongoStore } from '@quire/store';
import { openEmbeddedStore } from '@quire/store-embedded';

export interface StoreConfig {
  /** When set, the store is this MongoDB deployment; otherwise the embedded engine. */
  mongodbUri?: string;
  /** The MongoDB database name (default: the one in the URI, else the driver's default). */
  mongodbDb?: string;
  /** The embedded engine's data directory (ignored when `mongodbUri` is set). */
  dataDir: string;
}

/** What a system error code says about a data directory, in words. */
const DATA_DIRECTORY_PROBLEMS: Record<string, string> = {
  EEXIST: 'it is a file, not a directory',
  ENOTDIR: 'a part of its path is a file, not a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on device',
};

/** The embedded engine's data directory cannot be created, read or written. */
export class DataDirectoryError extends Error {
  override readonly name = 'DataDirectoryError';
  constructor(
    readonly dir: string,
    readonly reason: string,
    cause: unknown,
  ) {
    super(`the data directory ${dir} cannot be used: ${reason}`, { cause });
  }
}

/** A system error of the file system (it has an errno code such as ENOTDIR and a syscall). */
function systemErrorCodeOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, syscall } = error as NodeJS.ErrnoException;
  return typeof code === 'string' && typeof syscall === 'string' ? code : undefined;
}

export async function openStore(config: StoreConfig): Promise<Store> {
  if (config.mongodbUri) {
    return openMongoStore(config.mongodbUri, config.mongodbDb ? { dbName: config.mongodbDb } : {});
  }
  try {
    return await openEmbeddedStore(config.dataDir);
  } catch (error) {
    // The engine's own errors (a held lock, corrupt data) say what they are; file-system ones are the directory's.
    const code = systemErrorCodeOf(error);
    if (code === undefined) throw error;
    throw new DataDirectoryError(
      config.dataDir,
      `${DATA_DIRECTORY_PROBLEMS[code] ?? (error as Error).message} (${code})`,
      error,
    );
  }
}
