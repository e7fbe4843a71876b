/**
 * What every event bus does, whatever carries its events: one suite run against each
 * (in process; the shared log in memory; the shared log on MongoDB when MONGODB_URI is set).
 * `servers` buses share one store; the in-process bus has one.
 */
import type { DomainEvent } from '@quire/domain';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventBus } from '../../src/events';

export interface EventBusSetting {
  buses: EventBus[];
  close(): Promise<void>;
}

let sequence = 0;
export function commentEvent(spaceId = 's1'): DomainEvent {
  sequence++;
  return {
    id: `event-${String(sequence).padStart(6, '0')}-${process.pid}`,
    type: 'comment.posted',
    at: new Date().toISOString(),
    actorId: 'u1',
    organizationId: 'o1',
    spaceId,
    changeRequestId: null,
    commentId: `c${sequence}`,
  };
}

/** Resolves with the first `count` events `bus` delivers from now on. */
export function nextEvents(bus: EventBus, count: number): Promise<DomainEvent[]> {
  return new Promise((resolve) => {
    const seen: DomainEvent[] = [];
    const stop = bus.subscribe((event) => {
      seen.push(event);
      if (seen.length === count) {
        stop();
        resolve(seen);
      }
    });
  });
}

export function describeEventBusContract(name: string, open: () => Promise<EventBusSetting>): void {
  describe(`event bus contract: ${name}`, () => {
    let setting: EventBusSetting | undefined;
    afterEach(async () => {
      await setting?.close();
      setting = undefined;
    });

    it('delivers every published event to every subscriber of every server, in order, once', async () => {
      setting = await open();
      const { buses } = setting;
      const events = [commentEvent(), commentEvent(), commentEvent()];
      const heard = buses.flatMap((bus) => [nextEvents(bus, 3), nextEvents(bus, 3)]);
      for (const [index, event] of events.entries()) await buses[index % buses.length]?.publish(event);
      for (const seen of await Promise.all(heard))
        expect(seen.map((event) => event.id)).toEqual(events.map((e) => e.id));
    });

    it('stops delivering to a subscriber that unsubscribed, and a throwing one stops no one else', async () => {
      setting = await open();
      const bus = setting.buses[0] as EventBus;
      const stopped: DomainEvent[] = [];
      const stop = bus.subscribe((event) => stopped.push(event));
      bus.subscribe(() => {
        throw new Error('a broken listener');
      });
      const heard = nextEvents(bus, 2);
      stop();
      const [first, second] = [commentEvent(), commentEvent()];
      await bus.publish(first);
      await bus.publish(second);
      expect((await heard).map((event) => event.id)).toEqual([first.id, second.id]);
      expect(stopped).toEqual([]);
    });
  });
}
