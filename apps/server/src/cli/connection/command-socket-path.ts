/**
 * Where a server listens for the command line: `<data directory>/run/cli.sock`. Only the
 * embedded engine's server offers it (its store admits one process at a time; with MongoDB
 * a command opens the store itself). The directory is the server user's alone (0700) and the
 * socket too (0600): whoever may connect may read the data directory anyway.
 */
import { join } from 'node:path';

export const commandSocketPath = (dataDir: string): string => join(dataDir, 'run', 'cli.sock');

/** A Unix socket's path has room for 107 bytes on Linux (103 on macOS). */
export const MAX_SOCKET_PATH_BYTES = 103;
