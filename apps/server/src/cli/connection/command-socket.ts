/**
 * The running server's command socket: `quire` commands run their operations here while the
 * server holds the embedded store (it admits one process at a time), so a command changes
 * data beside a running server exactly as it does with the server stopped.
 *
 * Why a Unix socket rather than the HTTP API with an administrator's token: `quire setup`
 * and `quire seed` are how an instance gets its first token, and `quire import --user` acts
 * as a user no token names; the socket's file permissions (the server user's alone) are the
 * same trust as the data directory the command would otherwise open. And the operations are
 * the commands' own (`../operations/`), so the output, the errors and the exit codes are the
 * same by construction, not by keeping two implementations alike.
 *
 * Protocol: JSON lines. On connecting the server says `{hello: {pid, publicUrl, version}}`;
 * then each request `{id, op, input}` is answered `{id, result}` or `{id, error}`, one at a
 * time per connection. Requests are checked (shape, operation name, the operation's input
 * schema) and bounded (one line holds at most an import's largest file, in base64).
 */
import { chmod, mkdir, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { dirname } from 'node:path';
import secureJson from 'secure-json-parse';
import { z } from 'zod';
import serverPackage from '../../../package.json' with { type: 'json' };
import { CliError } from '../cli-error';
import type { OperationContext } from '../operations/cli-operation';
import { cliOperations, isOperationName } from '../operations/cli-operations';
import { commandSocketPath, MAX_SOCKET_PATH_BYTES } from './command-socket-path';
import { toRemoteError } from './remote-error';
import { readLines, writeLine } from './socket-lines';

export interface CommandSocket {
  path: string;
  /** Stops accepting, lets the operations under way end, then ends the connections. */
  close(): Promise<void>;
}

export interface CommandSocketLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

const RequestSchema = z.strictObject({
  id: z.number().int().nonnegative(),
  op: z.string().max(100),
  input: z.unknown(),
});

/** Room for the JSON around a request's file. */
const ENVELOPE_BYTES = 1024 * 1024;

/** Serves the operations on `<dataDir>/run/cli.sock`; undefined (with a warning) when it cannot. */
export async function startCommandSocket(
  context: Omit<OperationContext, 'ensureJobWorker'>,
  log: CommandSocketLog,
): Promise<CommandSocket | undefined> {
  const path = commandSocketPath(context.config.dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) {
    log.warn(
      { path },
      'no command socket: its path is too long for a Unix socket; `quire` commands need the server stopped',
    );
    return undefined;
  }
  const maxLineBytes = Math.ceil((context.config.importMaxBytes * 4) / 3) + ENVELOPE_BYTES;
  const operationContext: OperationContext = { ...context, ensureJobWorker: async () => {} };
  const connections = new Set<Socket>();
  const underWay = new Set<Promise<void>>();
  const server = createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    socket.on('error', () => socket.destroy());
    writeLine(socket, {
      hello: { pid: process.pid, publicUrl: context.config.publicUrl, version: serverPackage.version },
    });
    // One request at a time per connection, in order: a command waits for each answer anyway.
    let queue = Promise.resolve();
    readLines(
      socket,
      maxLineBytes,
      (line) => {
        const answered = queue.then(() =>
          answer(operationContext, line).then((reply) => writeLine(socket, reply)),
        );
        queue = answered;
        underWay.add(answered);
        answered.finally(() => underWay.delete(answered));
      },
      (error) => {
        writeLine(socket, { id: null, error: toRemoteError(error) });
        socket.end();
      },
    );
  });
  try {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    await chmod(dirname(path), 0o700);
    // A socket left by a server that did not close: this server holds the store, so no
    // other server listens there.
    await rm(path, { force: true });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.removeListener('error', reject);
        resolve();
      });
    });
    await chmod(path, 0o600);
  } catch (error) {
    server.close();
    log.warn({ path, err: error }, 'no command socket: `quire` commands need the server stopped');
    return undefined;
  }
  return { path, close: () => closeSocket(server, path, connections, underWay) };
}

async function answer(context: OperationContext, line: string): Promise<unknown> {
  let id: number | null = null;
  try {
    const request = RequestSchema.parse(
      secureJson.parse(line, undefined, { protoAction: 'error', constructorAction: 'error' }),
    );
    id = request.id;
    if (!isOperationName(request.op)) {
      throw new CliError(
        `The server has no operation ${request.op} (is it of another version than this command?)`,
      );
    }
    const operation = cliOperations[request.op];
    const input = operation.input.parse(request.input);
    // biome-ignore lint/suspicious/noExplicitAny: the input was checked by this operation's own schema
    const result = await operation.run(context, input as any);
    return { id, result: result ?? null };
  } catch (error) {
    return { id, error: toRemoteError(error) };
  }
}

async function closeSocket(
  server: Server,
  path: string,
  connections: Set<Socket>,
  underWay: Set<Promise<void>>,
): Promise<void> {
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
  await Promise.allSettled([...underWay]);
  for (const socket of connections) socket.destroy();
  await stopped;
  await rm(path, { force: true });
}
