/**
 * GitBook's file block given by address (`{% file src="https://..." %}`, its caption,
 * `{% endfile %}`), which GitBook's model has no block for, so the server's reader keeps it as
 * text (one paragraph, or three when written apart): in the PDF it is a file line (its caption, or its file name, linked to
 * the address) rather than its tags. Only an http(s) address and at most one caption paragraph
 * between the tags are taken; anything else stays the text it is.
 */
import type { DocumentBlock } from '@quire/documents';
import { plainTextOf } from './draw-inlines';

export interface FileByUrl {
  src: string;
  caption: string;
  /** How many blocks it spans. */
  length: number;
}

const OPENING = /^\{% file src="(https?:\/\/[^"\s<>\\{}]+)" %\}$/i;
const CLOSING = /^\{% endfile %\}$/;

const textOf = (block: DocumentBlock | undefined): string | undefined =>
  block?.type === 'paragraph' ? plainTextOf(block.nodes).trim() : undefined;

/** The whole form in one paragraph's text, as the reader keeps it (blank lines inside). */
const WHOLE = /^\{% file src="(https?:\/\/[^"\s<>\\{}]+)" %\}(?:\n+([^\n]*))?\n+\{% endfile %\}$/i;

/** The file by address starting at `blocks[index]`, if one does. */
export function fileByUrlAt(blocks: readonly DocumentBlock[], index: number): FileByUrl | undefined {
  const whole = WHOLE.exec(textOf(blocks[index]) ?? '');
  if (whole?.[1] !== undefined && !(whole[2] ?? '').includes('{%'))
    return { src: whole[1], caption: (whole[2] ?? '').trim(), length: 1 };
  const src = OPENING.exec(textOf(blocks[index]) ?? '')?.[1];
  if (src === undefined) return undefined;
  if (CLOSING.test(textOf(blocks[index + 1]) ?? '')) return { src, caption: '', length: 2 };
  const caption = textOf(blocks[index + 1]);
  if (caption !== undefined && !caption.includes('{%') && CLOSING.test(textOf(blocks[index + 2]) ?? ''))
    return { src, caption, length: 3 };
  return undefined;
}

/** The name a file by address goes by without a caption: the last part of its path. */
export function fileNameOf(src: string): string {
  try {
    const path = new URL(src).pathname;
    return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || src;
  } catch {
    return src;
  }
}
