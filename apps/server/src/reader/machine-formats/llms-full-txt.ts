/**
 * `llms-full.txt` of a site for one visitor: every listed page's markdown (`page-markdown.ts`:
 * the visitor's `if` blocks applied), site space after site space, in reading order — bounded:
 * it stops before the page that would pass `MAX_BYTES` and says so, with how many pages it
 * holds, since each page stays at its own `.md` address (listed in `llms.txt`).
 */
import type { ReaderVisit } from '../reader-visit';
import { type ConditionRead, conditionRead } from '../render-cache';
import { visitorCondition } from '../visitor-condition';
import { linkQueryOf, pageLinksOf, pageMarkdown } from './page-markdown';
import {
  type ListedPage,
  listedPages,
  pagesOf,
  type ShownSiteSpace,
  shownSiteSpaces,
} from './shown-site-spaces';
import { lookupOf } from './visit-lookup';

/** 2 MB: a model's long context, and a bound on one request's work. */
export const MAX_BYTES = 2 * 1024 * 1024;
/** Pages read at once: a large site is read a few at a time, not all at once. */
const READS_AT_ONCE = 4;

interface Entry {
  shown: ShownSiteSpace;
  page: ListedPage;
  links: ReadonlyMap<string, string>;
}

export async function llmsFullTxt(
  visit: ReaderVisit,
  conditionsRead?: ConditionRead,
  maxBytes = MAX_BYTES,
): Promise<string> {
  const holds = conditionRead(visitorCondition(visit.claims), conditionsRead);
  const query = linkQueryOf(lookupOf(visit));
  const entries: Entry[] = [];
  for (const shown of shownSiteSpaces(visit.site)) {
    const pages = listedPages(await pagesOf(visit, shown), Number.POSITIVE_INFINITY);
    const links = pageLinksOf(pages, visit.siteUrl + shown.basePath, query);
    for (const page of pages) entries.push({ shown, page, links });
  }
  const parts: string[] = [];
  let bytes = 0;
  let included = 0;
  let full = false;
  for (let start = 0; start < entries.length && !full; start += READS_AT_ONCE) {
    const batch = entries.slice(start, start + READS_AT_ONCE);
    const texts = await Promise.all(
      batch.map(({ shown, page, links }) =>
        pageMarkdown(
          visit,
          { spaceId: shown.siteSpace.space.id, revisionId: shown.siteSpace.space.revision || undefined },
          page,
          holds,
          links,
        ),
      ),
    );
    for (const text of texts) {
      if (text === undefined) continue;
      const size = Buffer.byteLength(text) + 1;
      if (bytes + size > maxBytes) {
        full = true;
        break;
      }
      parts.push(text);
      bytes += size;
      included++;
    }
  }
  if (full)
    parts.push(
      `---\n\nThis file stops here: it holds ${included} of ${entries.length} pages (at most ${Math.round(maxBytes / 1024)} KB). Every page is also at its own address with .md, listed in ${visit.siteUrl}llms.txt.\n`,
    );
  return parts.join('\n');
}
