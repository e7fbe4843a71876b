/**
 * A set of 32-byte digests (blob hashes, content addresses). A hash is kept as its 32 bytes in a
 * one-byte string: about 50 bytes an entry with the set's own, where the 64-character hex would
 * take twice that (lowercase hex decodes one way only, so no two hashes share a key). An address
 * is kept as its text: a 43-character base64url string has spellings that decode to the same
 * bytes (the last character's low bits), and the mark must look up the very string it met.
 * What the mark of the blob collection keeps, whatever the store's size.
 */
export class DigestSet {
  readonly #digests = new Set<string>();

  constructor(private readonly encoding: 'hex' | 'base64url') {}

  add(text: string): boolean {
    const key = this.#keyOf(text);
    if (this.#digests.has(key)) return false;
    this.#digests.add(key);
    return true;
  }

  has(text: string): boolean {
    return this.#digests.has(this.#keyOf(text));
  }

  get size(): number {
    return this.#digests.size;
  }

  #keyOf(text: string): string {
    return this.encoding === 'hex' ? Buffer.from(text, 'hex').toString('latin1') : text;
  }
}
