/**
 * A page's social image (issue 29, item 4): a 1200×630 card — the site's title, the page's
 * title and description on the site's primary colour — drawn as SVG and rendered to PNG by
 * resvg with the DejaVu fonts the project installs (never the machine's: `loadSystemFonts`
 * off), so the same page gives the same bytes on every machine. Text is bounded (a title of 90
 * characters in 3 lines, a description of 160 in 2, the site's title 60) and escaped into the
 * SVG, which holds nothing else of the page's author: no markup, no link, no image. Rendered
 * off the main thread (`renderAsync`) and kept in the render cache per page and revision.
 */
import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';

const WIDTH = 1200;
const HEIGHT = 630;
const PADDING = 80;

export interface SocialCard {
  siteTitle: string;
  title: string;
  description?: string | undefined;
  /** `#rrggbb`, the site's primary colour; a dark blue otherwise. */
  color?: string | undefined;
}

let fontFiles: string[] | undefined;

function fonts(): string[] {
  if (fontFiles === undefined) {
    const require = createRequire(import.meta.url);
    fontFiles = [
      require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
      require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
    ];
  }
  return fontFiles;
}

export async function socialImagePng(card: SocialCard): Promise<Buffer> {
  const rendered = await renderAsync(socialCardSvg(card), {
    font: { fontFiles: fonts(), loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
    fitTo: { mode: 'width', value: WIDTH },
  });
  return rendered.asPng();
}

/** The card as SVG: only text of the page, escaped, in lines this function wraps. */
export function socialCardSvg(card: SocialCard): string {
  const color = /^#[0-9a-fA-F]{6}$/.test(card.color ?? '') ? (card.color as string) : '#1f3a68';
  const titleLines = wrapped(bounded(card.title, 90), 26, 3);
  const descriptionLines = wrapped(bounded(card.description ?? '', 160), 52, 2);
  const titleTop = 250;
  const title = titleLines
    .map((line, i) => `<tspan x="${PADDING}" y="${titleTop + i * 78}">${escaped(line)}</tspan>`)
    .join('');
  const descriptionTop = titleTop + titleLines.length * 78 + 30;
  const description = descriptionLines
    .map((line, i) => `<tspan x="${PADDING}" y="${descriptionTop + i * 44}">${escaped(line)}</tspan>`)
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${color}"/>`,
    `<rect x="0" y="${HEIGHT - 16}" width="${WIDTH}" height="16" fill="#ffffff" fill-opacity="0.35"/>`,
    `<text x="${PADDING}" y="130" font-family="DejaVu Sans" font-size="36" fill="#ffffff" fill-opacity="0.85">${escaped(bounded(card.siteTitle, 60))}</text>`,
    `<text font-family="DejaVu Sans" font-weight="bold" font-size="64" fill="#ffffff">${title}</text>`,
    description === ''
      ? ''
      : `<text font-family="DejaVu Sans" font-size="34" fill="#ffffff" fill-opacity="0.9">${description}</text>`,
    '</svg>',
  ].join('');
}

/** At most `max` characters (whole code points), an ellipsis when cut; one line. */
function bounded(text: string, max: number): string {
  const points = [...text.replace(/\s+/g, ' ').trim()];
  return points.length <= max
    ? points.join('')
    : `${points
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** Words in lines of about `width` characters, at most `lines` (the last one cut with an ellipsis). */
function wrapped(text: string, width: number, lines: number): string[] {
  if (text === '') return [];
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if ([...candidate].length <= width || line === '') line = candidate;
    else {
      out.push(line);
      line = word;
    }
  }
  out.push(line);
  if (out.length <= lines) return out.map((item) => bounded(item, width + 4));
  const kept = out.slice(0, lines);
  kept[lines - 1] = bounded(`${kept[lines - 1]} ${out[lines]}`, width);
  if (!kept[lines - 1]?.endsWith('…')) kept[lines - 1] = `${kept[lines - 1]}…`;
  return kept;
}

/** XML text: markup characters as references, control characters (invalid in XML) left out. */
const escaped = (text: string): string =>
  [...text]
    .filter((char) => (char.codePointAt(0) ?? 0) >= 0x20)
    .join('')
    .replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
