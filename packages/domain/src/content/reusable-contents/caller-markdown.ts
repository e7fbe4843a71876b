/**
 * A body's markdown as the caller may read it. For members, the stored markdown (its includes
 * expanded when `dereferenced` asks: `resolved-markdown.ts`), `if` blocks as stored (GitBook's
 * behaviour). For a site API token's visitor (`caller.site`), whatever the read asks, the `if`
 * blocks are decided for the token's claims as in a document read (`resolved-document.ts`,
 * rule 3): a body holding one (or including one, dereferenced) is read as its document, its
 * `if` blocks decided, printed back as markdown (`documentToMarkdown`, the printer of the
 * reader's `.md` pages); a body without any is the markdown as stored, byte for byte.
 */
import { documentToMarkdown } from '@quire/documents';
import type { OperationContext } from '../../core/context';
import type { RevisionRecord, VariableValues } from '../revisions/records';
import { storedDocumentOf } from '../revisions/stored-documents';
import { resolvedWithIfs } from './resolved-document';
import { resolvedMarkdown } from './resolved-markdown';

/** Whether `markdown` may hold an `if` block (or an include of one): every block tag starts with `{%`. */
const mayHoldIfs = (markdown: string): boolean => markdown.includes('{%');

/** A page's markdown (`format=markdown`) as the caller may read it. */
export async function pageMarkdownForCaller(
  ctx: OperationContext,
  body: string,
  markdown: string,
  place: { revision: RevisionRecord; pageVariables: VariableValues },
  dereferenced: boolean,
): Promise<string> {
  const plain = async () => (dereferenced ? resolvedMarkdown(ctx, markdown, place.revision) : markdown);
  if (ctx.caller?.site === undefined || !mayHoldIfs(markdown)) return plain();
  const { document, decidedIfs } = await resolvedWithIfs(
    ctx,
    await storedDocumentOf(ctx, body),
    { spaceId: place.revision.spaceId, revision: place.revision, pageVariables: place.pageVariables },
    { dereferenced },
  );
  return decidedIfs === 0 ? plain() : documentToMarkdown(document);
}

/** Bodies' markdown (by address) as the caller may read it, includes as stored (a revision's changes). */
export async function bodiesMarkdownForCaller(
  ctx: OperationContext,
  revision: RevisionRecord,
  bodies: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  if (ctx.caller?.site === undefined) return new Map(bodies);
  const out = new Map<string, string>();
  for (const [address, markdown] of bodies)
    out.set(
      address,
      await pageMarkdownForCaller(ctx, address, markdown, { revision, pageVariables: {} }, false),
    );
  return out;
}
