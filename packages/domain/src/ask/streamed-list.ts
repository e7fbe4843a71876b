/**
 * A list an operation hands over while it is still being written (an answer streamed from
 * the AI provider): an async iterable standing where the operation's output schema says a
 * list. The REST face sends its items as server-sent events as they come (a route marked
 * `eventStream`); every other face (GraphQL, tRPC, MCP) receives the whole list, collected by
 * `runOperation` (`isStreamedList`). A face whose reader goes away calls `stop`: the list
 * stops being written at once, not at its next item (an AI provider that is silent would
 * otherwise hold its request, and this server's slot for it, until its deadline).
 */
const streamedBrand: unique symbol = Symbol('quire.streamedList');

/** Items still being written, which their writer can be told to stop writing (idempotent; nothing once they ended). */
export interface StoppableItems<T> extends AsyncIterable<T> {
  stop(): void;
}

export interface StreamedList<T> extends StoppableItems<T> {
  readonly [streamedBrand]: true;
}

/** Typed as the list the output schema describes, so `run` keeps its checked return type. */
export function streamedList<T>(items: StoppableItems<T>): T[] {
  const streamed: StreamedList<T> = {
    [streamedBrand]: true,
    [Symbol.asyncIterator]: () => items[Symbol.asyncIterator](),
    stop: () => items.stop(),
  };
  return streamed as unknown as T[];
}

/** Stops `value` when it is a list still being written (an operation's output, whatever it is). */
export function stopStreamedList(value: unknown): void {
  if (isStreamedList(value)) value.stop();
}

export function isStreamedList(value: unknown): value is StreamedList<unknown> {
  return typeof value === 'object' && value !== null && streamedBrand in value;
}
