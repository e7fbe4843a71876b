/**
 * YAML from outside (front matter, `.gitbook.yaml`) read in time that grows with its length.
 * Why not `yaml`'s `parse` as it is: it refuses a mapping's repeated key by comparing each new
 * key with every key before it, so a mapping of n keys costs n² comparisons — a 1 MB
 * `.gitbook.yaml` of 65,000 redirects held the server's thread 64 s. Here `yaml` keeps every
 * key and each mapping's keys are then checked once, through a set: the same refusal (a key
 * whose scalar value, or node, is already there), in one pass. Aliases are expanded within
 * `yaml`'s own bound (`maxAliasCount`, 100), as `parse` does.
 */
import { type Document, isMap, isScalar, LineCounter, parseDocument, visit } from 'yaml';

/** Where a mapping of `document` repeats a key (line and column, 1-based), if one does. */
export function repeatedKeyIn(
  document: Document,
  lines: LineCounter,
): { line: number; col: number } | undefined {
  let repeated: { line: number; col: number } | undefined;
  visit(document, {
    Map(_, map) {
      if (!isMap(map)) return;
      const keys = new Set<unknown>();
      for (const { key } of map.items) {
        const value = isScalar(key) ? key.value : key;
        if (keys.has(value)) {
          repeated = isScalar(key) && key.range ? lines.linePos(key.range[0]) : { line: 0, col: 0 };
          return visit.BREAK;
        }
        keys.add(value);
      }
    },
  });
  return repeated;
}

/** The value `text` holds; throws `yaml`'s error for what is not YAML, or an Error for a repeated key. */
export function parseYamlText(text: string): unknown {
  const lines = new LineCounter();
  const document = parseDocument(text, { uniqueKeys: false, lineCounter: lines });
  if (document.errors.length > 0) throw document.errors[0];
  const at = repeatedKeyIn(document, lines);
  // `yaml`'s own words for it (the first line of its message).
  if (at)
    throw new Error(`Map keys must be unique${at.line > 0 ? ` at line ${at.line}, column ${at.col}:` : ''}`);
  return document.toJS();
}
