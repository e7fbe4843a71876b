import type { ContentRefUser, ImageRef, LinkRef } from './document-types';

/**
 * How GitBook content references are written in markdown, following the conventions of
 * `updateChangeRequestContent` in `@gitbook/api` 0.202.0: `/pages/<pageId>` for a page,
 * `/pages/<pageId>#<anchor>` for an anchor in a page, `#<anchor>` for an anchor in the same
 * page, `/files/<fileId>` for a file. Every other URL is a `url` reference. The mapping is a
 * bijection on the URLs it recognises, so a tree read from markdown writes back the same text.
 * Slug paths and relative links (`./sibling.md`) need the page tree: resolving them is the
 * caller's job before the markdown is stored.
 */

const pagePrefix = '/pages/';
const filePrefix = '/files/';

/** An id is one path segment of letters, digits, `-` and `_` (no dot: `/pages/x.md` is a path). */
function isIdSegment(text: string): boolean {
  if (text.length === 0 || text.length > 128) return false;
  for (const char of text) {
    const ok =
      (char >= 'a' && char <= 'z') ||
      (char >= 'A' && char <= 'Z') ||
      (char >= '0' && char <= '9') ||
      char === '-' ||
      char === '_';
    if (!ok) return false;
  }
  return true;
}

export function linkRefFromUrl(url: string): LinkRef {
  if (url.startsWith('#') && url.length > 1) return { kind: 'anchor', anchor: url.slice(1) };
  if (url.startsWith(pagePrefix)) {
    const rest = url.slice(pagePrefix.length);
    const hash = rest.indexOf('#');
    const page = hash === -1 ? rest : rest.slice(0, hash);
    if (isIdSegment(page)) {
      if (hash === -1) return { kind: 'page', page };
      const anchor = rest.slice(hash + 1);
      if (anchor.length > 0) return { kind: 'anchor', page, anchor };
    }
  }
  return imageRefFromUrl(url);
}

export function imageRefFromUrl(url: string): ImageRef {
  if (url.startsWith(filePrefix)) {
    const file = url.slice(filePrefix.length);
    if (isIdSegment(file)) return { kind: 'file', file };
  }
  return { kind: 'url', url };
}

/**
 * The markdown URL of a reference. References to another space (`space` set) have no
 * markdown form in Quire: the write schema refuses them before they get here.
 */
export function urlOfRef(ref: LinkRef): string {
  switch (ref.kind) {
    case 'url':
      return ref.url;
    case 'file':
      return filePrefix + ref.file;
    case 'page':
      return pagePrefix + ref.page;
    case 'anchor':
      return ref.page === undefined ? '#' + ref.anchor : pagePrefix + ref.page + '#' + ref.anchor;
  }
}

export { isIdSegment as isContentRefId };

/**
 * GitBook's Git Sync writes a mention of a user as a link to the user's page in its app,
 * `[Name](https://app.gitbook.com/u/<userId> "mention")`; Quire reads and writes the same URL,
 * so a mention of a member survives a round trip through GitBook.
 */
const userMentionPrefix = 'https://app.gitbook.com/u/';

/** What a mention's URL points at: a user, or what a link's URL points at. */
export function mentionRefFromUrl(url: string): LinkRef | ContentRefUser {
  if (url.startsWith(userMentionPrefix)) {
    const user = url.slice(userMentionPrefix.length);
    if (isIdSegment(user)) return { kind: 'user', user };
  }
  return linkRefFromUrl(url);
}

/** The markdown URL of a mention's reference. */
export function urlOfMentionRef(ref: LinkRef | ContentRefUser): string {
  return ref.kind === 'user' ? userMentionPrefix + ref.user : urlOfRef(ref);
}
