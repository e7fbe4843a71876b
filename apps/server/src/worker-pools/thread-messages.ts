/**
 * The messages between a `LimitedPool` task's caller and its thread, over the task's own
 * channel: the thread says it `started` (the deadline starts then), `tell`s progress, and
 * `ask`s questions the caller `answer`s (by id; `failed` when the caller could not answer).
 */
import type { MessagePort } from 'node:worker_threads';

/** What piscina hands the thread: the task's kind, its input and its end of the channel. */
export interface TaskEnvelope {
  kind: string;
  input: unknown;
  port: MessagePort;
}

export type FromThread =
  | { type: 'started' }
  | { type: 'tell'; message: unknown }
  | { type: 'ask'; id: number; question: unknown };

export type ToThread = { type: 'answer'; id: number; value?: unknown; failed?: true };
