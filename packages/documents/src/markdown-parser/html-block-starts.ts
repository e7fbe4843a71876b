/**
 * The seven start conditions of CommonMark's HTML blocks (spec 4.6) and the end conditions of
 * the first five, read on one line `[start, end)` of the source by hand (no regular
 * expression, so a line of `<` takes linear time). Condition 7 is a complete open or closing
 * tag alone on its line, which cannot interrupt a paragraph (the caller's concern).
 */

const RAW_NAMES = new Set(['pre', 'script', 'style', 'textarea']);

/** micromark-util-html-tag-name's block names: condition 6. */
const BLOCK_NAMES = new Set(
  (
    'address article aside base basefont blockquote body caption center col colgroup dd details ' +
    'dialog dir div dl dt fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 ' +
    'head header hr html iframe legend li link main menu menuitem nav noframes ol optgroup option ' +
    'p param search section summary table tbody td tfoot th thead title tr track ul'
  ).split(' '),
);

function isAsciiAlpha(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isAsciiAlphanumeric(code: number): boolean {
  return isAsciiAlpha(code) || (code >= 48 && code <= 57);
}

function isWhitespace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 12 || code === 11;
}

function startsWithAt(source: string, at: number, end: number, text: string): boolean {
  if (at + text.length > end) return false;
  for (let index = 0; index < text.length; index++)
    if (source.charCodeAt(at + index) !== text.charCodeAt(index)) return false;
  return true;
}

/** The end of a complete open or closing tag (condition 7) at `at` (on `<`), or -1. */
function completeTagEnd(source: string, at: number, end: number): number {
  let index = at + 1;
  const closing = source.charCodeAt(index) === 47; /* / */
  if (closing) index++;
  if (!isAsciiAlpha(source.charCodeAt(index)) || index >= end) return -1;
  while (index < end && (isAsciiAlphanumeric(source.charCodeAt(index)) || source.charCodeAt(index) === 45))
    index++;
  if (closing) {
    while (index < end && isWhitespace(source.charCodeAt(index))) index++;
    return source.charCodeAt(index) === 62 && index < end ? index + 1 : -1;
  }
  for (;;) {
    const spaceStart = index;
    while (index < end && isWhitespace(source.charCodeAt(index))) index++;
    if (index >= end) return -1;
    const code = source.charCodeAt(index);
    if (code === 62 /* > */) return index + 1;
    if (code === 47 /* / */) return source.charCodeAt(index + 1) === 62 && index + 1 < end ? index + 2 : -1;
    // An attribute needs whitespace before it.
    if (index === spaceStart) return -1;
    if (!(isAsciiAlpha(code) || code === 95 || code === 58)) return -1;
    index++;
    while (index < end) {
      const next = source.charCodeAt(index);
      if (isAsciiAlphanumeric(next) || next === 95 || next === 58 || next === 46 || next === 45) index++;
      else break;
    }
    // An optional value.
    let afterName = index;
    while (afterName < end && isWhitespace(source.charCodeAt(afterName))) afterName++;
    if (afterName < end && source.charCodeAt(afterName) === 61 /* = */) {
      index = afterName + 1;
      while (index < end && isWhitespace(source.charCodeAt(index))) index++;
      if (index >= end) return -1;
      const quote = source.charCodeAt(index);
      if (quote === 34 || quote === 39) {
        index++;
        while (index < end && source.charCodeAt(index) !== quote) index++;
        if (index >= end) return -1;
        index++;
      } else {
        const valueStart = index;
        while (index < end) {
          const next = source.charCodeAt(index);
          if (
            isWhitespace(next) ||
            next === 34 ||
            next === 39 ||
            next === 61 ||
            next === 60 ||
            next === 62 ||
            next === 96
          )
            break;
          index++;
        }
        if (index === valueStart) return -1;
      }
    }
  }
}

/** The start condition (1 to 7) of an HTML block whose `<` is at `at`, or 0. */
export function htmlBlockStart(source: string, at: number, end: number): number {
  if (source.charCodeAt(at) !== 60 /* < */) return 0;
  const next = source.charCodeAt(at + 1);
  if (next === 33 /* ! */) {
    if (startsWithAt(source, at, end, '<!--')) return 2;
    if (startsWithAt(source, at, end, '<![CDATA[')) return 5;
    return isAsciiAlpha(source.charCodeAt(at + 2)) && at + 2 < end ? 4 : 0;
  }
  if (next === 63 /* ? */) return 3;
  const closing = next === 47;
  let index = at + (closing ? 2 : 1);
  const nameStart = index;
  while (index < end && isAsciiAlphanumeric(source.charCodeAt(index))) index++;
  if (index > nameStart && isAsciiAlpha(source.charCodeAt(nameStart))) {
    const name = source.slice(nameStart, index).toLowerCase();
    const after = index < end ? source.charCodeAt(index) : -1;
    const ends = after === -1 || after === 32 || after === 9 || after === 62;
    if (!closing && RAW_NAMES.has(name) && ends) return 1;
    if (
      BLOCK_NAMES.has(name) &&
      (ends || (after === 47 && source.charCodeAt(index + 1) === 62 && index + 1 < end))
    )
      return 6;
  }
  const tagEnd = completeTagEnd(source, at, end);
  if (tagEnd === -1) return 0;
  for (let rest = tagEnd; rest < end; rest++) if (!isWhitespace(source.charCodeAt(rest))) return 0;
  return 7;
}

function includesFolded(source: string, start: number, end: number, text: string): boolean {
  const first = text.charCodeAt(0);
  for (let index = start; index + text.length <= end; index++) {
    if (source.charCodeAt(index) !== first) continue;
    let matched = true;
    for (let k = 1; k < text.length; k++) {
      const code = source.charCodeAt(index + k);
      const lower = code >= 65 && code <= 90 ? code + 32 : code;
      if (lower !== text.charCodeAt(k)) {
        matched = false;
        break;
      }
    }
    if (matched) return true;
  }
  return false;
}

/** Whether the line `[start, end)` holds the end of an HTML block of condition 1 to 5. */
export function htmlBlockEnds(kind: number, source: string, start: number, end: number): boolean {
  switch (kind) {
    case 1:
      return (
        includesFolded(source, start, end, '</script>') ||
        includesFolded(source, start, end, '</pre>') ||
        includesFolded(source, start, end, '</style>') ||
        includesFolded(source, start, end, '</textarea>')
      );
    case 2:
      return includesFolded(source, start, end, '-->');
    case 3:
      return includesFolded(source, start, end, '?>');
    case 4:
      return includesFolded(source, start, end, '>');
    case 5:
      return includesFolded(source, start, end, ']]>');
    default:
      return false;
  }
}
