import { describe, expect, it } from 'vitest';
import { describeFile } from '../../src/files/describe-file';
import { mimeTypeOf, servesInline } from '../../src/files/file-content-types';

/** A PNG's signature and IHDR chunk: all image-size reads (the pixels do not matter). */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'ascii');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.set([8, 6, 0, 0, 0], 24);
  return new Uint8Array(bytes);
}

const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"></svg>');
const TEXT = new TextEncoder().encode('just some text');

describe('describeFile', () => {
  it.each([
    // bytes, name, declared → content type, dimensions
    ['a PNG', pngHeader(640, 480), 'photo.png', undefined, 'image/png', { width: 640, height: 480 }],
    ['a PNG declared as HTML', pngHeader(3, 2), 'x.html', 'text/html', 'image/png', { width: 3, height: 2 }],
    ['a PNG named .txt', pngHeader(1, 1), 'notes.txt', undefined, 'image/png', { width: 1, height: 1 }],
    ['a GIF', new Uint8Array(GIF_1X1), 'pixel', undefined, 'image/gif', { width: 1, height: 1 }],
    ['an SVG', SVG, 'logo.svg', 'image/png', 'image/svg+xml', { width: 30, height: 20 }],
    ['text declared', TEXT, 'file.bin', 'text/plain; charset=utf-8', 'text/plain', undefined],
    ['text declared upper-case', TEXT, 'file', 'Text/Markdown', 'text/markdown', undefined],
    ['an invalid declared type', TEXT, 'doc.pdf', 'not a type', 'application/pdf', undefined],
    ['a declared type with a path', TEXT, 'doc.pdf', '../../etc', 'application/pdf', undefined],
    ['an empty declared type', TEXT, 'README.MD', '', 'text/markdown', undefined],
    ['an unknown extension', TEXT, 'archive.xyz', undefined, 'application/octet-stream', undefined],
    ['no extension', TEXT, 'Makefile', undefined, 'application/octet-stream', undefined],
    ['a dotfile', TEXT, '.png', undefined, 'application/octet-stream', undefined],
    ['a truncated PNG', pngHeader(5, 5).slice(0, 20), 'broken.png', undefined, 'image/png', undefined],
    ['empty bytes', new Uint8Array(), 'empty.json', undefined, 'application/json', undefined],
  ] as const)('%s', (_, bytes, name, declared, contentType, dimensions) => {
    const description = describeFile(bytes, name, declared);
    expect(description).toEqual({
      contentType,
      size: bytes.byteLength,
      ...(dimensions ? { dimensions } : {}),
    });
  });
});

describe('mimeTypeOf', () => {
  it.each([
    ['image/png', 'image/png'],
    ['IMAGE/PNG', 'image/png'],
    [' text/plain ; charset=utf-8', 'text/plain'],
    ['application/vnd.api+json', 'application/vnd.api+json'],
    ['text', null],
    ['text/', null],
    ['/plain', null],
    ['text/plain/extra', null],
    ['text/<script>', null],
    ['', null],
    [undefined, null],
  ])('%j → %j', (value, expected) => {
    expect(mimeTypeOf(value)).toBe(expected);
  });
});

describe('servesInline', () => {
  it.each([
    ['image/png', true],
    ['image/jpeg', true],
    ['text/plain; charset=utf-8', true],
    ['video/mp4', true],
    ['image/svg+xml', false],
    ['text/html', false],
    ['application/xhtml+xml', false],
    ['application/xml', false],
    ['text/xml', false],
    ['application/pdf', false],
    ['text/javascript', false],
    ['application/octet-stream', false],
    ['nonsense', false],
  ])('%s → %s', (contentType, expected) => {
    expect(servesInline(contentType)).toBe(expected);
  });
});
