import type { Parent, PhrasingContent } from 'mdast';
import rehypeParse from 'rehype-parse';
import type { Options as StringifyOptions } from 'remark-stringify';
import { unified } from 'unified';
import { phrasingOfHtml } from './gitbook-html';
import { htmlOfPhrasing } from './gitbook-html-print';
import { isHeadingId } from './heading-id-syntax';

/**
 * GitBook's aligned heading: `<h2 align="center">Title</h2>` on a line of its own (as its
 * aligned paragraph is `<p align="center">`), read into a typed node and written back the same.
 * A heading id goes inside, as GitBook's empty anchor ends a markdown heading:
 * `<h2 align="center">Title <a href="#title" id="title"></a></h2>`. The content is HTML:
 * what `phrasingOfHtml` reads (text, marks, links, icons); anything else stays html (text).
 */
export interface GitbookHeading extends Parent {
  type: 'gitbookHeading';
  depth: 1 | 2 | 3 | 4 | 5 | 6;
  align: 'left' | 'center' | 'right';
  id?: string;
  children: PhrasingContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    gitbookHeading: GitbookHeading;
  }
  interface BlockContentMap {
    gitbookHeading: GitbookHeading;
  }
}

const alignedHeading = /^<h([1-6]) align="(left|center|right)">([^\n]*)<\/h\1>$/;
const trailingAnchor = / ?<a href="#([^"<>]+)" id="([^"<>]+)"><\/a>$/;
/** The longest heading read (its HTML is parsed). */
const maxHeadingHtml = 20_000;

const htmlParser = unified().use(rehypeParse, { fragment: true });

export function alignedHeadingOfHtml(value: string): GitbookHeading | undefined {
  const text = value.trim();
  if (text.length > maxHeadingHtml || !text.startsWith('<h')) return undefined;
  const match = alignedHeading.exec(text);
  if (match === null) return undefined;
  let inner = match[3]!;
  let id: string | undefined;
  const anchor = trailingAnchor.exec(inner);
  if (anchor !== null && anchor[1] === anchor[2] && isHeadingId(anchor[1]!)) {
    id = anchor[1]!;
    inner = inner.slice(0, anchor.index);
  }
  const root = htmlParser.parse(inner) as unknown as { children: Parameters<typeof phrasingOfHtml>[0] };
  const children = phrasingOfHtml(root.children);
  if (children === undefined) return undefined;
  return {
    type: 'gitbookHeading',
    depth: Number(match[1]) as GitbookHeading['depth'],
    align: match[2] as GitbookHeading['align'],
    ...(id === undefined ? {} : { id }),
    children,
  };
}

type Handle = NonNullable<NonNullable<StringifyOptions['handlers']>['hint']>;

export const printAlignedHeading: Handle = (node) => {
  const heading = node as GitbookHeading;
  const anchor =
    heading.id === undefined
      ? ''
      : (heading.children.length === 0 ? '' : ' ') +
        '<a href="#' +
        heading.id +
        '" id="' +
        heading.id +
        '"></a>';
  return (
    '<h' +
    heading.depth +
    ' align="' +
    heading.align +
    '">' +
    htmlOfPhrasing(heading.children) +
    anchor +
    '</h' +
    heading.depth +
    '>'
  );
};
