import type { Html, Node, PhrasingContent } from 'mdast';
import type { Options as StringifyOptions } from 'remark-stringify';
import { inlineImageHtml } from './gitbook-phrasing-html';
import { hasOnlyAttributes, type StartTag, startTagOf } from './html-tag-attributes';

/**
 * GitBook's inline image in HTML, the form it writes for a size: `<img src="a.png" alt=""
 * data-size="line">` (also inside `<picture>` with a dark variant,
 * `<picture><source srcset="dark.png" media="(prefers-color-scheme: dark)"><img ...></picture>`).
 * `data-size` is GitBook's (`line`; `original` written the same way). A caption, which a
 * markdown image keeps as its title, is the `title` attribute here: not GitBook's, and
 * harmless to its reader (an HTML title). Inline images with neither a size nor, beside a
 * dark variant, a caption are written as markdown images or `gitbook-html.ts`'s pictures.
 */
export interface GitbookInlineImage extends Node {
  type: 'gitbookInlineImage';
  url: string;
  alt: string;
  darkUrl?: string;
  caption?: string;
  size?: 'original' | 'line';
}

declare module 'mdast' {
  interface PhrasingContentMap {
    gitbookInlineImage: GitbookInlineImage;
  }
  interface RootContentMap {
    gitbookInlineImage: GitbookInlineImage;
  }
}

const darkMedia = '(prefers-color-scheme: dark)';

function imageOfTag(tag: StartTag | undefined): GitbookInlineImage | undefined {
  if (tag?.name !== 'img' || !hasOnlyAttributes(tag, ['src', 'alt'], ['title', 'data-size']))
    return undefined;
  const { src, alt, title, 'data-size': size } = tag.attributes;
  if (src === '' || (size !== undefined && size !== 'line' && size !== 'original')) return undefined;
  return {
    type: 'gitbookInlineImage',
    url: src!,
    alt: alt!,
    ...(title === undefined ? {} : { caption: title }),
    ...(size === undefined ? {} : { size }),
  };
}

/** An `<img>` html node alone (an inline node, or a line of its own). */
export function inlineImageOfHtml(value: string): GitbookInlineImage | undefined {
  return value.startsWith('<img ') ? imageOfTag(startTagOf(value.trim())) : undefined;
}

/** `<picture>`, `<source>`, `<img>`, `</picture>` html nodes from `index`: the image, or undefined. */
function pictureAt(children: readonly PhrasingContent[], index: number): GitbookInlineImage | undefined {
  const [open, source, img, close] = children.slice(index, index + 4) as Html[];
  if (open?.value !== '<picture>' || close?.type !== 'html' || close.value !== '</picture>') return undefined;
  if (source?.type !== 'html' || img?.type !== 'html') return undefined;
  const sourceTag = startTagOf(source.value);
  if (sourceTag?.name !== 'source' || !hasOnlyAttributes(sourceTag, ['srcset', 'media'])) return undefined;
  if (sourceTag.attributes.media !== darkMedia || sourceTag.attributes.srcset === '') return undefined;
  const image = imageOfTag(startTagOf(img.value));
  return image === undefined ? undefined : { ...image, darkUrl: sourceTag.attributes.srcset! };
}

/**
 * The html nodes of a phrasing list that spell an inline image, each replaced by one typed
 * node (what `gitbook-html.ts` left as html: images with a size or a title). One pass.
 */
export function readInlineImages(children: PhrasingContent[]): PhrasingContent[] {
  if (!children.some((child) => child.type === 'html')) return children;
  const out: PhrasingContent[] = [];
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!;
    if (child.type === 'html') {
      const picture = child.value === '<picture>' ? pictureAt(children, index) : undefined;
      if (picture !== undefined) {
        out.push(picture);
        index += 3;
        continue;
      }
      const image = inlineImageOfHtml(child.value);
      if (image !== undefined) {
        out.push(image);
        continue;
      }
    }
    out.push(child);
  }
  return out;
}

type Handle = NonNullable<NonNullable<StringifyOptions['handlers']>['hint']>;

export const printInlineImage: Handle = (node) => inlineImageHtml(node as GitbookInlineImage);
