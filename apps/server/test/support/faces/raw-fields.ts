/**
 * Appends fields written as JSON text to a JSON object: `{"a":1}` + `{"__proto__":{}}` gives
 * `{"a":1,"__proto__":{}}`. Malformed text stays malformed, which is what a bad-input case
 * sending broken JSON wants.
 */
export function withRawFields(base: Record<string, unknown>, rawFields: string | undefined): string {
  const text = JSON.stringify(base);
  if (rawFields === undefined) return text;
  const fields = rawFields.trim().replace(/^\{/, '');
  if (text === '{}') return `{${fields}`;
  return `${text.slice(0, -1)},${fields}`;
}
