/**
 * The server side of `bench/mcp-search.ts`, in its own process: Quire over a fresh embedded
 * store, one organization with a space of 200 pages, searched over REST and over MCP. `/cpu`
 * (on a route of its own server) answers the process's CPU time, so the parent counts the
 * server's CPU per request. Prints one JSON line with the fixture, then serves until killed.
 */
import Fastify from 'fastify';
import { seedOrganization, startBenchServer } from './bench-server';

const quire = await startBenchServer('mcp-search');
const { token, organization } = await seedOrganization(quire, { members: 0, memberName: 'Member' });
const call = async (method: string, path: string, body: unknown) => {
  const answer = await fetch(quire.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as { id: string };
};
const space = await call('POST', `/v1/orgs/${organization.id}/spaces`, { title: 'Handbook' });
const topics = ['telescope', 'lens', 'mount', 'eyepiece', 'filter'];
for (let batch = 0; batch < 4; batch++) {
  await call('POST', `/v1/spaces/${space.id}/content`, {
    changes: Array.from({ length: 50 }, (_, i) => {
      const n = batch * 50 + i;
      const topic = topics[n % topics.length];
      return {
        operation: 'insert_page',
        title: `Page ${n} about the ${topic}`,
        document: { markdown: `The ${topic} of page ${n}: how to choose, set up and care for it.\n` },
      };
    }),
  });
}
const cpu = Fastify();
cpu.get('/cpu', async () => {
  const { user, system } = process.cpuUsage();
  return { micros: user + system };
});
const cpuUrl = await cpu.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ quire: quire.url, cpu: cpuUrl, token, organizationId: organization.id }));
