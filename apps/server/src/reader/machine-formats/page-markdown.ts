/**
 * A page as markdown for one visitor (issue 29, item 5): its title as a heading, its
 * description, then its body — the document the page read gives (reusable contents included,
 * expressions evaluated), with the `if` blocks the visitor's claims fail left out
 * (`documentWhere`), printed by the documents package — and links to other pages of the site
 * space rewritten to their markdown addresses on the site, so a machine can follow them.
 */
import { documentToMarkdown, type JSONDocument } from '@quire/documents';
import { executeOperation, operations } from '@quire/domain';
import { pageMentionNames } from '../page-mention-names';
import { type ReaderVisit, readOrNothing } from '../reader-visit';
import { type ConditionHolds, documentWhere } from '../visitor-session';
import type { ListedPage } from './shown-site-spaces';

/** Absolute markdown addresses of pages, by page id. */
export type PageLinks = ReadonlyMap<string, string>;

export interface MarkdownPage {
  id: string;
  title: string;
  description?: string | undefined;
}

/** The markdown of a page read from the space's revision; undefined when it has no document (any more). */
export async function pageMarkdown(
  visit: ReaderVisit,
  read: { spaceId: string; revisionId: string | undefined },
  page: MarkdownPage,
  holds: ConditionHolds,
  links: PageLinks,
): Promise<string | undefined> {
  const document = await readOrNothing(() =>
    executeOperation(operations.spaces.revisions.page.document, visit.ctx, {
      spaceId: read.spaceId,
      revisionId: read.revisionId ?? '',
      pageId: page.id,
      evaluated: true,
      dereferenced: true,
    }),
  );
  if (document === undefined) return undefined;
  const names = await pageMentionNames(
    visit,
    { spaceId: read.spaceId, revisionId: read.revisionId, pageId: page.id },
    document as unknown as JSONDocument,
  );
  const shown = withSiteLinks(documentWhere(document, holds), links, names);
  const body = documentToMarkdown(shown as unknown as JSONDocument).trim();
  const description = page.description?.trim();
  return `# ${oneLine(page.title)}\n\n${description ? `${oneLine(description)}\n\n` : ''}${body}\n`;
}

/** The markdown addresses of listed pages: the site space's root (absolute) plus the page's path and `.md`. */
export function pageLinksOf(pages: readonly ListedPage[], base: string, query = ''): Map<string, string> {
  return new Map(pages.map((page) => [page.id, markdownUrlOf(base, page.path, query)]));
}

/** A page's markdown address under `base`, with `query` (`linkQueryOf`) after it. */
export const markdownUrlOf = (base: string, path: string, query = ''): string =>
  `${base}${path.split('/').map(encodeURIComponent).join('/')}.md${query}`;

/**
 * What a machine's links need to carry to be let in again: the share key as `?share=` when
 * the visitor came with it in the query (a machine keeps no cookie; in GitBook's path form
 * the key is in the base path already); nothing otherwise. Never a visitor token.
 */
export function linkQueryOf(lookup: { shareKey?: string | undefined; siteBasePath: string }): string {
  const key = lookup.shareKey;
  if (key === undefined || lookup.siteBasePath.endsWith(`/${encodeURIComponent(key)}/`)) return '';
  return `?share=${encodeURIComponent(key)}`;
}

const oneLine = (text: string): string => text.replace(/[\r\n]+/g, ' ');

interface RefHolder {
  ref?: { kind?: string; page?: string; anchor?: string; space?: string };
}

/**
 * The tree with every reference to a page of the site space (`{kind: 'page'}`, or an anchor in
 * one) made a URL of its markdown address, and every mention of a person made the text the
 * reader's HTML shows (`@` and the name the page's text gives them, else `@user`: the link's
 * target, GitBook's app address of the user, would tell a reader the id and lead nowhere they
 * can go); other references as they are. New objects only where something changed.
 */
function withSiteLinks(node: unknown, links: PageLinks, names: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(node)) {
    let changed = false;
    const next = node.map((item) => {
      const rewritten = withSiteLinks(item, links, names);
      if (rewritten !== item) changed = true;
      return rewritten;
    });
    return changed ? next : node;
  }
  if (typeof node !== 'object' || node === null) return node;
  const mentioned = mentionedUser(node);
  if (mentioned !== undefined) return textNode(`@${names.get(mentioned) ?? 'user'}`);
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    const rewritten =
      key === 'ref' ? siteRef(value as RefHolder['ref'], links) : withSiteLinks(value, links, names);
    if (rewritten !== value) changed = true;
    next[key] = rewritten;
  }
  return changed ? next : node;
}

function siteRef(ref: RefHolder['ref'], links: PageLinks): unknown {
  if (ref === undefined || ref === null || typeof ref !== 'object' || ref.space !== undefined) return ref;
  if ((ref.kind !== 'page' && ref.kind !== 'anchor') || ref.page === undefined) return ref;
  const url = links.get(ref.page);
  if (url === undefined) return ref;
  return { kind: 'url', url: ref.kind === 'anchor' && ref.anchor ? `${url}#${ref.anchor}` : url };
}

/** The user a mention inline names, or undefined when the node is not a mention of a person. */
function mentionedUser(node: object): string | undefined {
  const inline = node as {
    object?: unknown;
    type?: unknown;
    data?: { ref?: { kind?: unknown; user?: unknown } };
  };
  if (inline.object !== 'inline' || inline.type !== 'mention') return undefined;
  const ref = inline.data?.ref;
  return ref?.kind === 'user' && typeof ref.user === 'string' ? ref.user : undefined;
}

const textNode = (text: string) => ({ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] });
