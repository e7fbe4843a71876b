/**
 * A list an operation hands over while it is still being written (an answer streamed from
 * the AI provider): an async iterable standing where the operation's output schema says a
 * list. The REST face sends its items as server-sent events as they come (a route marked
 * `eventStream`); every other face (GraphQL, tRPC, MCP) receives the whole list, collected by
 * `runOperation` (`isStreamedList`).
 */
const streamedBrand: unique symbol = Symbol('quire.streamedList');

export interface StreamedList<T> extends AsyncIterable<T> {
  readonly [streamedBrand]: true;
}

/** Typed as the list the output schema describes, so `run` keeps its checked return type. */
export function streamedList<T>(items: AsyncIterable<T>): T[] {
  const streamed: StreamedList<T> = {
    [streamedBrand]: true,
    [Symbol.asyncIterator]: () => items[Symbol.asyncIterator](),
  };
  return streamed as unknown as T[];
}

export function isStreamedList(value: unknown): value is StreamedList<unknown> {
  return typeof value === 'object' && value !== null && streamedBrand in value;
}
