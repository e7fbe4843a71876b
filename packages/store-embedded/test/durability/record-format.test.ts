import { describe, expect, it } from 'vitest';
import {
  encodeRecord,
  findNextValidRecord,
  RECORD_HEADER_BYTES,
  recordAt,
} from '../../src/durability/record-format';
import { flipBits } from './helpers';

describe('record format', () => {
  it('frames a payload as [length u32 LE][crc32 u32 LE][payload]', () => {
    const record = encodeRecord('[{"op":"del","c":"x","id":"1"}]');
    const payloadLength = Buffer.byteLength('[{"op":"del","c":"x","id":"1"}]');
    expect(record.length).toBe(RECORD_HEADER_BYTES + payloadLength);
    expect(record.readUInt32LE(0)).toBe(payloadLength);
    const decoded = recordAt(record, 0);
    expect(decoded.kind).toBe('record');
    if (decoded.kind === 'record') expect(decoded.payload.toString()).toBe('[{"op":"del","c":"x","id":"1"}]');
  });

  it('counts the length in bytes, not characters', () => {
    const record = encodeRecord('["é€😀"]');
    expect(record.readUInt32LE(0)).toBe(Buffer.byteLength('["é€😀"]'));
    const decoded = recordAt(record, 0);
    expect(decoded.kind === 'record' && decoded.payload.toString()).toBe('["é€😀"]');
  });

  it('tells incomplete records from invalid ones', () => {
    const record = encodeRecord('[1,2,3]');
    expect(recordAt(record.subarray(0, 5), 0)).toEqual({ kind: 'incomplete', need: RECORD_HEADER_BYTES });
    expect(recordAt(record.subarray(0, record.length - 1), 0)).toEqual({
      kind: 'incomplete',
      need: record.length,
    });
    const flipped = Buffer.from(record);
    flipBits(flipped, RECORD_HEADER_BYTES + 1);
    expect(recordAt(flipped, 0)).toEqual({ kind: 'invalid', reason: 'checksum mismatch' });
    // A zero-filled region (file grown, data never written) is not a record.
    expect(recordAt(Buffer.alloc(64), 0).kind).toBe('invalid');
  });

  it('finds the next valid record after garbage, and none in zeros', () => {
    const garbage = Buffer.from('xx\u0000\u0000[[[{{{ not a record');
    const record = encodeRecord('{"a":1}');
    const buffer = Buffer.concat([garbage, record]);
    expect(findNextValidRecord(buffer, 0)).toBe(garbage.length);
    expect(findNextValidRecord(Buffer.alloc(4096), 0)).toBe(-1);
  });
});
