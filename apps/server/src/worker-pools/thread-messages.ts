/**
 * The messages between a `LimitedPool` task's caller and its thread, over the task's own
 * channel: the thread says it `started` (the deadline starts then), `tell`s progress,
 * `ask`s questions the caller `answer`s (by id; `failed` when the caller could not answer),
 * and says it `ended` after its last message (the result comes over piscina's channel, which
 * nothing orders with this one: the caller waits for `ended` so that no tell is lost).
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
  | { type: 'ask'; id: number; question: unknown }
  | { type: 'ended' };

export type ToThread = { type: 'answer'; id: number; value?: unknown; failed?: true };
