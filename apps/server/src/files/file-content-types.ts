/**
 * Content types the server derives itself: from a detected image type, and from a file
 * name's extension when nothing better is known. Also which types could run script when a
 * browser renders them, and so are never served inline.
 */
import path from 'node:path';
import type { types } from 'image-size';

type ImageType = (typeof types)[number];

/** image-size's detected types, as content types (a type missing here has no standard one). */
export const CONTENT_TYPE_OF_IMAGE: Readonly<Record<string, string>> = {
  bmp: 'image/bmp',
  cur: 'image/x-icon',
  gif: 'image/gif',
  heif: 'image/heif',
  icns: 'image/icns',
  ico: 'image/x-icon',
  j2c: 'image/jp2',
  jp2: 'image/jp2',
  jpg: 'image/jpeg',
  jxl: 'image/jxl',
  'jxl-stream': 'image/jxl',
  ktx: 'image/ktx',
  png: 'image/png',
  psd: 'image/vnd.adobe.photoshop',
  svg: 'image/svg+xml',
  tiff: 'image/tiff',
  webp: 'image/webp',
} satisfies Partial<Record<ImageType, string>>;

/** Common extensions (lower case, without the dot). */
export const CONTENT_TYPE_OF_EXTENSION: Readonly<Record<string, string>> = {
  avif: 'image/avif',
  bmp: 'image/bmp',
  gif: 'image/gif',
  ico: 'image/x-icon',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  xml: 'application/xml',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  zip: 'application/zip',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

export const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

/** The type a file name's extension suggests, else `application/octet-stream`. */
export const contentTypeOfName = (name: string): string =>
  CONTENT_TYPE_OF_EXTENSION[path.posix.extname(name).slice(1).toLowerCase()] ?? FALLBACK_CONTENT_TYPE;

/**
 * A MIME type as RFC 6838 spells one (`type/subtype`, restricted names), lower-cased and
 * without parameters; null when `value` is not one.
 */
export function mimeTypeOf(value: string | undefined): string | null {
  const essence = value?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(essence)
    ? essence
    : null;
}

/**
 * Types a browser may render in the server's origin: raster images, audio, video and plain
 * text, none of which can run script (with `nosniff`, a browser never second-guesses them).
 * Everything else (HTML, SVG, XML, PDF, scripts, unknown types) is served as an attachment.
 */
const INLINE_TYPES = new Set([
  'image/avif',
  'image/bmp',
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/x-icon',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'video/mp4',
  'video/webm',
  'text/plain',
]);

export const servesInline = (contentType: string): boolean => INLINE_TYPES.has(mimeTypeOf(contentType) ?? '');
