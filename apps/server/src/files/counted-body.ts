/**
 * A request body read as it arrives, counted: refused as soon as it passes `maxBytes`, or
 * before a byte is read when its declared length does, so no more than the limit is ever
 * held. With a declared length the bytes are copied into one buffer of that size as they
 * arrive (the chunks are not kept, and not joined at the end: the limit once, not twice).
 * What is left of a refused body is read and dropped (the answer still reaches the client;
 * the route closes the connection after it).
 */
import type { Readable } from 'node:stream';
import { IncomingFileError } from '@quire/domain';

export function countedBody(
  body: Readable,
  maxBytes: number,
  declaredLength: string | undefined,
): Promise<Uint8Array> {
  const tooLarge = () => new IncomingFileError('too-large', `files are limited to ${maxBytes} bytes`);
  const declared = declaredLength === undefined ? undefined : Number(declaredLength);
  if (declared !== undefined && declared > maxBytes) {
    body.resume();
    return Promise.reject(tooLarge());
  }
  const whole =
    declared !== undefined && Number.isSafeInteger(declared) ? Buffer.allocUnsafe(declared) : undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  return new Promise<Uint8Array>((resolve, reject) => {
    const stop = (error: Error) => {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', stop);
      body.resume();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      if (
        size + chunk.byteLength > maxBytes ||
        (whole !== undefined && size + chunk.byteLength > whole.byteLength)
      )
        return stop(tooLarge());
      if (whole) chunk.copy(whole, size);
      else chunks.push(chunk);
      size += chunk.byteLength;
    };
    const onEnd = () => {
      body.off('data', onData);
      body.off('error', stop);
      resolve(whole ? whole.subarray(0, size) : Buffer.concat(chunks, size));
    };
    body.on('data', onData);
    body.once('end', onEnd);
    body.once('error', stop);
  });
}
