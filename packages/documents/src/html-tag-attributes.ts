/**
 * One HTML start tag as GitBook writes them (`<img src="a" alt="" data-size="line">`): its
 * name and its attributes, every value double-quoted, or undefined for anything else. Values
 * are decoded (character references); the scan is one regular expression without
 * backtracking across attributes: linear in the tag's length.
 */

const startTag = /^<([a-z][a-z0-9]*)((?: [a-z][a-z-]*(?:="[^"<>]*")?)*)>$/;
const attribute = / ([a-z][a-z-]*)(?:="([^"<>]*)")?/g;

export interface StartTag {
  name: string;
  /** In source order; an attribute without a value is `''`. */
  attributes: Record<string, string>;
}

const namedReferences: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Character references decoded (`&#x3C;`, `&#60;`, `&lt;`); an unknown one stays as written. */
export function decodeHtmlText(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(
    /&(?:#x([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([a-z]{2,4}));/g,
    (whole, hex, decimal, name) => {
      if (name !== undefined) return namedReferences[name] ?? whole;
      const point = hex !== undefined ? Number.parseInt(hex, 16) : Number(decimal);
      return point > 0 && point <= 0x10ffff && (point < 0xd800 || point > 0xdfff)
        ? String.fromCodePoint(point)
        : whole;
    },
  );
}

export function startTagOf(value: string): StartTag | undefined {
  const match = startTag.exec(value);
  if (match === null) return undefined;
  const attributes: Record<string, string> = {};
  for (const [, name, raw] of match[2]!.matchAll(attribute)) {
    if (Object.hasOwn(attributes, name!)) return undefined;
    attributes[name!] = raw === undefined ? '' : decodeHtmlText(raw);
  }
  return { name: match[1]!, attributes };
}

/** Whether the tag has exactly these attributes, the required ones present (order free). */
export function hasOnlyAttributes(
  tag: StartTag,
  required: readonly string[],
  optional: readonly string[] = [],
): boolean {
  const names = Object.keys(tag.attributes);
  return (
    required.every((name) => names.includes(name)) &&
    names.every((name) => required.includes(name) || optional.includes(name))
  );
}
