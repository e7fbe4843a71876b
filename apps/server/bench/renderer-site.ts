/**
 * `node --import <tsx loader> bench/renderer-site.ts [port]` (from apps/server): Quire with a
 * published site for GitBook's own renderer to read (issue 28, item 10; how to run the
 * renderer against it: docs/publishing.md). It serves until killed, on `port` (8790), with
 * its data in a temporary folder, and prints one JSON line: the token, the ids, and the
 * renderer's URLs.
 *
 * The organization holds:
 * - the space "Field guide": the GitBook-format fixture repository (`test/fixtures/
 *   gitbook-repository`: nested pages, every block of issue 27, includes, a SUMMARY with
 *   groups) imported through Git Sync, its images replaced by larger ones a screenshot shows;
 * - the space "Every block": a generated GitBook-format repository of 12 pages
 *   (`gitbook-format-repository.ts`: every block on every page), imported the same way;
 * - the public site "handbook" behind the proxy `docs.quire.test/handbook`: the section
 *   Guides at `manual` (the field guide, and every block again at `all-blocks`) and the
 *   section Blocks;
 * - the visitor-auth site "members" behind `members.quire.test/private`, its fallback
 *   `https://login.quire.test/start`, and a visitor token signed with its key;
 * - the share-link site "partners" behind `partners.quire.test/shared`, and one link.
 *
 * Sites' addresses are on `https://sites.quire.test` (`QUIRE_SITES_URL`): GitBook's renderer
 * refuses a site host with a port. A proxy is used rather than Quire's own `~sites/<org>/<site>/`
 * address because the renderer looks a URL up by its first four path segments at most (see
 * docs/publishing.md).
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { SignJWT } from 'jose';
import { png as tinyPng } from '../test/git-sync/repository-fixture';
import { seedOrganization, startBenchServer } from './bench-server';
import { gitbookFormatRepository } from './gitbook-format-repository';

const PORT = Number(process.argv[2] ?? 8790);
const FIXTURE = new URL('../test/fixtures/gitbook-repository/', import.meta.url).pathname;

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies.
type Json = any;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Renderer proof',
      GIT_AUTHOR_EMAIL: 'renderer@quire.test',
      GIT_COMMITTER_NAME: 'Renderer proof',
      GIT_COMMITTER_EMAIL: 'renderer@quire.test',
    },
  }).trim();

/** A `width` x `height` PNG of a diagonal gradient in `hue` (0-2: red, green, blue), for a screenshot to show. */
function gradientPng(width: number, height: number, hue: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const shade = Math.round((255 * (x + y)) / (width + height));
      for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = c === hue % 3 ? 255 - shade / 3 : shade;
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A bare Git repository of `files`, one commit on `main`. */
async function repositoryOf(work: string, name: string, files: Record<string, string | Uint8Array>) {
  const tree = join(work, name);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(tree, path)), { recursive: true });
    await writeFile(join(tree, path), content);
  }
  git(tree, 'init', '--quiet', '--initial-branch=main');
  git(tree, 'add', '-A');
  git(tree, 'commit', '--quiet', '-m', name);
  const bare = join(work, `${name}.git`);
  git(work, 'clone', '--quiet', '--bare', tree, bare);
  return bare;
}

const work = await mkdtemp(join(tmpdir(), 'quire-renderer-site-'));
const quire = await startBenchServer('renderer-site', {
  PORT: String(PORT),
  QUIRE_PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  QUIRE_SITES_URL: 'https://sites.quire.test',
  QUIRE_GIT_ALLOW_FILE: '1',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
});
const stop = async () => {
  await quire.close();
  await rm(work, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const { token, organization } = await seedOrganization(quire, { members: 0, memberName: 'Reader' });
const call = async (method: string, path: string, body?: unknown): Promise<Json> => {
  const answer = await fetch(`${quire.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
  return text === '' ? undefined : JSON.parse(text);
};

/** A space imported through Git Sync from the bare repository at `url`. */
async function importedSpace(title: string, url: string): Promise<string> {
  const space = await call('POST', `/v1/orgs/${organization.id}/spaces`, { title });
  await call('POST', `/v1/spaces/${space.id}/git/import`, { url, ref: 'refs/heads/main' });
  for (;;) {
    const state = (await call('GET', `/v1/spaces/${space.id}/git/info`)).lastImport;
    if (state && state.state !== 'running') {
      if (state.state !== 'success') throw new Error(`import of ${title}: ${JSON.stringify(state)}`);
      return space.id;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// The fixture repository, with images a screenshot shows.
const fixtureTree = join(work, 'fixture-source');
await cp(FIXTURE, fixtureTree, { recursive: true });
const fixtureFiles: Record<string, string | Uint8Array> = {};
const { readdir, readFile } = await import('node:fs/promises');
for (const entry of await readdir(fixtureTree, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const path = join(entry.parentPath, entry.name).slice(fixtureTree.length + 1);
  fixtureFiles[path] = await readFile(join(fixtureTree, path));
}
let hue = 0;
for (const path of Object.keys(fixtureFiles))
  if (path.startsWith('.gitbook/assets/') && path.endsWith('.png'))
    fixtureFiles[path] = gradientPng(480, 270, hue++);
const fieldGuide = await importedSpace('Field guide', await repositoryOf(work, 'field-guide', fixtureFiles));
const everyBlock = await importedSpace(
  'Every block',
  await repositoryOf(
    work,
    'every-block',
    gitbookFormatRepository(12, (n) => (n % 4 === 0 ? gradientPng(480, 270, n) : tinyPng)),
  ),
);

const orgPath = `/v1/orgs/${organization.id}`;
const handbook = await call('POST', `${orgPath}/sites`, { title: 'Handbook' });
const site = `${orgPath}/sites/${handbook.id}`;
await call('PATCH', site, { basename: 'handbook', proxy: 'docs.quire.test/handbook' });
const guides = await call('POST', `${site}/sections`, { spaceId: fieldGuide, title: 'Guides' });
const blocks = await call('POST', `${site}/sections`, { spaceId: everyBlock, title: 'Blocks' });
// Not `guides`: the field guide's own pages start with `guides/`, and a URL's first segment
// names a section before a page of the default section (as on GitBook).
await call('PATCH', `${site}/sections/${guides.id}`, { path: 'manual' });
const allBlocks = await call('POST', `${site}/site-spaces`, { spaceId: everyBlock, sectionId: guides.id });
await call('PATCH', `${site}/site-spaces/${allBlocks.id}`, { path: 'all-blocks' });
await call('POST', `${site}/publish`);

const members = await call('POST', `${orgPath}/sites`, { title: 'Members' });
const membersSite = `${orgPath}/sites/${members.id}`;
await call('PATCH', membersSite, { basename: 'members', proxy: 'members.quire.test/private' });
await call('POST', `${membersSite}/site-spaces`, { spaceId: fieldGuide });
await call('PATCH', membersSite, { visibility: 'visitor-auth' });
await call('PATCH', `${membersSite}/publishing/auth`, { fallbackURL: 'https://login.quire.test/start' });
await call('POST', `${membersSite}/publish`);
const { privateKey } = await call('GET', `${membersSite}/publishing/auth`);
const now = Math.floor(Date.now() / 1000);
const visitorJwt = await new SignJWT({ name: 'A member' })
  .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
  .setIssuedAt(now)
  .setExpirationTime(now + 24 * 3600)
  .sign(new TextEncoder().encode(privateKey));

// A share-link site: its link's URL carries the key as the first segment after the site's.
const partners = await call('POST', `${orgPath}/sites`, { title: 'Partners' });
const partnersSite = `${orgPath}/sites/${partners.id}`;
await call('PATCH', partnersSite, { basename: 'partners', proxy: 'partners.quire.test/shared' });
await call('POST', `${partnersSite}/site-spaces`, { spaceId: everyBlock });
await call('PATCH', partnersSite, { visibility: 'share-link' });
await call('POST', `${partnersSite}/publish`);
const link = await call('POST', `${partnersSite}/share-links`, { name: 'Renderer proof' });
const linkUrl = new URL(link.urls.published);

console.log(
  JSON.stringify({
    api: quire.url,
    token,
    organization: organization.id,
    spaces: { fieldGuide, everyBlock },
    sites: { handbook: handbook.id, members: members.id, partners: partners.id },
    shareLink: link.urls.published,
    sections: { guides: guides.id, blocks: blocks.id },
    renderer: {
      handbook: '/url/docs.quire.test/handbook',
      members: '/url/members.quire.test/private',
      membersWithToken: `/url/members.quire.test/private?jwt_token=${visitorJwt}`,
      partnersShareLink: `/url/${linkUrl.host}${linkUrl.pathname}`,
    },
    visitorJwt,
  }),
);
