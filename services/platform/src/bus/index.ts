export * from './types';
export { topicMatches } from './topic';
export { newEvent } from './envelope';
export { createMemoryBus, type MemoryBusOptions } from './memory';
export { createAmqpBus, type AmqpBusOptions } from './amqp';
export { DEFAULT_MAX_ATTEMPTS, DEFAULT_RETRY_DELAY_MS } from './retry';
export { consumeInSpan, publishInSpan } from './tracing';
export { writeOutbox, createOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from './outbox';
export { handleOnce } from './inbox';
