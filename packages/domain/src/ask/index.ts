/** Questions answered from the docs: the provider's port, the answer's shapes, and the ask operations. */
export * from './answer-budget';
export * from './answer-provider';
export { NO_PROVIDER_MESSAGE } from './answer-question';
export { ASK_LIMITS } from './ask-limits';
export * from './ask-schema';
export { askOperations } from './operations';
export { isStreamedList, type StoppableItems, type StreamedList, stopStreamedList } from './streamed-list';
