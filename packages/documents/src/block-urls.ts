/**
 * The attributes of GitBook's block tags that hold a URL or a path (never text): what link
 * reports list and check, what a link rewrite changes, what a translation never sends.
 *
 * - `content-ref url`: a reference to a page (or anything else GitBook can point at);
 * - `embed url`: a page embedded from elsewhere;
 * - `file src`, `drawing src`: a file of the space, shown in the page;
 * - `openapi src`, `swagger src`: the OpenAPI document an operation block shows;
 * - an integration block's `url` (`{% @github-files/github-code-block url="..." %}`): what it shows.
 *
 * `include`'s path names reusable content, not a page or a file: it is not a link.
 */
import type { GitbookBlock } from './gitbook-blocks';

export type BlockUrlKind = 'content-ref' | 'embed' | 'file' | 'drawing' | 'openapi';

/** Block name -> its URL attribute and what that URL is. */
const URL_ATTRIBUTES: ReadonlyMap<string, { attribute: string; kind: BlockUrlKind }> = new Map([
  ['content-ref', { attribute: 'url', kind: 'content-ref' }],
  ['embed', { attribute: 'url', kind: 'embed' }],
  ['file', { attribute: 'src', kind: 'file' }],
  ['drawing', { attribute: 'src', kind: 'drawing' }],
  ['openapi', { attribute: 'src', kind: 'openapi' }],
  ['swagger', { attribute: 'src', kind: 'openapi' }],
]);

/** The URL a block points at, with its attribute and kind; undefined when it has none. */
export function blockUrlOf(
  block: GitbookBlock,
): { attribute: string; kind: BlockUrlKind; url: string } | undefined {
  const entry = block.name.startsWith('@')
    ? { attribute: 'url', kind: 'embed' as const }
    : URL_ATTRIBUTES.get(block.name);
  if (entry === undefined) return undefined;
  const url = block.attributes[entry.attribute];
  return url === undefined || url === '' ? undefined : { ...entry, url };
}
