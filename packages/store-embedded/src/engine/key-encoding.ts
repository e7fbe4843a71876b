/**
 * Index keys encoded as strings whose plain string order is MongoDB's BSON order (the idea
 * of MongoDB's own KeyString format). A secondary index entry is the encoding of
 * `[field values..., _id]`: one flat one-byte string per entry (about half the memory of an
 * array of values) compared natively, instead of by `compareBson` value by value.
 *
 * Every encoding is self-delimiting, so no encoding is a prefix of another, which makes two
 * properties hold: concatenated encodings compare field by field, and inverting every
 * character of a field's encoding (for `-1` fields) exactly reverses that field's order.
 * All characters are in 0x00..0xFF; only scan bounds use characters above (`AFTER_PREFIX_CODE`).
 */
import { bsonTypeRank, isPlainObject, KeyBound, TypeRank } from './bson-order';
import { unitOfRank, unitRank } from './code-point-order';

/**
 * The type tag of a value of BSON type rank `rank` is even; the odd characters around it
 * encode KeyBounds (just before or after every value of the rank), which are thereby
 * complete encodings themselves, distinct from every value.
 */
function rankTag(rank: number): number {
  return 0x20 + 2 * rank;
}

/**
 * A character code above every encoding character: `prefix` followed by it sorts after
 * every key starting with `prefix`.
 */
export const AFTER_PREFIX_CODE = 0x100;

const STRING_END = 0x00;
const LOW_ESCAPE = 0x01;
const HIGH_ESCAPE = 0xff;

const numberView = new DataView(new ArrayBuffer(8));

/** Appends the encoding of `value` (a JSON value or a KeyBound) to `out`, descending if `direction` is -1. */
export function encodeValue(value: unknown, direction: 1 | -1, out: number[]): void {
  if (direction === 1) {
    writeValue(value, out);
    return;
  }
  const start = out.length;
  writeValue(value, out);
  for (let i = start; i < out.length; i++) out[i] = 0xff - out[i]!;
}

/** The encoding of `values`, each in its direction, as a string. */
export function encodeValues(values: readonly unknown[], directions: ReadonlyArray<1 | -1>): string {
  const out: number[] = [];
  values.forEach((value, i) => {
    encodeValue(value, directions[i] ?? 1, out);
  });
  return codesToString(out);
}

/** Characters per `fromCharCode` call: its arguments go on the stack. */
const CHUNK = 8192;

export function codesToString(codes: readonly number[]): string {
  // fromCharCode builds one flat string; concatenating characters would leave a rope.
  if (codes.length <= CHUNK) return String.fromCharCode.apply(null, codes as number[]);
  let text = '';
  for (let i = 0; i < codes.length; i += CHUNK) {
    text += String.fromCharCode.apply(null, codes.slice(i, i + CHUNK) as number[]);
  }
  return text;
}

/**
 * An index entry's key: the encoded values, then the encoded `_id`, then the length of the
 * `_id`'s encoding (one character below 0xFF, or two and a 0xFF marker), so the `_id` can
 * be read back from the key and the tree needs to store no value. The trailer never
 * decides an order: distinct `_id` encodings differ before it.
 */
export function encodeEntryKey(valueCodes: readonly number[], id: string | number): string {
  const codes = valueCodes.slice();
  const idStart = codes.length;
  writeValue(id, codes);
  const idLength = codes.length - idStart;
  if (idLength < 0xff) codes.push(idLength);
  else codes.push(idLength >> 8, idLength & 0xff, 0xff);
  return codesToString(codes);
}

/** The `_id` at the end of a key made by `encodeEntryKey`. */
export function decodeEntryId(key: string): string | number {
  const start = idStart(key);
  return key.charCodeAt(start) === rankTag(TypeRank.number)
    ? readNumber(key, start + 1)
    : readString(key, start + 1);
}

/** The encoded values of a key made by `encodeEntryKey`, without its `_id`. */
export function entryValues(key: string): string {
  return key.slice(0, idStart(key));
}

function idStart(key: string): number {
  let end = key.length - 1;
  let length = key.charCodeAt(end);
  if (length === 0xff) {
    end -= 2;
    length = (key.charCodeAt(end) << 8) | key.charCodeAt(end + 1);
  }
  return end - length;
}

function readNumber(key: string, position: number): number {
  const negative = (key.charCodeAt(position) & 0x80) === 0;
  for (let i = 0; i < 8; i++) {
    const byte = key.charCodeAt(position + i);
    numberView.setUint8(i, negative ? 0xff - byte : i === 0 ? byte & 0x7f : byte);
  }
  return numberView.getFloat64(0);
}

function readString(key: string, position: number): string {
  // Most ids need no unescaping: then they are the characters up to the end marker.
  for (let i = position; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code === STRING_END) return key.slice(position, i);
    if (code === LOW_ESCAPE || code === HIGH_ESCAPE) break;
  }
  const units: number[] = [];
  for (let i = position; ; i++) {
    const code = key.charCodeAt(i);
    if (code === STRING_END) break;
    if (code === LOW_ESCAPE) units.push(key.charCodeAt(++i) - 1);
    else if (code === HIGH_ESCAPE) {
      units.push(unitOfRank((key.charCodeAt(i + 1) << 8) | key.charCodeAt(i + 2)));
      i += 2;
    } else units.push(code);
  }
  return codesToString(units);
}

function writeValue(value: unknown, out: number[]): void {
  if (value instanceof KeyBound) {
    out.push(rankTag(value.rank) + value.side);
    return;
  }
  const rank = bsonTypeRank(value);
  out.push(rankTag(rank));
  writeBody(value, rank, out);
}

/** The encoding after the type tag. */
function writeBody(value: unknown, rank: number, out: number[]): void {
  switch (typeof value) {
    case 'number':
      writeNumber(value, out);
      return;
    case 'string':
      writeString(value, out);
      return;
    case 'boolean':
      out.push(value ? 1 : 0);
      return;
  }
  if (Array.isArray(value)) {
    for (const element of value) writeValue(element, out);
    out.push(0);
  } else if (rank === TypeRank.object && isPlainObject(value)) {
    // BSON compares objects field by field: the value's type, then the name, then the value.
    for (const [name, field] of Object.entries(value)) {
      const fieldRank = bsonTypeRank(field);
      out.push(rankTag(fieldRank));
      writeString(name, out);
      writeBody(field, fieldRank, out);
    }
    out.push(0);
  }
  // null and missing have no body; other types never reach an index.
}

/**
 * IEEE 754 bits, big-endian, made to sort as unsigned bytes: positive numbers get the sign
 * bit set, negative ones have every bit inverted. -0 is written as 0, NaN below -Infinity.
 */
function writeNumber(value: number, out: number[]): void {
  if (Number.isNaN(value)) {
    for (let i = 0; i < 8; i++) out.push(0);
    return;
  }
  numberView.setFloat64(0, value === 0 ? 0 : value);
  const negative = (numberView.getUint8(0) & 0x80) !== 0;
  for (let i = 0; i < 8; i++) {
    const byte = numberView.getUint8(i);
    out.push(negative ? 0xff - byte : i === 0 ? byte | 0x80 : byte);
  }
}

/**
 * UTF-16 code units in code point order (`unitRank`: MongoDB's order of strings), ended by
 * 0x00 (so a prefix sorts first). Units 0x00 and 0x01 are escaped below every other unit,
 * units from 0xFF up above, keeping every character within one byte.
 */
function writeString(value: string, out: number[]): void {
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit <= 0x01) out.push(LOW_ESCAPE, unit + 1);
    else if (unit >= 0xff) {
      const rank = unitRank(unit);
      out.push(HIGH_ESCAPE, rank >> 8, rank & 0xff);
    } else out.push(unit);
  }
  out.push(STRING_END);
}
