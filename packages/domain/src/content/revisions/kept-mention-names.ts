/**
 * A page written back as a document keeps the names its mentions of non-members had. A
 * document holds no names: a tree sent through the API names the organization's members
 * (`readBatchBodies`), but a user it does not have (a GitBook user of a page imported from
 * GitBook) could only be written with the link's URL, and a client that reads a page's
 * document and sends it back would lose the names the page showed. So, for an `update_page`
 * whose tree mentions users it could not name, the page's body in the revision the edit
 * applies to gives their names (`userMentionNamesOf`: the page's own text, which the writer
 * may read; never a name from elsewhere), and the tree is printed and read again with them.
 */
import { documentToMarkdown, userMentionNamesOf } from '@quire/documents';
import type { OperationContext } from '../../core/context';
import { invalidInput } from '../../core/errors';
import type { ContentChange } from './content-changes';
import type { ReadBody } from './page-body';
import type { StoredPage } from './stored-page';

/** `bodies` with the pages' own names given to the mentions they could not name. */
export async function withKeptMentionNames(
  ctx: Pick<OperationContext, 'repos' | 'untrustedMarkdown'>,
  pages: ReadonlyMap<string, StoredPage>,
  changes: readonly ContentChange[],
  bodies: ReadonlyMap<number, ReadBody>,
): Promise<ReadonlyMap<number, ReadBody>> {
  const before = new Map<number, string>();
  for (const [index, change] of changes.entries()) {
    if (change.operation !== 'update_page' || bodies.get(index)?.unnamed === undefined) continue;
    const address = pages.get(change.page)?.body;
    if (address) before.set(index, address);
  }
  if (before.size === 0) return bodies;
  const objects = await ctx.repos.contentObjects.getMany([...new Set(before.values())]);
  const kept = new Map(bodies);
  for (const [index, address] of before) {
    const object = objects.get(address);
    const body = bodies.get(index);
    if (object?.kind !== 'body' || !body?.unnamed) continue;
    const { document, names } = body.unnamed;
    const pageNames = userMentionNamesOf(object.markdown);
    if (pageNames.size === 0) continue;
    const userName = (userId: string) => names.get(userId) ?? pageNames.get(userId);
    const reading = await ctx.untrustedMarkdown.read(documentToMarkdown(document, { userName }));
    if (!reading.ok) throw invalidInput(`changes.${index}.document`, reading.reason);
    kept.set(index, { markdown: reading.markdown, settings: body.settings });
  }
  return kept;
}
