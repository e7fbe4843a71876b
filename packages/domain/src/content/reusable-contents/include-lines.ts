/**
 * The include tags of a markdown text (`{% include "<argument>" %}`, a whole line, possibly
 * indented in a list or quote), found line by line outside fenced code in one pass:
 * `blockTagOf` reads a line. Shared by the markdown read of a page (`resolved-markdown.ts`)
 * and Git Sync (`git-sync/reusable-content-includes.ts`).
 */
import { blockTagOf, type TagAttributes } from '@quire/documents';

export interface IncludeLine {
  /** Index of the line in `markdown.split('\n')`. */
  line: number;
  /** The spaces (or quote markers) before the tag. */
  indent: string;
  argument: string;
  attributes: TagAttributes;
}

export function includeLines(lines: readonly string[]): IncludeLine[] {
  const found: IncludeLine[] = [];
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const trimmed = line.trimStart();
    const marker = /^(`{3,}|~{3,})/.exec(trimmed)?.[1];
    if (marker !== undefined) {
      if (fence === null) fence = marker;
      else if (
        marker[0] === fence[0] &&
        marker.length >= fence.length &&
        trimmed.slice(marker.length).trim() === ''
      )
        fence = null;
      continue;
    }
    if (fence !== null || !trimmed.startsWith('{%')) continue;
    const tag = blockTagOf(line);
    if (tag?.kind !== 'open' || tag.name !== 'include' || tag.argument === undefined) continue;
    found.push({
      line: i,
      indent: line.slice(0, line.length - trimmed.length),
      argument: tag.argument,
      attributes: tag.attributes,
    });
  }
  return found;
}
