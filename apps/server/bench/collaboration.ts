/**
 * `npx tsx bench/collaboration.ts` (from apps/server): co-editing one page (issue 33). A server on
 * a fresh embedded store, one page of a live space, and `BENCH_CLIENTS` Hocuspocus providers (50
 * by default) in this process over real WebSockets, all in the same document. Measured:
 *
 * - a keystroke's latency: one client inserts a character, until another client has it (the
 *   median and p95 over `BENCH_ROUNDS`), first with 2 clients, then with all of them connected
 *   (until the last of them has it);
 * - the server's CPU per keystroke with all connected (process.cpuUsage over the rounds: the
 *   clients run in this process too, so this is an upper bound of server plus clients);
 * - the longest time one client spent applying a remote keystroke (the editor's main-thread work
 *   for Yjs; a browser adds ProseMirror's rendering on top).
 * The machine is shared: wall times are indicative, the counts and CPU are the figures to keep.
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { createOrganizationWithOwner, createUser, issueApiToken } from '@quire/domain';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { median } from './bench-api';
import { startBenchServer } from './bench-server';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

// The clients all join as one person from one address: the server's caps per person (4
// connections to a page) and per address (20 sockets a second) would refuse them. The server
// reads its co-editing limits from the process's environment.
process.env.QUIRE_COLLAB_MAX_PEOPLE ??= String(CLIENTS + 5);
process.env.QUIRE_COLLAB_MAX_CONNECTIONS_PER_USER ??= String(CLIENTS);
process.env.QUIRE_COLLAB_MAX_UPGRADES_PER_SECOND ??= '1000';
const quire = await startBenchServer('collaboration');
const owner = await createUser(quire.services, {
  displayName: 'Bench Owner',
  email: 'owner@bench.test',
  isInstanceAdmin: false,
});
const { token } = await issueApiToken(quire.services, { userId: owner.id, name: 'bench' });
const organization = await createOrganizationWithOwner(quire.services, { title: 'Bench Org', owner });
const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const space = (await (
  await fetch(`${quire.url}/v1/orgs/${organization.id}/spaces`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ title: 'Together' }),
  })
).json()) as { id: string };
// Pages are edited together in a space whose edit mode is live (else in change requests).
const live = await fetch(`${quire.url}/v1/spaces/${space.id}`, {
  method: 'PATCH',
  headers: auth,
  body: JSON.stringify({ editMode: 'live' }),
});
if (!live.ok) throw new Error(`the space was not made live: ${live.status} ${await live.text()}`);
const added = (await (
  await fetch(`${quire.url}/v1/spaces/${space.id}/content`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      changes: [{ operation: 'insert_page', title: 'Page', document: { markdown: 'Start.' } }],
    }),
  })
).json()) as { changes?: Array<{ page: { id: string } }> };
if (!added.changes) throw new Error(`the page was not made: ${JSON.stringify(added)}`);
const name = `${space.id}/live/${added.changes[0]!.page.id}`;

interface Client {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  socket: HocuspocusProviderWebsocket;
  /** The longest a remote update took to apply here (ms). */
  longestApplyMs: number;
}

async function connect(): Promise<Client> {
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url: `${quire.url.replace('http', 'ws')}/collaboration`,
    WebSocketPolyfill: WebSocket,
  });
  const client: Client = { doc, provider: undefined as never, socket, longestApplyMs: 0 };
  await new Promise<void>((resolve, reject) => {
    client.provider = new HocuspocusProvider({
      websocketProvider: socket,
      name,
      document: doc,
      token,
      onSynced: () => resolve(),
      onAuthenticationFailed: ({ reason }) => reject(new Error(reason)),
    });
    client.provider.attach();
  });
  // Time spent applying what others sent (the provider applies inside Yjs's transaction).
  let started = 0;
  doc.on('beforeTransaction', (transaction) => {
    if (!transaction.local) started = performance.now();
  });
  doc.on('afterTransaction', (transaction) => {
    if (!transaction.local)
      client.longestApplyMs = Math.max(client.longestApplyMs, performance.now() - started);
  });
  return client;
}

/**
 * The text typed into: the first paragraph of the editor's content, as TipTap writes it (the
 * server takes updates only to the editor's types).
 */
const text = (client: Client) =>
  (client.doc.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText;

/** The first client writes the paragraph; resolves once every client has it. */
async function writeParagraph(writer: Client, everyone: Client[]) {
  writer.doc.transact(() => {
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText('')]);
    writer.doc.getXmlFragment('default').insert(0, [paragraph]);
  });
  await Promise.all(
    everyone.map(
      (client) =>
        new Promise<void>((resolve) => {
          const look = () => {
            if (client.doc.getXmlFragment('default').length === 0) return;
            client.doc.off('update', look);
            resolve();
          };
          client.doc.on('update', look);
          look();
        }),
    ),
  );
}

/** Types one character in `from`; resolves with the ms until every client of `to` has it. */
function keystroke(from: Client, to: Client[], round: number): Promise<number> {
  const length = text(from).length + 1;
  const start = performance.now();
  const arrived = to.map(
    (client) =>
      new Promise<void>((resolve) => {
        if (text(client).length >= length) return resolve();
        const look = () => {
          if (text(client).length < length) return;
          client.doc.off('update', look);
          resolve();
        };
        client.doc.on('update', look);
      }),
  );
  text(from).insert(text(from).length, String.fromCharCode(97 + (round % 26)));
  return Promise.all(arrived).then(() => performance.now() - start);
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? 0;
const fixed = (value: number) => Number(value.toFixed(2));

const clients: Client[] = [await connect(), await connect()];
await writeParagraph(clients[0]!, clients);
for (let round = 0; round < 20; round++) await keystroke(clients[0]!, [clients[1]!], round);
const pair: number[] = [];
for (let round = 0; round < ROUNDS; round++) pair.push(await keystroke(clients[0]!, [clients[1]!], round));

while (clients.length < CLIENTS) clients.push(await connect());
const others = clients.slice(1);
for (let round = 0; round < 20; round++) await keystroke(clients[round % CLIENTS]!, others, round);
for (const client of clients) client.longestApplyMs = 0;
const cpuBefore = process.cpuUsage();
const all: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const typist = clients[round % CLIENTS]!;
  all.push(
    await keystroke(
      typist,
      clients.filter((client) => client !== typist),
      round,
    ),
  );
}
const cpu = process.cpuUsage(cpuBefore);

console.log(
  JSON.stringify(
    {
      clients: CLIENTS,
      rounds: ROUNDS,
      twoClients: { medianMs: fixed(median(pair)), p95Ms: fixed(p95(pair)) },
      allClients: { medianMsUntilLast: fixed(median(all)), p95MsUntilLast: fixed(p95(all)) },
      cpuMsPerKeystroke: fixed((cpu.user + cpu.system) / 1000 / ROUNDS),
      longestRemoteApplyMs: fixed(Math.max(...clients.map((client) => client.longestApplyMs))),
    },
    null,
    2,
  ),
);
// A socket passed in is not destroyed with its provider: else it reconnects forever.
for (const client of clients) {
  client.provider.destroy();
  client.socket.destroy();
}
await quire.close();
