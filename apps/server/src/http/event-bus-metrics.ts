/**
 * The event bus's health for Prometheus: whether events reach this server now (on MongoDB,
 * whether the shared log's change stream is followed) and how often following had to start
 * again. A stream that ended and is being followed again shows as 0 until it is back.
 */
import type { EventBusHealth } from '@quire/persistence';

export function eventBusMetricsText(health: EventBusHealth): string {
  return [
    '# HELP quire_event_bus_following 1 when events published by any server reach this one, 0 while following again.',
    '# TYPE quire_event_bus_following gauge',
    `quire_event_bus_following ${health.state === 'following' ? 1 : 0}`,
    '# HELP quire_event_bus_restarts_total Times following the shared event log broke or ended.',
    '# TYPE quire_event_bus_restarts_total counter',
    `quire_event_bus_restarts_total ${health.restarts}`,
    '',
  ].join('\n');
}
