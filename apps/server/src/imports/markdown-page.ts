/**
 * A markdown file as an imported page: its title is the front matter's `title`, else its
 * first line's `#` heading (taken out of the body, as GitBook's own export writes each
 * page's title there), else the name it was given. The body is the markdown after the front
 * matter. A front matter that is not YAML is left in the body (the page is still imported).
 */
import { FrontMatterError, splitFrontMatter } from '@quire/documents';
import { pageHeading } from './page-heading';

export interface MarkdownPage {
  title: string;
  body: string;
  /** The front matter's fields as written (empty when there is none or it is not YAML). */
  frontMatter: Record<string, unknown>;
}

/** A front matter block at the very start: `---`, lines, a closing `---` line. */
const FRONT_MATTER = /^---[ \t]*\r?\n(?:[\s\S]*?\r?\n)??---[ \t]*(?=\r?\n|$)/;

/**
 * `splitFrontMatter` given only the block: it parses what it is given as markdown, and a
 * page's whole body is most of an import's time (a 1,000-page repository parsed twice), and
 * is parsed again where its cost is bounded (a markdown thread, under its budget). A
 * `FrontMatterError` for a block that is not a YAML mapping, or longer than `maxLength`
 * characters (for a caller reading outside a thread's limits).
 */
export function frontMatterSplit(
  text: string,
  maxLength = Number.POSITIVE_INFINITY,
): { data: Record<string, unknown>; body: string } {
  const block = FRONT_MATTER.exec(text)?.[0];
  if (block === undefined) return { data: {}, body: text };
  if (block.length > maxLength)
    throw new FrontMatterError(`front matter longer than ${maxLength} characters`);
  const { data, body } = splitFrontMatter(block);
  if (body === block) return { data: {}, body: text };
  return { data, body: text.slice(block.length).replace(/^\r?\n/, '') };
}

export function readMarkdownPage(text: string, fallbackTitle: string): MarkdownPage {
  let data: Record<string, unknown> = {};
  let body = text.replace(/^\uFEFF/, '');
  try {
    ({ data, body } = frontMatterSplit(body));
  } catch (error) {
    if (!(error instanceof FrontMatterError)) throw error;
  }
  const heading = pageHeading(body);
  if (heading) body = body.slice(heading.length);
  const declared = typeof data.title === 'string' ? data.title.trim() : '';
  return { title: declared || heading?.title.trim() || fallbackTitle, body, frontMatter: data };
}
