/**
 * The REST face's byte upload: `POST /v1/spaces/:spaceId/content/files/upload?name=…` (and
 * under a change request), the file's bytes as the request's body, its type as the body's
 * `Content-Type`. It runs the one operation the JSON route runs
 * (`spaces.content.files.upload`, `?replace=<fileId>` to replace a file's bytes): the faces
 * differ only in how the bytes arrive. The body is handed to the operation as an `upload`
 * token and read only when the operation takes it, after it authorized the caller: a caller
 * who may not upload costs no byte read. Read as it arrives and counted
 * (`countedBody`): past the upload limit it is a 413 naming `body`, nothing stored, and the
 * connection is closed after the answer so that the rest of the body is not waited for.
 */
import type { Readable } from 'node:stream';
import { operations } from '@quire/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { runOperation } from '../faces/run-operation';
import { toHttpError } from '../http/error-body';
import { requestFactsOf } from '../http/request-facts';
import type { RequestGate } from '../request-context';
import { countedBody } from './counted-body';
import { mimeTypeOf } from './file-content-types';
import type { ServerIncomingFiles } from './server-incoming-files';

export const FILE_UPLOAD_PATHS = [
  '/v1/spaces/:spaceId/content/files/upload',
  '/v1/spaces/:spaceId/change-requests/:changeRequestId/content/files/upload',
] as const;

interface UploadRoute {
  Params: { spaceId: string; changeRequestId?: string };
  Querystring: Record<string, string | string[] | undefined>;
}

export function registerFileUploads(
  app: FastifyInstance,
  gate: RequestGate,
  files: ServerIncomingFiles,
): void {
  app.register(async (scope) => {
    // The body stays a stream: `countedBody` reads it, when the operation asks.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    for (const url of FILE_UPLOAD_PATHS)
      scope.post<UploadRoute>(url, (request, reply) => upload(request, reply, gate, files));
  });
}

async function upload(
  request: FastifyRequest<UploadRoute>,
  reply: FastifyReply,
  gate: RequestGate,
  files: ServerIncomingFiles,
): Promise<FastifyReply> {
  const body = request.body as Readable | undefined;
  const token = files.received.hold(() =>
    body
      ? countedBody(body, files.limits.maxUploadBytes, request.headers['content-length'])
      : Promise.resolve(new Uint8Array()),
  );
  try {
    const access = await gate.open(requestFactsOf(request, reply));
    const { name, replace } = request.query;
    const contentType = mimeTypeOf(request.headers['content-type']);
    const output = await runOperation(operations.spaces.content.files.upload, access, {
      ...request.params,
      ...(name !== undefined ? { name } : {}),
      ...(replace !== undefined ? { replace } : {}),
      ...(contentType !== null && contentType !== 'application/octet-stream' ? { contentType } : {}),
      upload: token,
    });
    return reply.code(201).send(output);
  } catch (error) {
    const httpError = toHttpError(error, request.log);
    // A body not read to its end is not waited for.
    if (body && !body.readableEnded) reply.header('connection', 'close');
    return reply.code(httpError.status).send(httpError.body);
  } finally {
    files.received.release(token);
  }
}
