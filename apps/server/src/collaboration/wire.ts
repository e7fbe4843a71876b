/**
 * lib0's encoding, the little of it the guards in front of Hocuspocus read and write:
 * variable-length unsigned integers (7 bits a byte, lowest first) and byte arrays prefixed with
 * their length. Written here because lib0 is no dependency of the server's own.
 */

export class WireReader {
  offset = 0;
  constructor(readonly bytes: Uint8Array) {}

  get done(): boolean {
    return this.offset >= this.bytes.length;
  }

  varUint(): number {
    let value = 0;
    let shift = 0;
    for (;;) {
      if (this.offset >= this.bytes.length) throw new RangeError('message ended early');
      const byte = this.bytes[this.offset++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
      shift += 7;
      // lib0 writes at most 53 bits: anything longer is not one of its numbers.
      if (shift > 49) throw new RangeError('number too long');
    }
  }

  varBytes(): Uint8Array {
    const length = this.varUint();
    if (this.offset + length > this.bytes.length) throw new RangeError('message ended early');
    const slice = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return slice;
  }
}

/** `value` as a lib0 variable-length unsigned integer. */
export function varUint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest > 0x7f) {
    bytes.push(0x80 | (rest % 0x80));
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return bytes;
}

/** `bytes` prefixed with their length. */
export const varBytes = (bytes: Uint8Array): Uint8Array<ArrayBuffer> =>
  concat([Uint8Array.from(varUint(bytes.length)), bytes]);

export function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
