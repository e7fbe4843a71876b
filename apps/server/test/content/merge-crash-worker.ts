/**
 * Child process of `merge-crash.test.ts`: `merge-crash-worker.ts <seed> <spaceId> <userId>`,
 * configured by the environment like the server (QUIRE_DATA_DIR, LOG_LEVEL).
 *
 * Loads its modules, then waits for a `go` line on stdin (so the parent can start it ahead
 * of time). It then opens the store the way the server does (`openConfiguredStore`: the
 * repair after an unclean shutdown, whose log lines it prints as `log <json>`), prints
 * `ready`, and runs several concurrent loops through the domain's operations, as the user
 * `userId` (an admin of the space's organization):
 * - change-request loops: create a change request, insert a page titled `CR <its id>` and
 *   rewrite a line of the loop's own page, sometimes bring the space in (`update`), then
 *   merge; `merged <id>` is printed only once the merge answered 'merge';
 * - a live loop: edits the space directly (a line of its own page; inserts and deletes of
 *   pages of its own).
 * Each operation prints `op <kind>`. The parent SIGKILLs it at a random moment.
 */
import { createInterface } from 'node:readline';
import { type Caller, contentOperations, executeOperation, isDomainError } from '@quire/domain';
import { parseConfig } from '../../src/config';
import { openConfiguredStore } from '../../src/open-configured-store';
import { buildServices } from '../../src/services';
import { seededRandom } from '../support/seeded-random';

const [seedArg, spaceId, userId] = process.argv.slice(2);
if (seedArg === undefined || spaceId === undefined || userId === undefined) {
  throw new Error('usage: merge-crash-worker.ts <seed> <spaceId> <userId>');
}
/** Loops that make, edit and merge change requests; one more edits the space live. */
const CHANGE_REQUEST_LOOPS = 3;
/** The title of the page each loop rewrites lines of (the parent makes them, titled alike). */
const ownPageTitle = (loop: number): string => `Loop ${loop}`;
/** The page a change request inserts: the parent looks for it (by the same title) once the merge was acknowledged. */
const changeRequestPageTitle = (changeRequestId: string): string => `CR ${changeRequestId}`;

const go = await new Promise<boolean>((resolve) => {
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    if (line === 'go') {
      resolve(true);
      lines.close();
    }
  });
  lines.on('close', () => resolve(false));
});
if (!go) process.exit(0);

const print = (line: string) => process.stdout.write(`${line}\n`);
const config = parseConfig(process.env);
const log = {
  info: (fields: Record<string, unknown>, message: string) =>
    print(`log ${JSON.stringify({ ...fields, message })}`),
  warn: (fields: Record<string, unknown>, message: string) =>
    print(`log ${JSON.stringify({ ...fields, message })}`),
};
const store = await openConfiguredStore(config, { log });
const services = await buildServices({ config, store });
const caller: Caller = { userId, tokenId: 'merge-crash-worker', isInstanceAdmin: false };
const ctx = { ...services, caller };
const { spaces, changeRequests } = contentOperations;

/** The space's top-level pages (the tree's nodes are typed loosely: the schema is recursive). */
const top = (await executeOperation(spaces.content.pages.list, ctx, { spaceId })).pages as ReadonlyArray<{
  id: string;
  title: string;
}>;
const pageIdOf = (title: string): string => {
  const page = top.find((candidate) => candidate.title === title);
  if (!page) throw new Error(`no page ${title} in space ${spaceId}`);
  return page.id;
};
// The markdown threads start before the plan's clock does: a cold thread's first reading
// (about a second) would otherwise take most of the 100-1300 ms the plan lets the loops write.
await services.untrustedMarkdown.read('ready?');
print('ready');

/** `markdown` with its paragraph `line` (modulo their count) replaced by `text`. */
function withLine(markdown: string, line: number, text: string): string {
  const paragraphs = markdown.trim().split('\n\n');
  paragraphs[line % paragraphs.length] = text;
  return `${paragraphs.join('\n\n')}\n`;
}

const seed = Number(seedArg);

async function changeRequestLoop(loop: number) {
  const random = seededRandom(seed * 31 + loop);
  const ownPage = pageIdOf(ownPageTitle(loop));
  for (let sequence = 0; ; sequence++) {
    let kind = 'merge';
    try {
      const created = await executeOperation(changeRequests.create, ctx, {
        spaceId,
        subject: `Loop ${loop} #${sequence}`,
      });
      const changeRequestId = created.id;
      const current = await executeOperation(spaces.content.page.get, ctx, {
        spaceId,
        changeRequestId,
        pageId: ownPage,
        format: 'markdown',
      });
      const markdown = 'markdown' in current ? String(current.markdown) : '';
      await executeOperation(changeRequests.content.update, ctx, {
        spaceId,
        changeRequestId,
        changes: [
          {
            operation: 'insert_page',
            title: changeRequestPageTitle(changeRequestId),
            document: { markdown: `Inserted by change request ${changeRequestId}.\n` },
          },
          {
            operation: 'update_page',
            page: ownPage,
            document: { markdown: withLine(markdown, sequence, `Loop ${loop} change request ${sequence}.`) },
          },
        ],
      });
      print('op edit-change-request');
      if (random() < 0.3) {
        const updated = await executeOperation(changeRequests.updateFromSpace, ctx, {
          spaceId,
          changeRequestId,
        });
        print(`op update-${updated.result}`);
      }
      const merged = await executeOperation(changeRequests.merge, ctx, { spaceId, changeRequestId });
      if (merged.result === 'merge') print(`merged ${changeRequestId}`);
      kind = `merge-${merged.result}`;
    } catch (error) {
      // Refusals are outcomes (the space moved too often meanwhile).
      if (!isDomainError(error)) throw error;
      kind = `refused-${error.code}`;
    }
    print(`op ${kind}`);
  }
}

async function liveLoop(loop: number) {
  const random = seededRandom(seed * 31 + loop);
  const ownPage = pageIdOf(ownPageTitle(loop));
  const inserted: string[] = [];
  for (let sequence = 0; ; sequence++) {
    const dice = random();
    let kind: string;
    try {
      if (dice < 0.6) {
        kind = 'live-edit';
        const current = await executeOperation(spaces.content.page.get, ctx, {
          spaceId,
          pageId: ownPage,
          format: 'markdown',
        });
        const markdown = 'markdown' in current ? String(current.markdown) : '';
        await executeOperation(spaces.content.update, ctx, {
          spaceId,
          changes: [
            {
              operation: 'update_page',
              page: ownPage,
              document: { markdown: withLine(markdown, sequence, `Loop ${loop} live edit ${sequence}.`) },
            },
          ],
        });
      } else if (dice < 0.85 || inserted.length === 0) {
        kind = 'live-insert';
        const done = await executeOperation(spaces.content.update, ctx, {
          spaceId,
          changes: [
            {
              operation: 'insert_page',
              into: ownPage,
              title: `Live ${loop}-${sequence}`,
              document: { markdown: `Live page ${sequence}.\n\nSecond line.\n` },
            },
          ],
        });
        const created = done.changes[0];
        if (created?.object === 'created_page') inserted.push(created.page.id);
      } else {
        kind = 'live-delete';
        const page = inserted.shift();
        if (page)
          await executeOperation(spaces.content.update, ctx, {
            spaceId,
            changes: [{ operation: 'delete_page', page }],
          });
      }
    } catch (error) {
      if (!isDomainError(error)) throw error;
      kind = `refused-${error.code}`;
    }
    print(`op ${kind}`);
  }
}

await Promise.all([
  ...Array.from({ length: CHANGE_REQUEST_LOOPS }, (_, loop) => changeRequestLoop(loop)),
  liveLoop(CHANGE_REQUEST_LOOPS),
]);
