/**
 * A set of 32-byte digests (blob hashes, content addresses), each with a number (a candidate
 * blob's size; 0 when none is given). A hash is kept as its 32 bytes in a one-byte string:
 * about 50 bytes an entry with the map's own, where the 64-character hex would take twice
 * that (lowercase hex decodes one way only, so no two hashes share a key). An address is kept
 * as its text: a 43-character base64url string has spellings that decode to the same bytes
 * (the last character's low bits), and the mark must look up the very string it met.
 *
 * The blob collection fills one with what the store holds (the old blobs, the content
 * objects' ids) and its mark only takes entries out (`delete`), so what it holds is bounded
 * by what is stored, whatever the records say.
 */
export class DigestSet {
  readonly #digests = new Map<string, number>();

  constructor(private readonly encoding: 'hex' | 'base64url') {}

  add(text: string, value = 0): boolean {
    const key = this.#keyOf(text);
    if (this.#digests.has(key)) return false;
    this.#digests.set(key, value);
    return true;
  }

  has(text: string): boolean {
    return this.#digests.has(this.#keyOf(text));
  }

  /** Takes the digest out; true when it was there. */
  delete(text: string): boolean {
    return this.#digests.delete(this.#keyOf(text));
  }

  get size(): number {
    return this.#digests.size;
  }

  /** Each digest (in the spelling it was added in) with its number, in the order added. */
  *entries(): IterableIterator<[string, number]> {
    for (const [key, value] of this.#digests)
      yield [this.encoding === 'hex' ? Buffer.from(key, 'latin1').toString('hex') : key, value];
  }

  #keyOf(text: string): string {
    return this.encoding === 'hex' ? Buffer.from(text, 'hex').toString('latin1') : text;
  }
}
