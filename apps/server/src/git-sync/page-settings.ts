/**
 * The page settings a GitBook repository keeps in each page's front matter: `description`,
 * `icon` (and the older `emoji`), `hidden`; the fields and their shapes are
 * `pageFrontMatterSchema`'s (@quire/documents). Read field by field: a field of the wrong
 * shape (`hidden: "yes"`) is left out, the page still read, as GitBook does with a key it
 * cannot use. Written in one fixed order, only the fields set (`hidden` only when true), so
 * the same settings always give the same bytes.
 */
import { pageFrontMatterSchema } from '@quire/documents';
import { stringify as stringifyYaml } from 'yaml';

export interface PageSettings {
  description?: string;
  icon?: string;
  emoji?: string;
  hidden: boolean;
}

const shape = pageFrontMatterSchema.shape;

export function pageSettingsOf(frontMatter: Record<string, unknown>): PageSettings {
  const description = shape.description.safeParse(frontMatter.description).data;
  const icon = shape.icon.safeParse(frontMatter.icon).data;
  const emoji = shape.emoji.safeParse(frontMatter.emoji).data;
  return {
    ...(description ? { description } : {}),
    ...(icon ? { icon } : {}),
    ...(emoji ? { emoji } : {}),
    hidden: shape.hidden.safeParse(frontMatter.hidden).data === true,
  };
}

/** The front matter block (`---` ... `---` and a newline) of `settings`, or `` when none is set. */
export function frontMatterOf(settings: PageSettings): string {
  const data: Record<string, unknown> = {};
  if (settings.description) data.description = settings.description;
  if (settings.icon) data.icon = settings.icon;
  if (settings.emoji) data.emoji = settings.emoji;
  if (settings.hidden) data.hidden = true;
  if (Object.keys(data).length === 0) return '';
  return `---\n${stringifyYaml(data, { lineWidth: 0 })}---\n\n`;
}
