/**
 * `npx tsx bench/collaboration-relay.ts` (from apps/server): the cost of co-editing across
 * servers (issue 33, item 3). Two servers' relays, each over its own `SharedLogEventBus`, over
 * one event log held in memory (MongoDB's collection and change stream are not here: no
 * MongoDB runs on this machine), each with its copy of one page. `BENCH_KEYSTROKES` (5,000 by
 * default) single characters typed into the first copy, one update each, as an editor sends
 * them. Measured: CPU per keystroke for publishing on one side and applying on the other
 * (process.cpuUsage; both sides are in this process, so it is the sum of the two servers'
 * work), the bytes of one relayed keystroke's event, and how many events it takes.
 * The machine is shared: the CPU per keystroke and the counts are the figures to keep.
 */
import { Document } from '@hocuspocus/server';
import type { DomainEvent } from '@quire/domain';
import { type EventLog, type EventLogHandlers, SharedLogEventBus } from '@quire/persistence';
import { TimeOrderedIds } from '../src/adapters/time-ordered-ids';
import { CollaborationRelay } from '../src/collaboration/collaboration-relay';

const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 5000);

/** One log every bus follows, delivering on a microtask, as the test's. */
class MemoryLog implements EventLog {
  readonly events: DomainEvent[] = [];
  readonly followers = new Map<EventLogHandlers, number>();
  async append(event: DomainEvent) {
    this.events.push(event);
    queueMicrotask(() => {
      for (const [handlers, next] of this.followers) {
        for (let at = next; at < this.events.length; at++) handlers.onEvent(this.events[at]!, at);
        this.followers.set(handlers, this.events.length);
      }
    });
  }
  async now() {
    return this.events.length - 1;
  }
  follow(position: unknown, handlers: EventLogHandlers) {
    this.followers.set(handlers, position === undefined ? this.events.length : (position as number) + 1);
    return { close: async () => void this.followers.delete(handlers) };
  }
  isPositionLost() {
    return false;
  }
}

const log = new MemoryLog();
const clock = { now: () => new Date() };
const onProblem = (message: string) => console.error(message);
const sides = await Promise.all(
  ['first', 'second'].map(async (serverId) => {
    const bus = await SharedLogEventBus.open(log, { onProblem });
    const relay = new CollaborationRelay(
      bus,
      serverId,
      { ids: new TimeOrderedIds(), clock },
      { maxBytes: 4 * 1024 * 1024, loadWaitMs: 20 },
      onProblem,
    );
    return { bus, relay, doc: new Document('space/live/page') };
  }),
);
const [first, second] = sides as [(typeof sides)[0], (typeof sides)[0]];
const page = { organizationId: 'org', spaceId: 'space' };
await first.relay.join('space/live/page', first.doc, page);
await second.relay.join('space/live/page', second.doc, page);

const text = first.doc.getText('default');
const arrived = new Promise<void>((resolve) => {
  const look = () => {
    if (second.doc.getText('default').length === KEYSTROKES) {
      second.doc.off('update', look);
      resolve();
    }
  };
  second.doc.on('update', look);
});
const eventsBefore = log.events.length;
const cpu = process.cpuUsage();
const started = performance.now();
for (let index = 0; index < KEYSTROKES; index++) {
  text.insert(index, 'a');
  // One keystroke a turn, as they come from a socket.
  if (index % 50 === 49) await new Promise((resolve) => setImmediate(resolve));
}
await arrived;
const used = process.cpuUsage(cpu);
const wall = performance.now() - started;
const relayed = log.events.slice(eventsBefore);
const sizes = relayed.map((event) => JSON.stringify(event).length).sort((a, b) => a - b);
console.log(
  JSON.stringify(
    {
      keystrokes: KEYSTROKES,
      events: relayed.length,
      cpuMicrosecondsPerKeystroke: Number(((used.user + used.system) / KEYSTROKES).toFixed(1)),
      wallMs: Math.round(wall),
      eventJsonBytesMedian: sizes[Math.floor(sizes.length / 2)],
      sameText: second.doc.getText('default').toString() === text.toString(),
    },
    null,
    2,
  ),
);
for (const side of sides) {
  side.relay.close();
  await side.bus.close();
}
