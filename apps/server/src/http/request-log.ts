/**
 * The server's log: one line per request, written when the request is answered (Fastify
 * writes two, "incoming request" and "request completed"). On a terminal the lines are
 * readable (`GET /v1/orgs 200 3.1ms`, through pino-pretty); anywhere else they are JSON
 * for a log collector, with the request id (`reqId`) that the `X-Request-Id` header
 * carries, the request (method, URL, client address), the status and the time.
 */
import type { Writable } from 'node:stream';
import { type FastifyLoggerOptions, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Config } from '../config';

/** What a request line holds, as the JSON line has it and pino-pretty receives it. */
interface RequestLine {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** The one line per request; Fastify's other lines (stream errors, 503s while closing) are kept. */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** `GET /v1/orgs 200 3.1ms` for request lines, the message for the others. */
export function readableMessage(line: Record<string, unknown>, messageKey: string): string {
  const { req, res, responseTime } = line as RequestLine;
  if (req?.method === undefined || res?.statusCode === undefined || responseTime === undefined)
    return String(line[messageKey] ?? '');
  return `${req.method} ${req.url} ${res.statusCode} ${responseTime.toFixed(1)}ms`;
}

/** Where the log goes: stdout, or a test's stream. */
export type LogOutput = Writable & { isTTY?: boolean };

/**
 * The logger options for the server's output: JSON lines, or readable lines when the output
 * is a terminal. pino-pretty is loaded only then, and runs in this thread (no worker, so
 * nothing to resolve at run time in a bundled build).
 */
export async function loggerOptionsFor(
  level: Config['logLevel'],
  output: LogOutput = process.stdout,
): Promise<FastifyLoggerOptions & { level: string }> {
  if (!output.isTTY) return output === process.stdout ? { level } : { level, stream: output };
  const { default: pretty } = await import('pino-pretty');
  return {
    level,
    stream: pretty({
      destination: output,
      // Request lines carry these as their message; other lines keep theirs and their fields.
      ignore: 'pid,hostname,reqId,req,res,responseTime',
      messageFormat: readableMessage,
      translateTime: 'SYS:HH:MM:ss.l',
      singleLine: true,
    }),
  };
}
