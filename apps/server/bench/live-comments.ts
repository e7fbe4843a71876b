/**
 * `npx tsx bench/live-comments.ts` (from apps/server): what live views cost and how fast
 * they are. A server on a fresh embedded store, one space, and `BENCH_VIEWERS` people (100
 * by default, each their own member and token) watching its comments over server-sent events
 * (`live.comments`, read with plain fetch streams). Measured in the same run:
 *
 * - a bare round trip (`GET /healthz`), the yardstick;
 * - posting a comment (REST) with no viewer, then with every viewer watching: the ratio is
 *   what the views add to the write (the publish is in process and the fan-out is not awaited);
 * - delivery: from the post's start until the last viewer has the event (each viewer's copy
 *   is fetched as that viewer, so this is `BENCH_VIEWERS` comment reads).
 */

import { median } from './bench-api';
import { seedOrganization, startBenchServer } from './bench-server';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);

const quire = await startBenchServer('live');
const {
  token,
  organization,
  memberTokens: viewerTokens,
} = await seedOrganization(quire, {
  members: VIEWERS,
  memberName: 'Viewer',
});
const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const space = await (
  await fetch(`${quire.url}/v1/orgs/${organization.id}/spaces`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ title: 'Live' }),
  })
).json();

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? 0;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

const bare = () => fetch(`${quire.url}/healthz`).then((response) => response.text());
const post = () =>
  fetch(`${quire.url}/v1/spaces/${space.id}/comments`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ body: { markdown: 'A remark, live.' } }),
  }).then((response) => response.json() as Promise<{ id: string }>);

for (let i = 0; i < 20; i++) await Promise.all([bare(), post()]);
const bareMs: number[] = [];
const quietPostMs: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  bareMs.push(await timed(bare));
  quietPostMs.push(await timed(post));
}

/** Each viewer's stream, resolving `arrived(commentId)` once it carried that comment. */
const waiting = new Map<string, { left: number; done: () => void }>();
const input = encodeURIComponent(JSON.stringify({ spaceId: space.id }));
const streams = await Promise.all(
  viewerTokens.map(async (viewerToken) => {
    const response = await fetch(`${quire.url}/trpc/live.comments?input=${input}`, {
      headers: { authorization: `Bearer ${viewerToken}`, accept: 'text/event-stream' },
    });
    const reader = (response.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>)
      .getReader();
    let buffered = '';
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffered += value;
        let end = buffered.indexOf('\n\n');
        while (end >= 0) {
          const message = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const data = message.split('\n').find((line) => line.startsWith('data: {"type"'));
          if (data) {
            const { commentId } = JSON.parse(data.slice('data: '.length)) as { commentId: string };
            const entry = waiting.get(commentId);
            if (entry && --entry.left === 0) entry.done();
          }
          end = buffered.indexOf('\n\n');
        }
      }
    })();
    return reader;
  }),
);

const watchedPostMs: number[] = [];
const deliveryMs: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  bareMs.push(await timed(bare));
  const start = performance.now();
  let allArrived: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    allArrived = resolve;
  });
  const { id } = await post();
  watchedPostMs.push(performance.now() - start);
  waiting.set(id, { left: VIEWERS, done: allArrived });
  await arrived;
  deliveryMs.push(performance.now() - start);
}

for (const reader of streams) await reader.cancel();
await quire.close();

const bareMedian = median(bareMs);
const line = (label: string, values: number[]) =>
  `${label.padEnd(42)} median ${median(values).toFixed(2)} ms  p95 ${p95(values).toFixed(2)} ms  (${(median(values) / bareMedian).toFixed(1)}x bare)`;
console.log(`${VIEWERS} viewers, ${ROUNDS} rounds, Node ${process.version}`);
console.log(line('bare GET /healthz', bareMs));
console.log(line('POST comment, nobody watching', quietPostMs));
console.log(line(`POST comment, ${VIEWERS} watching`, watchedPostMs));
console.log(line(`post + delivered to all ${VIEWERS}`, deliveryMs));
console.log(
  `write cost of the views: ${(median(watchedPostMs) / median(quietPostMs)).toFixed(2)}x the quiet post`,
);
