/** The command's end of the command socket (`command-socket.ts`): requests out, answers in. */
import { createConnection, type Socket } from 'node:net';
import { CliError } from '../cli-error';
import type { OpenConnection } from './cli-connection';
import { fromRemoteError, type RemoteError } from './remote-error';
import { readLines, writeLine } from './socket-lines';

/** Answers (a list of every user, say) may be large; the bound only stops a runaway line. */
const MAX_ANSWER_BYTES = 1024 * 1024 * 1024;

/** Errors that mean no server listens there: the command then opens the store itself. */
const NO_SERVER = new Set(['ENOENT', 'ECONNREFUSED', 'ENOTSOCK']);

type Answer = { id: number | null; result?: unknown; error?: RemoteError };

/** A connection to the server listening on `path`, or undefined when none does. */
export async function connectToServer(path: string): Promise<OpenConnection | undefined> {
  const socket = createConnection(path);
  const lines: string[] = [];
  let waiting: ((line: string | undefined) => void) | undefined;
  let closed = false;
  const deliver = (line: string | undefined) => {
    const resolve = waiting;
    waiting = undefined;
    if (resolve) resolve(line);
    else if (line !== undefined) lines.push(line);
  };
  const nextLine = () =>
    new Promise<string | undefined>((resolve) => {
      if (lines.length > 0) resolve(lines.shift());
      else if (closed) resolve(undefined);
      else waiting = resolve;
    });
  readLines(socket, MAX_ANSWER_BYTES, deliver, () => socket.destroy());
  socket.on('close', () => {
    closed = true;
    deliver(undefined);
  });
  const connected = await new Promise<boolean>((resolve, reject) => {
    socket.once('connect', () => resolve(true));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== undefined && NO_SERVER.has(error.code)) resolve(false);
      else
        reject(
          new CliError(
            `cannot use the running server's command socket ${path}: ${error.message} (run quire as the user the server runs as)`,
          ),
        );
    });
  });
  if (!connected) {
    socket.destroy();
    return undefined;
  }
  socket.on('error', () => {});
  const hello = await nextLine();
  const { publicUrl } = (hello === undefined ? {} : JSON.parse(hello).hello) ?? {};
  if (typeof publicUrl !== 'string') {
    socket.destroy();
    throw new CliError(`The server's command socket ${path} did not greet: is it a Quire server's?`);
  }
  return connection(socket, publicUrl, nextLine);
}

function connection(
  socket: Socket,
  publicUrl: string,
  nextLine: () => Promise<string | undefined>,
): OpenConnection {
  let lastId = 0;
  return {
    via: 'server',
    publicUrl,
    async call(name, input) {
      const id = ++lastId;
      writeLine(socket, { id, op: name, input });
      const line = await nextLine();
      if (line === undefined)
        throw new CliError(
          'The server closed its command socket before answering (is it stopping?): run the command again',
        );
      const answer = JSON.parse(line) as Answer;
      if (answer.error) throw fromRemoteError(answer.error);
      if (answer.id !== id) throw new CliError(`The server answered request ${answer.id} for request ${id}`);
      // biome-ignore lint/suspicious/noExplicitAny: the server ran the same operation, whose result this is
      return answer.result as any;
    },
    async close() {
      socket.end();
      if (!socket.closed) await new Promise((resolve) => socket.once('close', resolve));
    },
  };
}
