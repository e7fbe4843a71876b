/**
 * A markdown file as an imported page: its title is the front matter's `title`, else its
 * first line's `#` heading (taken out of the body, as GitBook's own export writes each
 * page's title there), else the name it was given. The body is the markdown after the front
 * matter. A front matter that is not YAML is left in the body (the page is still imported).
 */
import { FrontMatterError, splitFrontMatter } from '@quire/documents';

export interface MarkdownPage {
  title: string;
  body: string;
}

const FIRST_HEADING = /^\s*#[ \t]+(.+?)[ \t]*#*[ \t]*(?:\r?\n|$)/;

export function readMarkdownPage(text: string, fallbackTitle: string): MarkdownPage {
  let data: Record<string, unknown> = {};
  let body = text.replace(/^\uFEFF/, '');
  try {
    ({ data, body } = splitFrontMatter(body));
  } catch (error) {
    if (!(error instanceof FrontMatterError)) throw error;
  }
  const heading = FIRST_HEADING.exec(body);
  if (heading) body = body.slice(heading[0].length);
  const declared = typeof data.title === 'string' ? data.title.trim() : '';
  return { title: declared || heading?.[1]?.trim() || fallbackTitle, body };
}
