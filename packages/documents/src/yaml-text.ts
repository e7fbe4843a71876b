/**
 * YAML from outside (front matter, `.gitbook.yaml`) read in time that grows with its length.
 * Why not `yaml`'s `parse` as it is: it refuses a mapping's repeated key by comparing each new
 * key with every key before it, so a mapping of n keys costs n² comparisons — a 1 MB
 * `.gitbook.yaml` of 65,000 redirects held the server's thread 64 s. Here `yaml` keeps every
 * key and each mapping's keys are then checked once, through a set: the same refusal (a key
 * whose scalar value, or node, is already there), in one pass. Aliases are expanded within
 * `yaml`'s own bound (`maxAliasCount`, 100), as `parse` does.
 */
import { isMap, isScalar, LineCounter, parseDocument, visit } from 'yaml';

/** The value `text` holds; throws `yaml`'s error for what is not YAML, or an Error for a repeated key. */
export function parseYamlText(text: string): unknown {
  const lines = new LineCounter();
  const document = parseDocument(text, { uniqueKeys: false, lineCounter: lines });
  if (document.errors.length > 0) throw document.errors[0];
  visit(document, {
    Map(_, map) {
      if (!isMap(map)) return;
      const keys = new Set<unknown>();
      for (const { key } of map.items) {
        const value = isScalar(key) ? key.value : key;
        if (keys.has(value)) {
          const at = isScalar(key) && key.range ? lines.linePos(key.range[0]) : undefined;
          // `yaml`'s own words for it (the first line of its message).
          throw new Error(`Map keys must be unique${at ? ` at line ${at.line}, column ${at.col}:` : ''}`);
        }
        keys.add(value);
      }
    },
  });
  return document.toJS();
}
