/**
 * Child process of `webhook-crash.test.ts`, configured by the environment like the server
 * (QUIRE_DATA_DIR, QUIRE_JOBS_IN_SERVER=false...).
 *
 * Loads its modules, then waits for a `go <plan>` line on stdin (so the parent can start it
 * while the previous one runs). Starts the server as `quire serve` does (`startServer`: the startup recovery sweep, then
 * listening), with a job worker whose lease is short (a job this process held when killed is
 * taken over 1.5 s later, not 30), and prints `url <base url>`. The plan then SIGKILLs it at
 * a chosen point, printing `killed <where>` just before:
 * - `created:<n>`: the n-th time an operation is about to store the delivery of a
 *   `space.created` event (its change is written, its answer not sent);
 * - `finished:<n>`: the n-th time a delivery is marked succeeded while a later one of its
 *   resource waits (before that one is started);
 * - `none`: runs until the parent stops it.
 */
import { createInterface } from 'node:readline';
import { parseConfig } from '../../src/config';
import { serverJobHandlers } from '../../src/jobs/job-handlers';
import { startJobWorker } from '../../src/jobs/job-worker';
import { startServer } from '../../src/server';

const print = (line: string) => process.stdout.write(`${line}\n`);

const plan = await new Promise<string | null>((resolve) => {
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    if (line.startsWith('go ')) {
      resolve(line.slice(3));
      lines.close();
    }
  });
  lines.on('close', () => resolve(null));
});
if (plan === null) process.exit(0);
const [where, nth] = plan.split(':');

const server = await startServer(parseConfig(process.env), {
  logger: process.env.DEBUG_CRASH ? { level: 'info' } : false,
});
const { repos } = server.services;
const deliveries = repos.webhookDeliveries;
let seen = 0;
const killHere = (what: string) => {
  print(`killed ${what}`);
  process.kill(process.pid, 'SIGKILL');
};

if (where === 'created') {
  const insertIfAbsent = deliveries.insertIfAbsent.bind(deliveries);
  deliveries.insertIfAbsent = async (delivery) => {
    if (delivery.eventType === 'space.created' && ++seen === Number(nth))
      killHere(`before storing the delivery of ${delivery.eventId}`);
    return insertIfAbsent(delivery);
  };
}
if (where === 'finished') {
  const changeState = deliveries.changeState.bind(deliveries);
  deliveries.changeState = async (deliveryId, from, to, finishedAt) => {
    const changed = await changeState(deliveryId, from, to, finishedAt);
    if (changed && to === 'succeeded') {
      const delivery = await deliveries.findById(deliveryId);
      const next = delivery && (await deliveries.firstUnfinished(delivery.endpointId, delivery.resourceKey));
      print(`succeeded ${delivery?.resourceKey} next ${next?.state ?? 'none'}`);
      if (next?.state === 'waiting' && ++seen === Number(nth))
        killHere(`after delivery ${deliveryId}, before starting ${next.id}`);
    }
    return changed;
  };
}

startJobWorker(server.services, serverJobHandlers(server.services), {
  wakeOn: server.services.events,
  leaseMs: 1500,
});
print(`url ${server.url}`);
