/**
 * The command socket speaks JSON lines: one JSON value per line, each way. Lines are read in
 * linear time (each chunk is searched for its newlines once) and bounded: a line longer than
 * `maxBytes` ends the connection instead of growing a buffer without end.
 */
import type { Socket } from 'node:net';

export class LineTooLongError extends Error {
  override readonly name = 'LineTooLongError';
}

/** Calls `onLine` for each complete line; `onTooLong` once when a line passes the bound. */
export function readLines(
  socket: Socket,
  maxBytes: number,
  onLine: (line: string) => void,
  onTooLong: (error: LineTooLongError) => void,
): void {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  socket.on('data', (chunk: Buffer) => {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      pending.push(chunk.subarray(start, newline));
      const line = Buffer.concat(pending).toString('utf8');
      pending = [];
      pendingBytes = 0;
      start = newline + 1;
      onLine(line);
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (pendingBytes > maxBytes) {
        pending = [];
        socket.removeAllListeners('data');
        onTooLong(new LineTooLongError(`a line of the command socket passed ${maxBytes} bytes`));
      }
    }
  });
}

export const writeLine = (socket: Socket, value: unknown): void => {
  socket.write(`${JSON.stringify(value)}\n`);
};
