/**
 * The event buses against their contract, and the shared log's recovery: following again
 * from the last event delivered after a failover (none lost, none twice), with a growing
 * delay, and from now (reported) when the log forgot that position.
 */
import { type MongoDatabase, mongoDatabaseOf, openMongoStore } from '@quire/store';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessEventBus, MongoEventLog, SharedLogEventBus } from '../../src/events';
import { commentEvent, describeEventBusContract, nextEvents } from './event-bus-contract';
import { MemoryEventLog } from './memory-event-log';

const ignoreProblems = () => {};

describeEventBusContract('in process', async () => {
  const bus = new InProcessEventBus(ignoreProblems);
  return { buses: [bus], close: () => bus.close() };
});

describeEventBusContract('shared log (in memory, streams that open late), three servers', async () => {
  const log = new MemoryEventLog({ lazyStart: true });
  const buses = await Promise.all(
    [1, 2, 3].map(() => SharedLogEventBus.open(log, { onProblem: ignoreProblems })),
  );
  return { buses, close: async () => void (await Promise.all(buses.map((bus) => bus.close()))) };
});

const uri = process.env.MONGODB_URI;
if (uri) {
  let databases = 0;
  describeEventBusContract('shared log on MongoDB (MONGODB_URI), two servers', async () => {
    const dbName = `quire_events_${process.pid}_${++databases}`;
    const stores = await Promise.all([openMongoStore(uri, { dbName }), openMongoStore(uri, { dbName })]);
    const buses = await Promise.all(
      stores.map(async (store) => {
        const db = mongoDatabaseOf(store) as MongoDatabase;
        return SharedLogEventBus.open(await MongoEventLog.open(db), { onProblem: ignoreProblems });
      }),
    );
    // No wait for the change streams to open: a bus follows from the moment `open` resolved.
    return {
      buses,
      close: async () => {
        await Promise.all(buses.map((bus) => bus.close()));
        await (mongoDatabaseOf(stores[0]!) as MongoDatabase).dropDatabase();
        await Promise.all(stores.map((store) => store.close()));
      },
    };
  });
} else {
  describe.skip('event bus contract: shared log on MongoDB skipped — MONGODB_URI is unset', () => {
    it('contract', () => {});
  });
}

describe('the shared log bus after a failure', () => {
  const buses: SharedLogEventBus[] = [];
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  it('follows again from the last event delivered: what was appended meanwhile arrives, none twice', async () => {
    const log = new MemoryEventLog();
    const problems: string[] = [];
    const bus = new SharedLogEventBus(log, {
      onProblem: (message) => problems.push(message),
      retryDelayMs: 1,
    });
    const publisher = new SharedLogEventBus(log, { onProblem: ignoreProblems });
    buses.push(bus, publisher);
    const heard = nextEvents(bus, 4);
    const events = [commentEvent(), commentEvent(), commentEvent(), commentEvent()];
    await publisher.publish(events[0]!);
    await publisher.publish(events[1]!);
    await new Promise((resolve) => setTimeout(resolve, 0));
    log.cutFollowers(new Error('primary stepped down'));
    // Appended while the bus is cut off.
    await publisher.publish(events[2]!);
    await publisher.publish(events[3]!);
    expect((await heard).map((event) => event.id)).toEqual(events.map((event) => event.id));
    expect(problems).toEqual(['following the event log failed: following again in 1 ms']);
  });

  it('doubles the delay between attempts, and starts over once an event came through', async () => {
    const log = new MemoryEventLog();
    const problems: string[] = [];
    const bus = new SharedLogEventBus(log, {
      onProblem: (message) => problems.push(message),
      retryDelayMs: 1,
    });
    buses.push(bus);
    for (let cut = 0; cut < 3; cut++) {
      const followsBefore = log.follows;
      log.cutFollowers(new Error('network cut'));
      await expect.poll(() => log.follows).toBe(followsBefore + 1);
    }
    expect(problems.map((message) => message.match(/\d+ ms/)?.[0])).toEqual(['1 ms', '2 ms', '4 ms']);
    const heard = nextEvents(bus, 1);
    await log.append(commentEvent());
    await heard;
    log.cutFollowers(new Error('network cut'));
    expect(problems.at(-1)).toMatch(/in 1 ms$/);
  });

  it('follows from now, and says so, when the log forgot the last position', async () => {
    const log = new MemoryEventLog();
    const problems: string[] = [];
    const bus = new SharedLogEventBus(log, {
      onProblem: (message) => problems.push(message),
      retryDelayMs: 1,
    });
    buses.push(bus);
    const first = nextEvents(bus, 1);
    await log.append(commentEvent());
    await first;
    log.cutFollowers(new Error('primary stepped down'));
    await log.append(commentEvent());
    log.forgetHistory();
    const later = nextEvents(bus, 1);
    await expect.poll(() => problems.length).toBe(2);
    const after = commentEvent();
    await log.append(after);
    expect((await later).map((event) => event.id)).toEqual([after.id]);
    expect(problems[1]).toMatch(/no longer holds the last event delivered/);
  });

  it('misses nothing published while its stream opens, when opened from now', async () => {
    const log = new MemoryEventLog({ lazyStart: true });
    const publisher = await SharedLogEventBus.open(log, { onProblem: ignoreProblems });
    const late = new SharedLogEventBus(log, { onProblem: ignoreProblems });
    const opened = await SharedLogEventBus.open(log, { onProblem: ignoreProblems });
    buses.push(publisher, late, opened);
    const heardByLate: string[] = [];
    late.subscribe((event) => heardByLate.push(event.id));
    const heard = nextEvents(opened, 2);
    const events = [commentEvent(), commentEvent()];
    await publisher.publish(events[0]!);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await publisher.publish(events[1]!);
    expect((await heard).map((event) => event.id)).toEqual(events.map((event) => event.id));
    // A bus made without a start position follows from whenever its stream opened: the first is lost.
    expect(heardByLate).toEqual([events[1]!.id]);
  });

  it('says whether it follows, and how often following started again', async () => {
    const log = new MemoryEventLog();
    const bus = new SharedLogEventBus(log, { onProblem: ignoreProblems, retryDelayMs: 1 });
    buses.push(bus);
    expect(bus.health()).toEqual({ state: 'following', restarts: 0 });
    log.cutFollowers(new Error('network cut'));
    expect(bus.health()).toEqual({ state: 'reconnecting', restarts: 1 });
    await expect.poll(() => bus.health().state).toBe('following');
    expect(new InProcessEventBus(ignoreProblems).health()).toEqual({ state: 'following', restarts: 0 });
  });

  it('a publish the log refuses is reported, not thrown: the operation’s write already happened', async () => {
    const log = new MemoryEventLog();
    log.append = async () => {
      throw new Error('not primary');
    };
    const problems: string[] = [];
    const bus = new SharedLogEventBus(log, { onProblem: (message) => problems.push(message) });
    buses.push(bus);
    await expect(bus.publish(commentEvent())).resolves.toBeUndefined();
    expect(problems).toEqual(['could not publish comment.posted']);
  });
});
