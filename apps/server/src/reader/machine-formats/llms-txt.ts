/**
 * `llms.txt` of a site for one visitor (GitBook's sites offer it, after llmstxt.org): the
 * site's title as a heading, then for each site space the visitor is shown (under its
 * section's title when the site has several) the list of its pages, each a link to its
 * markdown with its description. Only what the visitor is shown: the published view with
 * their conditions applied, read with their token. At most `MAX_LISTED` pages.
 */
import type { ReaderVisit } from '../reader-visit';
import { linkQueryOf, markdownUrlOf } from './page-markdown';
import { listedPages, pagesOf, shownSiteSpaces } from './shown-site-spaces';
import { lookupOf } from './visit-lookup';

export const MAX_LISTED = 10_000;

export async function llmsTxt(visit: ReaderVisit): Promise<string> {
  const shown = shownSiteSpaces(visit.site);
  const lines = [`# ${siteTitleOf(visit)}`, ''];
  const summary = siteSummaryOf(visit);
  if (summary) lines.push(`> ${summary}`, '');
  const query = linkQueryOf(lookupOf(visit));
  let left = MAX_LISTED;
  for (const item of shown) {
    const pages = listedPages(await pagesOf(visit, item), left);
    left -= pages.length;
    if (shown.length > 1) lines.push(`## ${oneLine(item.title)}`, '');
    for (const page of pages) {
      const description = page.description?.trim();
      lines.push(
        `- [${linkText(page.title)}](${markdownUrlOf(visit.siteUrl + item.basePath, page.path, query)})${description ? `: ${oneLine(description)}` : ''}`,
      );
    }
    lines.push('');
    if (left <= 0) {
      lines.push(`This list stops at ${MAX_LISTED} pages.`, '');
      break;
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The site's title: its customization's, else its own. */
export function siteTitleOf(visit: ReaderVisit): string {
  const customized = (visit.site.customizations.site as { title?: string }).title;
  return oneLine(customized?.trim() || visit.site.site.title);
}

/** A line about the site: the default section's description, when it has one. */
function siteSummaryOf(visit: ReaderVisit): string | undefined {
  const { structure } = visit.site;
  if (structure.type !== 'sections') return undefined;
  for (const item of structure.structure) {
    const sections = item.object === 'site-section-group' ? item.sections : [item];
    const found = sections.find((section) => section.object === 'site-section' && section.default);
    if (found && 'description' in found && found.description) return oneLine(found.description);
  }
  return undefined;
}

const oneLine = (text: string): string => text.replace(/[\r\n]+/g, ' ').trim();
/** A link's text: brackets that would end it escaped. */
const linkText = (text: string): string => oneLine(text).replace(/([[\]\\])/g, '\\$1');
