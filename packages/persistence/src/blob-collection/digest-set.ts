/**
 * A set of 32-byte digests (blob hashes, content addresses), each kept as its 32 bytes in a
 * one-byte string: about 50 bytes an entry with the set's own, where the 64-character hex
 * would take twice that. What the mark of the blob collection keeps, whatever the store's size.
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
    return Buffer.from(text, this.encoding).toString('latin1');
  }
}
