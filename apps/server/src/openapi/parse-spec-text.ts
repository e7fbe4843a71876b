/**
 * One file of a specification, from its text to the value it holds. JSON is read by the
 * fast path (JSON.parse, through secure-json-parse so `__proto__` keys never reach an
 * object's prototype); anything else, or JSON that JSON.parse refuses, is read as YAML 1.2,
 * which contains JSON and names the line and column of what is wrong.
 */
import { repeatedKeyIn } from '@quire/documents';
import secureJson from 'secure-json-parse';
import { LineCounter, parseDocument } from 'yaml';
import { OpenApiProcessingError } from './openapi-processing-error';

/** YAML aliases expanded at most: a "billion laughs" document fails instead of filling memory. */
const MAX_ALIAS_COUNT = 1000;

/** The value of `text`, the file `fileName` (as shown in messages). */
export function parseSpecText(text: string, fileName: string): unknown {
  const body = text.replace(/^\uFEFF/, '');
  if (/^\s*[{[]/.test(body)) {
    try {
      return secureJson.parse(body, undefined, { protoAction: 'remove', constructorAction: 'remove' });
    } catch {
      // Not strict JSON: YAML reads it, or says where it stops making sense.
    }
  }
  return parseYaml(body, fileName);
}

function parseYaml(text: string, fileName: string): unknown {
  const lineCounter = new LineCounter();
  // Repeated keys are found in one pass (`repeatedKeyIn`): `yaml`'s own check compares each key
  // of a mapping with every one before it, its cost the square of the keys (a description may be
  // 8 MB).
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const [first] = document.errors;
  if (first) {
    const { line, col } = lineCounter.linePos(first.pos[0]);
    throw new OpenApiProcessingError(
      'PARSE_ERROR',
      `${fileName} is not valid JSON or YAML: line ${line}, column ${col}: ${first.message}`,
    );
  }
  const repeated = repeatedKeyIn(document, lineCounter);
  if (repeated)
    throw new OpenApiProcessingError(
      'PARSE_ERROR',
      `${fileName} is not valid JSON or YAML: line ${repeated.line}, column ${repeated.col}: Map keys must be unique`,
    );
  try {
    return document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch {
    throw new OpenApiProcessingError(
      'PARSE_ERROR',
      `${fileName} expands YAML aliases more than ${MAX_ALIAS_COUNT} times`,
    );
  }
}
