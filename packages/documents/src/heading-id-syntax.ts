import type { PhrasingContent } from 'mdast';

/**
 * GitBook's heading ids in markdown: an empty anchor at the end of the heading,
 * `## Setup <a href="#setup" id="setup"></a>`, read into the heading's `data.id` and written
 * back that way. Only an id of GitBook's pattern (`^[-a-z0-9.+_]+$`) with `href` naming the
 * same id is read; anything else stays html (shown as text).
 */
const idPattern = /^[-a-z0-9.+_]{1,256}$/;
const anchorPattern = /^<a href="#([^"]+)" id="([^"]+)">$/;

export function isHeadingId(id: string): boolean {
  return idPattern.test(id);
}

/** The heading's content without its trailing anchor, and the anchor's id, when it has one. */
export function headingIdOf(children: readonly PhrasingContent[]): {
  children: PhrasingContent[];
  id?: string;
} {
  const close = children.at(-1);
  const open = children.at(-2);
  if (close?.type !== 'html' || close.value !== '</a>' || open?.type !== 'html')
    return { children: [...children] };
  const match = anchorPattern.exec(open.value);
  if (match === null || match[1] !== match[2] || !isHeadingId(match[1]!)) return { children: [...children] };
  const rest = children.slice(0, -2);
  const last = rest.at(-1);
  if (last?.type === 'text') {
    const trimmed = last.value.replace(/[ \t]+$/, '');
    if (trimmed === '') rest.pop();
    else rest[rest.length - 1] = { ...last, value: trimmed };
  }
  return { children: rest, id: match[1]! };
}

/** The anchor appended to a heading's content for its id. */
export function headingIdAnchor(id: string): PhrasingContent[] {
  return [
    { type: 'text', value: ' ' },
    { type: 'html', value: '<a href="#' + id + '" id="' + id + '">' },
    { type: 'html', value: '</a>' },
  ];
}
