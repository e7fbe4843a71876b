/**
 * A page's markdown as a reader asks for it with `dereferenced` (`format=markdown`): each
 * include of a reusable content of the revision (`{% include "/reusable-contents/<id>" %}`,
 * a line of its own) is replaced by that reusable content's markdown, itself dereferenced,
 * indented as the include was (inside a list item). The rules of `resolved-document.ts`
 * hold: an include of nothing, a cycle, nesting deeper than `MAX_INCLUDE_DEPTH`, more
 * than `MAX_INCLUSIONS` and past `MAX_INCLUDED_CHARS` leave the include line as stored. Stored markdown names no other
 * space, so only the revision's own reusable contents are read. Expressions stay as written
 * (`evaluated` applies to documents).
 */
import type { DomainServices } from '../../core/context';
import { loadBodies } from '../revisions/page-tree';
import type { RevisionRecord } from '../revisions/records';
import type { StoredPages } from '../revisions/stored-page';
import { includeLines } from './include-lines';
import { MAX_INCLUDE_DEPTH, MAX_INCLUDED_CHARS, MAX_INCLUSIONS } from './resolved-document';
import { reusableContentsOf } from './revision-extras';

const STORED = /^\/reusable-contents\/([A-Za-z0-9_-]{1,128})$/;

export async function resolvedMarkdown(
  services: Pick<DomainServices, 'repos'>,
  markdown: string,
  revision: RevisionRecord,
): Promise<string> {
  if (includeLines(markdown.split('\n')).length === 0) return markdown;
  const contents = await reusableContentsOf(services, revision);
  const budget = { inclusions: 0, chars: 0 };
  return expand(services, contents, markdown, [], budget);
}

async function expand(
  services: Pick<DomainServices, 'repos'>,
  contents: StoredPages,
  markdown: string,
  path: readonly string[],
  budget: { inclusions: number; chars: number },
): Promise<string> {
  const lines = markdown.split('\n');
  const found = includeLines(lines);
  if (found.length === 0) return markdown;
  const replaced: Array<{ line: number; text: string }> = [];
  for (const include of found) {
    const id = STORED.exec(include.argument)?.[1];
    const content = id === undefined ? undefined : contents.get(id);
    if (!content || path.includes(content.id) || path.length >= MAX_INCLUDE_DEPTH) continue;
    if (budget.inclusions >= MAX_INCLUSIONS) break;
    const body = (await loadBodies(services, [content.body])).get(content.body) ?? '';
    if (budget.chars + body.length > MAX_INCLUDED_CHARS) continue;
    budget.inclusions += 1;
    budget.chars += body.length;
    const inner = await expand(services, contents, body, [...path, content.id], budget);
    const text = inner
      .replace(/\n+$/, '')
      .split('\n')
      .map((line) => (line === '' ? '' : include.indent + line))
      .join('\n');
    replaced.push({ line: include.line, text });
  }
  for (const { line, text } of replaced) lines[line] = text;
  return lines.join('\n');
}
