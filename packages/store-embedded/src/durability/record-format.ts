/**
 * The framing shared by journal and snapshot files: each record is
 *
 *   [payload length: u32 little-endian][CRC-32 of the payload: u32 little-endian][payload]
 *
 * and every payload is JSON text (a `JournalOp[]` batch in journals, an object in snapshots).
 * JSON text never contains a NUL byte and starts with `[` or `{`; recovery relies on both to
 * reject headers that are really zero-filled or random bytes.
 */
import { crc32 } from 'node:zlib';

export const RECORD_HEADER_BYTES = 8;
/** The shortest JSON payload, `[]` or `{}`; a zero length is what a zero-filled tail looks like. */
export const MIN_PAYLOAD_BYTES = 2;
/** Far above any real batch; a larger length field can only be corruption. */
export const MAX_PAYLOAD_BYTES = 256 * 1024 * 1024;

export function encodeRecord(payloadJson: string): Buffer {
  const payloadBytes = Buffer.byteLength(payloadJson);
  if (payloadBytes < MIN_PAYLOAD_BYTES || payloadBytes > MAX_PAYLOAD_BYTES) {
    throw new RangeError(
      `a record payload must be ${MIN_PAYLOAD_BYTES}..${MAX_PAYLOAD_BYTES} bytes, not ${payloadBytes}`,
    );
  }
  const record = Buffer.allocUnsafe(RECORD_HEADER_BYTES + payloadBytes);
  record.write(payloadJson, RECORD_HEADER_BYTES, 'utf8');
  record.writeUInt32LE(payloadBytes, 0);
  record.writeUInt32LE(crc32(record.subarray(RECORD_HEADER_BYTES)), 4);
  return record;
}

export type RecordAt =
  | { kind: 'record'; payload: Buffer; end: number }
  /** The bytes from `start` to the end of `buffer` are a prefix of a record; `need` bytes would complete it. */
  | { kind: 'incomplete'; need: number }
  | { kind: 'invalid'; reason: string };

/** Decodes the record starting at `start` in `buffer`, without copying the payload. */
export function recordAt(buffer: Buffer, start: number): RecordAt {
  const available = buffer.length - start;
  if (available < RECORD_HEADER_BYTES) return { kind: 'incomplete', need: RECORD_HEADER_BYTES };
  const length = buffer.readUInt32LE(start);
  if (length < MIN_PAYLOAD_BYTES || length > MAX_PAYLOAD_BYTES) {
    return { kind: 'invalid', reason: `impossible record length ${length}` };
  }
  const end = start + RECORD_HEADER_BYTES + length;
  if (end > buffer.length) return { kind: 'incomplete', need: RECORD_HEADER_BYTES + length };
  const payload = buffer.subarray(start + RECORD_HEADER_BYTES, end);
  if (crc32(payload) !== buffer.readUInt32LE(start + 4))
    return { kind: 'invalid', reason: 'checksum mismatch' };
  return { kind: 'record', payload, end };
}

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;

/**
 * Finds the first offset at or after `from` where a complete, checksum-valid record starts, or
 * -1. Used after a bad record to tell a torn tail (nothing valid follows) from corruption in
 * the middle (valid records follow). Checking the payload's first byte first keeps the scan
 * cheap: a CRC is only computed where a record could plausibly start.
 */
export function findNextValidRecord(buffer: Buffer, from: number): number {
  const lastHeaderStart = buffer.length - RECORD_HEADER_BYTES - MIN_PAYLOAD_BYTES;
  for (let offset = from; offset <= lastHeaderStart; offset++) {
    const first = buffer[offset + RECORD_HEADER_BYTES];
    if (first !== OPEN_BRACKET && first !== OPEN_BRACE) continue;
    if (recordAt(buffer, offset).kind === 'record') return offset;
  }
  return -1;
}
