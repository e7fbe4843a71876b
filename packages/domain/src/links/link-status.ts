/**
 * The status of a link in a revision, in this one place. Pure: `revision-links.ts` gathers
 * the facts (the revision's pages, their anchors and files, the organization's spaces).
 *
 * The rules, first match wins:
 * 1. A screen of the app (an app URL naming no content): 'in-app'.
 * 2. Anything outside Quire (http, https, mailto...): 'ok'. Never fetched: a report must
 *    not depend on, nor wait for, other servers.
 * 3. A page of this space the revision does not have: 'broken'.
 * 4. An anchor the page has no heading for: 'broken'.
 * 5. A file the revision does not have: 'broken'.
 * 6. Another space that is not a live space of the same organization: 'broken'. Its pages
 *    are not checked: that would read another space's content (which the caller may not
 *    be allowed to view) for every report.
 * 6a. A reusable content the revision does not have: 'broken'.
 * 7. Anything else: 'ok'.
 */
import type { FileName, LinkTarget, PageName } from './link-target';

export const LINK_STATUSES = ['ok', 'broken', 'in-app'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** What a revision holds, as lookups. */
export interface LinkFacts {
  /** The id of the page named, if the revision has it. */
  pageIdOf(page: PageName): string | undefined;
  /** Whether the page has a heading with this anchor. */
  hasAnchor(pageId: string, anchor: string): boolean;
  /** The id of the file named, if the revision has it. */
  fileIdOf(file: FileName): string | undefined;
  /** Whether a live space of this organization has this id. */
  spaceExists(spaceId: string): boolean;
  /** Whether the revision has a reusable content of this id. */
  reusableContentExists(id: string): boolean;
}

/** A target found in the revision: its page (and anchor), file or space, by id. */
export type FoundTarget =
  | { kind: 'page'; pageId: string; anchor?: string }
  | { kind: 'file'; fileId: string }
  | { kind: 'space'; spaceId: string }
  | { kind: 'url' };

export function linkStatus(target: LinkTarget, facts: LinkFacts): { status: LinkStatus; found: FoundTarget } {
  const url = { kind: 'url' } as const;
  switch (target.kind) {
    case 'in-app': // 1.
      return { status: 'in-app', found: url };
    case 'external': // 2.
      return { status: 'ok', found: url };
    case 'page': {
      const pageId = facts.pageIdOf(target.page);
      if (pageId === undefined) return { status: 'broken', found: url }; // 3.
      if (target.anchor === undefined) return { status: 'ok', found: { kind: 'page', pageId } }; // 7.
      const ok = facts.hasAnchor(pageId, target.anchor);
      return { status: ok ? 'ok' : 'broken', found: { kind: 'page', pageId, anchor: target.anchor } }; // 4. / 7.
    }
    case 'file': {
      const fileId = facts.fileIdOf(target.file);
      return fileId === undefined
        ? { status: 'broken', found: url }
        : { status: 'ok', found: { kind: 'file', fileId } }; // 5. / 7.
    }
    case 'space':
      return {
        status: facts.spaceExists(target.space) ? 'ok' : 'broken', // 6. / 7.
        found: { kind: 'space', spaceId: target.space },
      };
    case 'reusable-content':
      return { status: facts.reusableContentExists(target.reusableContent) ? 'ok' : 'broken', found: url }; // 6a. / 7.
  }
}
