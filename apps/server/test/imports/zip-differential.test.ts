/**
 * Every archive is read one way: `expandZip` (which the limits and every reader after them
 * use) either refuses it, or reads exactly what a reader of the central directory (fflate's
 * `unzipSync`, as mammoth's JSZip reads) and a reader walking the local headers front to
 * back (fflate's `Unzip`, which the limits used to read) read. The archives are written byte
 * by byte (`zip-writer.ts`): hidden entries, overlapping ones, one header listed twice,
 * names twice, sizes that lie, data descriptors; then random damage to a valid archive.
 * The docx cases go through the reader, so mammoth reads only what was counted.
 */
import { crc32 } from 'node:zlib';
import { ContentImportError } from '@quire/domain';
import { strToU8, Unzip, UnzipInflate, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { expandZip } from '../../src/imports/expand-zip';
import { seededRandom } from '../support/seeded-random';
import { localRecord, type WrittenEntry, writeZip, ZipWriter } from '../support/zip-writer';
import { importReader, noProgress } from './import-reader';
import { minimalDocx, paragraph } from './minimal-docx';

type Reading = Record<string, string>;

/** An entry's bytes as a short, comparable text: length and CRC. */
const summary = (bytes: Uint8Array) => `${bytes.byteLength}:${crc32(bytes).toString(16)}`;

const NO_LIMITS = { maxExpandedBytes: 2 ** 31, maxEntries: 100_000 };

function ours(bytes: Uint8Array): Reading | { refused: string } {
  try {
    return Object.fromEntries(expandZip(bytes, NO_LIMITS).map(({ path, bytes }) => [path, summary(bytes)]));
  } catch (error) {
    if (error instanceof ContentImportError) return { refused: error.message };
    throw error;
  }
}

/** The central directory's reading (as mammoth's JSZip reads), or null when it cannot read it. */
function centralReading(bytes: Uint8Array): Reading | null {
  try {
    const files = unzipSync(bytes);
    return Object.fromEntries(
      Object.entries(files)
        .filter(([name]) => !name.endsWith('/'))
        .map(([name, data]) => [name, summary(data)]),
    );
  } catch {
    return null;
  }
}

/** The local headers walked front to back (what `expandZip` read before), or null when it cannot. */
function localWalk(bytes: Uint8Array): Reading | null {
  const reading: Reading = {};
  let failed = false;
  const unzip = new Unzip((file) => {
    if (file.name.endsWith('/')) return;
    const parts: Uint8Array[] = [];
    file.ondata = (error, data, final) => {
      if (error) failed = true;
      else {
        parts.push(data);
        if (final) reading[file.name] = summary(new Uint8Array(Buffer.concat(parts)));
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(bytes, true);
  } catch {
    return null;
  }
  return failed ? null : reading;
}

/** Ours refuses, or each other reader reads the same (or cannot read at all). */
function expectOneReading(bytes: Uint8Array): void {
  const read = ours(bytes);
  if ('refused' in read) return;
  for (const other of [centralReading(bytes), localWalk(bytes)])
    if (other !== null) expect(other).toEqual(read);
}

const text = (value: string) => strToU8(value);
const readme: WrittenEntry = { name: 'README.md', data: text('# Read me\n\nHello.\n') };
const guide: WrittenEntry = { name: 'docs/guide.md', data: text('# Guide\n'.repeat(50)) };
const image: WrittenEntry = { name: 'img/logo.png', data: new Uint8Array(2048).fill(7), method: 0 };

/** `inner`'s local record as the stored data of `outer`: a walk sees `outer`, the directory `inner`. */
function hiddenInside(outerName: string, inner: WrittenEntry, listOuter: boolean): Uint8Array {
  const zip = new ZipWriter();
  zip.entry(readme);
  const outer: WrittenEntry = { name: outerName, data: localRecord(inner), method: 0 };
  const at = zip.entry(outer, listOuter);
  zip.list(inner, at + 30 + outerName.length);
  return zip.finish();
}

describe('archives every reader reads the same', () => {
  it.each<[string, () => Uint8Array]>([
    ['deflated and stored entries', () => writeZip([readme, guide, image])],
    ['data descriptors with their signature', () => writeZip([{ ...readme, descriptor: 'signed' }, guide])],
    [
      'data descriptors without a signature',
      () =>
        writeZip([
          { ...guide, descriptor: 'unsigned' },
          { ...image, descriptor: 'unsigned' },
        ]),
    ],
    ['an empty archive', () => new ZipWriter().finish()],
  ])('%s: accepted, and read the same', (_, archive) => {
    const bytes = archive();
    const read = ours(bytes);
    expect(read).not.toHaveProperty('refused');
    expect(centralReading(bytes)).toEqual(read);
  });
});

describe('archives two readers read differently are refused', () => {
  const damaged = (what: string) => `The zip archive is damaged: ${what}`;
  const zeros = new Uint8Array(5 * 1024 * 1024);

  it.each<[string, () => Uint8Array, string, boolean]>([
    [
      'an entry hidden inside another entry’s stored data (the walk sees the other)',
      () => hiddenInside('pad.bin', { name: 'secret.md', data: zeros }, false),
      damaged('bytes before the entry "secret.md" belong to no listed entry'),
      true,
    ],
    [
      'two listed entries, one inside the other',
      () => hiddenInside('outer.bin', { name: 'inner.md', data: text('# Inner\n') }, true),
      damaged('the entry "inner.md" overlaps another'),
      true,
    ],
    [
      'a local header the directory does not list',
      () => {
        const zip = new ZipWriter();
        zip.entry(readme);
        zip.entry({ name: 'orphan.md', data: text('# Orphan\n') }, false);
        zip.entry(guide);
        return zip.finish();
      },
      damaged('bytes before the entry "docs/guide.md" belong to no listed entry'),
      true,
    ],
    [
      'the directory listing one local header twice',
      () => {
        const zip = new ZipWriter();
        const at = zip.entry(readme);
        zip.list(readme, at);
        return zip.finish();
      },
      damaged('it holds the entry "README.md" twice'),
      false,
    ],
    [
      'the directory listing one local header under two names',
      () => {
        const zip = new ZipWriter();
        const at = zip.entry(readme);
        zip.list({ ...readme, central: { name: 'other.md' } }, at);
        return zip.finish();
      },
      damaged('the entry "other.md" differs from its local header'),
      true,
    ],
    [
      'two entries with one name',
      () => writeZip([readme, { name: 'README.md', data: text('# Another\n') }]),
      damaged('it holds the entry "README.md" twice'),
      false,
    ],
    [
      'a size that lies: declares 1 KB, inflates to 5 MB',
      () =>
        writeZip([
          readme,
          {
            name: 'zeros.md',
            data: zeros,
            local: { uncompressedSize: 1024 },
            central: { uncompressedSize: 1024 },
          },
        ]),
      damaged('the entry "zeros.md" is not the size it declares'),
      false,
    ],
    [
      'a size that lies: declares more than it holds',
      () => writeZip([{ ...readme, local: { uncompressedSize: 4096 }, central: { uncompressedSize: 4096 } }]),
      damaged('the entry "README.md" is not the size it declares'),
      false,
    ],
    [
      'a local header declaring another size than the directory',
      () => writeZip([readme, { name: 'zeros.md', data: zeros, central: { uncompressedSize: 1024 } }]),
      damaged('the sizes of the entry "zeros.md" disagree'),
      true,
    ],
    [
      'a data descriptor declaring another size than the directory',
      () =>
        writeZip([
          { name: 'zeros.md', data: zeros, descriptor: 'signed', central: { uncompressedSize: 1024 } },
        ]),
      damaged('the sizes of the entry "zeros.md" disagree'),
      true,
    ],
    [
      'a wrong checksum',
      () => writeZip([{ ...readme, local: { crc: 1 }, central: { crc: 1 } }]),
      damaged('the entry "README.md" fails its checksum'),
      false,
    ],
    [
      'an end record declaring more entries than the directory holds',
      () => {
        const zip = new ZipWriter();
        zip.entry(readme);
        zip.declaredCount = 2;
        return zip.finish();
      },
      damaged('its directory holds fewer entries than its end record declares'),
      false,
    ],
    [
      'a stored entry whose data is cut short of its size',
      () =>
        writeZip([
          {
            ...image,
            local: { compressedSize: 100_000, uncompressedSize: 100_000 },
            central: { compressedSize: 100_000, uncompressedSize: 100_000 },
          },
        ]),
      damaged('the entry "img/logo.png" runs past its data'),
      false,
    ],
  ])('%s', (_, archive, message, readersDisagree) => {
    const bytes = archive();
    expect(ours(bytes)).toEqual({ refused: message });
    // Why it must be refused: the two other readers read it differently (or one cannot read it).
    if (readersDisagree) expect(centralReading(bytes)).not.toEqual(localWalk(bytes));
  });

  it('a lying size is stopped at its declared size, whatever it inflates to', () => {
    // 64 MB of zeros declared as 1 KB: refused after inflating 1 KB and one byte.
    const bytes = writeZip([
      {
        name: 'zeros.md',
        data: new Uint8Array(64 * 1024 * 1024),
        local: { uncompressedSize: 1024 },
        central: { uncompressedSize: 1024 },
      },
    ]);
    const before = process.memoryUsage().arrayBuffers;
    expect(ours(bytes)).toEqual({ refused: damaged('the entry "zeros.md" is not the size it declares') });
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(32 * 1024 * 1024);
  });
});

describe('random damage to a valid archive', () => {
  it('never gives a reading another reader reads differently (2,000 damaged archives)', () => {
    const valid = writeZip([
      readme,
      { ...guide, descriptor: 'signed' },
      image,
      { name: 'b.md', data: text('b') },
    ]);
    const random = seededRandom(25);
    let accepted = 0;
    for (let round = 0; round < 2000; round++) {
      const bytes = valid.slice();
      const changes = 1 + Math.floor(random() * 3);
      for (let change = 0; change < changes; change++)
        bytes[Math.floor(random() * bytes.byteLength)] = Math.floor(random() * 256);
      if (!('refused' in ours(bytes))) accepted++;
      expectOneReading(bytes);
    }
    // Damage to dates, versions and attributes leaves the archive readable: some were accepted.
    expect(accepted).toBeGreaterThan(0);
  });
});

describe('docx bombs', () => {
  const docx = (bytes: Uint8Array) => ({ source: 'docx' as const, bytes, name: 'x.docx' });
  /** A docx whose directory lists `word/document.xml` at `hidden`, inside a stored entry the walk reads. */
  function docxHiding(hidden: WrittenEntry): Uint8Array {
    const zip = new ZipWriter();
    const parts = unzipSync(minimalDocx(paragraph('Harmless')));
    for (const [name, data] of Object.entries(parts))
      if (name !== 'word/document.xml') zip.entry({ name, data });
    // The walk sees a harmless document, then a stored entry holding the hidden one.
    zip.entry({ name: 'word/document.xml', data: parts['word/document.xml']! }, false);
    const outer = 'word/media/pad.bin';
    const at = zip.entry({ name: outer, data: localRecord(hidden), method: 0 }, false);
    zip.list(hidden, at + 30 + outer.length);
    return zip.finish();
  }
  const hugeDocument = (size: number) =>
    strToU8(
      `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraph('x'.repeat(size))}</w:body></w:document>`,
    );

  it('refuses a docx whose directory points at a hidden document, before mammoth reads it', async () => {
    const { reader } = await importReader({ maxExpandedBytes: 1024 * 1024 });
    await expect(
      reader.read(
        docx(docxHiding({ name: 'word/document.xml', data: hugeDocument(5 * 1024 * 1024) })),
        noProgress,
      ),
    ).rejects.toMatchObject({
      reason: 'corrupt',
      message:
        'The zip archive is damaged: bytes before the entry "word/document.xml" belong to no listed entry',
    });
  });

  it('refuses a docx whose document lies about its size, before mammoth reads it', async () => {
    const { reader } = await importReader();
    const document = hugeDocument(5 * 1024 * 1024);
    const lying = { uncompressedSize: 2048 };
    const bytes = writeZip(
      Object.entries(unzipSync(minimalDocx(paragraph('Harmless')))).map(([name, data]) =>
        name === 'word/document.xml'
          ? { name, data: document, local: lying, central: lying }
          : { name, data },
      ),
    );
    await expect(reader.read(docx(bytes), noProgress)).rejects.toMatchObject({
      reason: 'corrupt',
      message: 'The zip archive is damaged: the entry "word/document.xml" is not the size it declares',
    });
  });

  it('refuses a docx declaring more than the limit, before inflating anything', async () => {
    const { reader } = await importReader({ maxExpandedBytes: 1024 * 1024 });
    const bytes = writeZip([
      ...Object.entries(unzipSync(minimalDocx(paragraph('Harmless')))).map(([name, data]) => ({
        name,
        data,
      })),
      { name: 'word/media/zeros.bin', data: new Uint8Array(2 * 1024 * 1024) },
    ]);
    await expect(reader.read(docx(bytes), noProgress)).rejects.toMatchObject({
      reason: 'too-large',
      message: 'The zip expands to more than 1048576 bytes',
    });
  });
});
