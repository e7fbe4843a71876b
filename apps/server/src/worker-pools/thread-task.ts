/**
 * The thread's side of a `LimitedPool` task: `serveTasks` makes a thread entry's default
 * export from the handlers of its task kinds. Each handler gets the task's input and a
 * `ThreadLink` to tell progress and ask the caller for what only the main thread holds.
 */
import type { MessagePort } from 'node:worker_threads';
import type { FromThread, TaskEnvelope, ToThread } from './thread-messages';

export interface ThreadLink {
  /** Tells the caller something (progress); nothing comes back. */
  tell(message: unknown): void;
  /** Asks the caller; rejects when the caller could not answer. */
  ask<Answer>(question: unknown, transfer?: ArrayBuffer[]): Promise<Answer>;
}

export type ThreadTaskHandler = (input: never, link: ThreadLink) => Promise<unknown>;

export function serveTasks(
  handlers: Record<string, ThreadTaskHandler>,
): (envelope: TaskEnvelope) => Promise<unknown> {
  return async ({ kind, input, port }) => {
    const link = threadLink(port);
    try {
      const handler = handlers[kind];
      if (!handler) throw new Error(`no thread task of kind ${kind}`);
      return await handler(input as never, link);
    } finally {
      // Behind every tell on this channel: the caller handles them all before the task ends.
      port.postMessage({ type: 'ended' } satisfies FromThread);
      port.close();
    }
  };
}

function threadLink(port: MessagePort): ThreadLink {
  const post = (message: FromThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 0;
  port.on('message', (message: ToThread) => {
    const asker = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.failed) asker?.reject(new Error('the caller could not answer'));
    else asker?.resolve(message.value);
  });
  // Answers arrive only while a question waits: between questions the port keeps nothing alive.
  port.unref();
  post({ type: 'started' });
  return {
    tell: (message) => post({ type: 'tell', message }),
    ask: <Answer>(question: unknown, transfer?: ArrayBuffer[]) =>
      new Promise<Answer>((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
        post({ type: 'ask', id, question }, transfer);
      }),
  };
}
