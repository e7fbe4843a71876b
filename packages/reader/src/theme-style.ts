/**
 * The site's customization as CSS: its colours as variables for each theme, its fonts (the
 * site's own faces, served by Quire, as `@font-face` rules; GitBook's named fonts as a family
 * name before the reader's system stack: nothing is fetched from a third party), its corners.
 * Every value reaches the stylesheet only when it matches a strict form (a hex colour, a plain
 * family name, an http(s) URL without quotes, parentheses or backslashes), so a setting can
 * never end the rule or the `<style>` element it sits in.
 */
import type { ReaderCustomization, ReaderFont, ThemedColor } from './reader-model';

const HEX = /^#[0-9a-f]{3,8}$/i;
const FAMILY = /^[\p{L}\p{N} _-]{1,50}$/u;
const FONT_URL = /^(https?:\/\/|\/)[^\s"'()\\<>;{}]+$/;

const SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const MONO = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace";

/** GitBook's font names, as families a reader may have, with readable spacing (`OpenSans` → `Open Sans`). */
const spaced = (name: string): string => name.replace(/([a-z])([A-Z])/g, '$1 $2');

function familyOf(font: ReaderFont | null | undefined, fallback: string, faces: string[]): string {
  if (!font) return fallback;
  if (typeof font === 'string')
    return FAMILY.test(font) ? `'${spaced(font)}', '${font}', ${fallback}` : fallback;
  if (!FAMILY.test(font.fontFamily)) return fallback;
  for (const face of font.fontFaces.slice(0, 20)) {
    const sources = face.sources
      .filter((source) => FONT_URL.test(source.url))
      .map(
        (source) =>
          `url("${source.url}")${source.format ? ` format("${source.format === 'woff' ? 'woff' : 'woff2'}")` : ''}`,
      );
    const weight =
      Number.isInteger(face.weight) && face.weight >= 1 && face.weight <= 1000 ? face.weight : 400;
    if (sources.length > 0)
      faces.push(
        `@font-face{font-family:'${font.fontFamily}';font-weight:${weight};font-display:swap;src:${sources.join(',')}}`,
      );
  }
  return `'${font.fontFamily}', ${fallback}`;
}

const colour = (value: ThemedColor | undefined, theme: 'light' | 'dark'): string | undefined => {
  const chosen = value?.[theme];
  return chosen !== undefined && HEX.test(chosen) ? chosen : undefined;
};

function variables(customization: ReaderCustomization, theme: 'light' | 'dark'): string {
  const { styling } = customization;
  const entries: Array<[string, string | undefined]> = [
    ['--primary', colour(styling.primaryColor, theme)],
    ['--tint', colour(styling.tint?.color, theme)],
    ['--info', colour(styling.infoColor, theme)],
    ['--success', colour(styling.successColor, theme)],
    ['--warning', colour(styling.warningColor, theme)],
    ['--danger', colour(styling.dangerColor, theme)],
  ];
  return entries
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
}

const RADIUS = { straight: '0', rounded: '8px', circular: '16px' } as const;

/** The `<style>` text of a site: its fonts, its colours per theme, its corners. */
export function themeStyleOf(customization: ReaderCustomization): string {
  const faces: string[] = [];
  const body = familyOf(customization.styling.font, SANS, faces);
  const heading = familyOf(customization.styling.headingFont ?? customization.styling.font, SANS, faces);
  const mono = familyOf(customization.styling.monospaceFont, MONO, faces);
  const radius = RADIUS[customization.styling.corners ?? 'rounded'] ?? RADIUS.rounded;
  const light = variables(customization, 'light');
  const dark = variables(customization, 'dark');
  return [
    ...faces,
    `:root{--font:${body};--heading-font:${heading};--mono:${mono};--radius:${radius}${light ? `;${light}` : ''}}`,
    dark ? `[data-theme=dark]{${dark}}@media (prefers-color-scheme: dark){[data-theme=system]{${dark}}}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}
