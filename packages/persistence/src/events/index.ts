/** The event bus: operations publish what they did, live views (later webhooks, the audit log) follow. */
export type { EventBus, EventBusHealth, EventBusProblem, EventListener } from './event-bus';
export type { EventLog, EventLogFollow, EventLogHandlers } from './event-log';
export { InProcessEventBus } from './in-process-event-bus';
export { EVENT_LOG_RETENTION_SECONDS, MongoEventLog } from './mongo-event-log';
export { type OpenedEventBus, openEventBus } from './open-event-bus';
export { SharedLogEventBus, type SharedLogEventBusOptions } from './shared-log-event-bus';
