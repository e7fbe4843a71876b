/**
 * How a command reaches the store: through the running server's command socket when a
 * server listens on it (`command-socket.ts`), else by opening the store in this process. The
 * operations and their results are the same both ways; `--verbose` says on stderr which way
 * a command went.
 */
import type { CliRun } from '../cli-run';
import type { InputOf, OperationName, OutputOf } from '../operations/cli-operations';

export interface CliConnection {
  /** 'server': through the running server; 'store': the store opened by this process. */
  readonly via: 'server' | 'store';
  /** The server's public URL, for the commands' next steps (`curl ...`). */
  readonly publicUrl: string;
  call<Name extends OperationName>(name: Name, input: InputOf<Name>): Promise<OutputOf<Name>>;
}

export interface OpenConnection extends CliConnection {
  close(): Promise<void>;
}

export async function withConnection<T>(
  run: CliRun,
  options: { verbose?: boolean },
  work: (connection: CliConnection) => Promise<T>,
): Promise<T> {
  const [{ parseConfig }, { connectToServer }, { commandSocketPath }] = await Promise.all([
    import('../../config'),
    import('./socket-connection'),
    import('./command-socket-path'),
  ]);
  const config = parseConfig(run.env);
  const note = (text: string) => {
    if (options.verbose) run.err(`quire: ${text}\n`);
  };
  let connection: OpenConnection | undefined;
  if (config.mongodbUri === undefined) {
    const path = commandSocketPath(config.dataDir);
    connection = await connectToServer(path);
    if (connection) note(`through the server running on ${config.dataDir} (its command socket ${path})`);
    else note(`no server listens on ${path}: opening the store of ${config.dataDir} here`);
  } else {
    note('opening the store in MongoDB (MONGODB_URI) here');
  }
  if (!connection) {
    const { openStoreConnection } = await import('./store-connection');
    connection = await openStoreConnection(config);
  }
  try {
    return await work(connection);
  } finally {
    await connection.close();
  }
}
