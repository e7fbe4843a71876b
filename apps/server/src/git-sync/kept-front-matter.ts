/**
 * The front matter of a page edited in Quire, written over the one its file had: GitBook
 * keeps keys Quire does not read (`layout`, `cover`, `coverY`, ...) in a page's front matter,
 * and an edit must not lose them. The file's front matter is cut into its top-level keys, each
 * with the lines under it, as written; the keys Quire manages (`description`, `icon`,
 * `emoji`, `hidden`) are replaced in place by their values now when they changed (or dropped
 * when unset; an unchanged one stays as written), a
 * managed key newly set goes first, and `title` is dropped (the page's title is its `#`
 * heading). Every other key stays byte for byte, in its order.
 *
 * A front matter that is not a YAML mapping, or none, gives `frontMatterOf`'s.
 */
import { parseYamlText } from '@quire/documents';
import { stringify as stringifyYaml } from 'yaml';
import { frontMatterOf, type PageSettings } from './page-settings';

const MANAGED = ['description', 'icon', 'emoji', 'hidden'] as const;
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n?---\r?\n/;
const TOP_LEVEL_KEY = /^([A-Za-z0-9_-]+)\s*:/;

/** The front matter block (`---` ... `---`, a blank line), or `` when nothing is left in it. */
export function frontMatterKeeping(settings: PageSettings, file: string | undefined): string {
  const block = file === undefined ? null : FRONT_MATTER.exec(file);
  const data = block ? mappingOf(block[1] ?? '') : undefined;
  if (!block || data === undefined) return frontMatterOf(settings);
  const values: Record<(typeof MANAGED)[number], unknown> = {
    description: settings.description,
    icon: settings.icon,
    emoji: settings.emoji,
    hidden: settings.hidden ? true : undefined,
  };
  const keyLines = (key: (typeof MANAGED)[number]) =>
    values[key] === undefined ? '' : stringifyYaml({ [key]: values[key] }, { lineWidth: 0 });
  // A setting as it was read is written as it was (a folded description stays folded).
  const unchanged = (key: (typeof MANAGED)[number]) =>
    data[key] === values[key] || (key === 'hidden' && data[key] === false && values[key] === undefined);

  const chunks: { key: string | null; text: string }[] = [];
  for (const line of (block[1] ?? '').split(/\r?\n/)) {
    const key = TOP_LEVEL_KEY.exec(line)?.[1];
    if (key !== undefined || chunks.length === 0) chunks.push({ key: key ?? null, text: `${line}\n` });
    else (chunks[chunks.length - 1] as { text: string }).text += `${line}\n`;
  }
  const present = new Set(chunks.map((chunk) => chunk.key));
  const added = MANAGED.filter((key) => !present.has(key))
    .map(keyLines)
    .join('');
  const kept = chunks
    .map((chunk) =>
      chunk.key === 'title'
        ? ''
        : (MANAGED as readonly (string | null)[]).includes(chunk.key) &&
            !unchanged(chunk.key as (typeof MANAGED)[number])
          ? keyLines(chunk.key as (typeof MANAGED)[number])
          : chunk.text,
    )
    .join('');
  const text = added + kept;
  return text.trim() === '' ? '' : `---\n${text}---\n\n`;
}

/** The front matter's fields, or undefined when it is not a YAML mapping. */
function mappingOf(yaml: string): Record<string, unknown> | undefined {
  try {
    const data: unknown = parseYamlText(yaml);
    if (data === null) return {};
    return typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
