/**
 * The images and fonts of a site's customization (logos, the favicon, the social preview, the
 * sources of custom fonts) are files Quire stores and serves: a published site never makes its
 * visitors' browsers, nor a renderer, fetch them from a third party.
 *
 * When settings are written, each address is turned into a file of Quire's: an address of
 * Quire's own files (`<api>/files/<hash>/<name>`) is kept as the file it names (its bytes
 * dated again for the blob collection; 400 when no file has that hash); any other
 * http(s) address is fetched once, now, through the `IncomingFiles` port (public addresses
 * only, size and time limits), checked to be an image (or a WOFF/WOFF2 font) and stored by its
 * hash. What is stored is the path `/files/<hash>/<name>`, made absolute with the API's
 * address when presented, so a change of Quire's public address moves them along.
 */
import type { OperationContext, PublicUrls } from '../../core/context';
import { invalidInput } from '../../core/errors';
import { IncomingFileError } from '../../files';

type Tree = Record<string, unknown>;

/** At most this many addresses fetched by one change (a font has up to 80 sources). */
export const MAX_FETCHED_ASSETS = 16;

type AssetKind = 'image' | 'font';

interface AssetSlot {
  field: string;
  kind: AssetKind;
  value: string;
  set(value: string): void;
}

const isTree = (value: unknown): value is Tree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The asset addresses of `tree` (settings or overrides), each with its field name and a setter. */
function assetSlots(tree: Tree, prefix: string): AssetSlot[] {
  const slots: AssetSlot[] = [];
  const add = (holder: Tree, key: string, field: string, kind: AssetKind) => {
    const value = holder[key];
    if (typeof value === 'string')
      slots.push({
        field,
        kind,
        value,
        set: (next) => {
          holder[key] = next;
        },
      });
  };
  const themed = (holder: unknown, field: string) => {
    if (!isTree(holder)) return;
    add(holder, 'light', `${field}.light`, 'image');
    add(holder, 'dark', `${field}.dark`, 'image');
  };
  for (const section of ['header', 'footer'] as const) {
    const part = tree[section];
    if (isTree(part)) themed(part.logo, `${prefix}${section}.logo`);
  }
  if (isTree(tree.favicon)) themed(tree.favicon.icon, `${prefix}favicon.icon`);
  if (isTree(tree.socialPreview)) add(tree.socialPreview, 'url', `${prefix}socialPreview.url`, 'image');
  const styling = tree.styling;
  if (isTree(styling)) {
    for (const font of ['font', 'headingFont', 'monospaceFont'] as const) {
      const definition = styling[font];
      if (!isTree(definition) || !Array.isArray(definition.fontFaces)) continue;
      definition.fontFaces.forEach((face: unknown, faceIndex) => {
        if (!isTree(face) || !Array.isArray(face.sources)) return;
        face.sources.forEach((source: unknown, sourceIndex) => {
          if (isTree(source))
            add(
              source,
              'url',
              `${prefix}styling.${font}.fontFaces.${faceIndex}.sources.${sourceIndex}.url`,
              'font',
            );
        });
      });
    }
  }
  return slots;
}

const FILES_PATH = /^\/files\/([0-9a-f]{64})(?:\/([^/?#]+))?$/;

const EXTENSION_OF_TYPE: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
  'font/woff2': 'woff2',
  'font/woff': 'woff',
  'application/font-woff2': 'woff2',
  'application/font-woff': 'woff',
};

/** The stored path and the hash of an address of Quire's own files; undefined for any other address. */
function ownFile(urls: PublicUrls, address: string): { path: string; hash: string } | undefined {
  if (!address.startsWith(`${urls.api}/files/`)) return undefined;
  const match = FILES_PATH.exec(address.slice(urls.api.length));
  if (!match?.[1]) return undefined;
  // The name only labels the download: kept to plain characters, so nothing else rides in the address.
  const name = (match[2] ?? '').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 100);
  return { path: `/files/${match[1]}/${name || 'file'}`, hash: match[1] };
}

/** A file name from the address's last segment (letters, digits, `.`, `-`, `_`), ending in `extension`. */
function fileNameOf(address: string, extension: string): string {
  const last = new URL(address).pathname.split('/').pop() ?? '';
  const base = last
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^A-Za-z0-9._-]/g, '')
    .slice(0, 80);
  return `${base || 'file'}.${extension}`;
}

function extensionOf(kind: AssetKind, contentType: string, address: string): string | undefined {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const extension = EXTENSION_OF_TYPE[type];
  if (kind === 'image') return extension !== undefined && type.startsWith('image/') ? extension : undefined;
  if (extension === 'woff' || extension === 'woff2') return extension;
  // Fonts are often served as bytes of no particular type: the address's own extension says which.
  if (type === 'application/octet-stream' || type === '') {
    const named = /\.(woff2?)$/i.exec(new URL(address).pathname)?.[1]?.toLowerCase();
    return named;
  }
  return undefined;
}

/**
 * `tree` (validated settings or overrides) with every asset address replaced by the stored
 * path of its file; a copy, `tree` is left as it is. 400 naming the field for an address that
 * cannot be fetched, is not an image (a font), or past `MAX_FETCHED_ASSETS`, or an address of
 * Quire's files that names no stored file.
 */
export async function storedAssets<Settings extends Tree>(
  ctx: OperationContext,
  tree: Settings,
  prefix = '',
): Promise<Settings> {
  const copy = structuredClone(tree);
  let fetched = 0;
  for (const slot of assetSlots(copy, prefix)) {
    const own = ownFile(ctx.urls, slot.value);
    if (own !== undefined) {
      // Named again without its bytes: dated as a put would, so that the blob collection,
      // which may be reading the records right now, keeps it through its grace.
      if (!(await ctx.incomingFiles.keep(own.hash)))
        throw invalidInput(slot.field, 'no file of Quire has this address');
      slot.set(own.path);
      continue;
    }
    fetched += 1;
    if (fetched > MAX_FETCHED_ASSETS)
      throw invalidInput(slot.field, `at most ${MAX_FETCHED_ASSETS} new files may be fetched in one change`);
    const taken = await ctx.incomingFiles.take({ name: 'asset', url: slot.value }).catch((error: unknown) => {
      if (error instanceof IncomingFileError) throw invalidInput(slot.field, error.message);
      throw error;
    });
    // An image must be one by its bytes (its size read from them), whatever its server declared;
    // only SVG, which Quire serves as an attachment, is taken by its type.
    const isImage = taken.dimensions !== undefined || taken.contentType.startsWith('image/svg+xml');
    const extension =
      slot.kind === 'image' && !isImage ? undefined : extensionOf(slot.kind, taken.contentType, slot.value);
    if (extension === undefined)
      throw invalidInput(
        slot.field,
        slot.kind === 'image'
          ? `not an image (PNG, JPEG, GIF, WebP, AVIF, SVG or ICO): ${taken.contentType}`
          : `not a WOFF or WOFF2 font: ${taken.contentType}`,
      );
    slot.set(`/files/${taken.hash}/${fileNameOf(slot.value, extension)}`);
  }
  return copy;
}

/** `tree` with its stored asset paths made absolute addresses of Quire's files; a copy. */
export function presentedAssets<Settings extends Tree>(urls: PublicUrls, tree: Settings): Settings {
  const copy = structuredClone(tree);
  for (const slot of assetSlots(copy, ''))
    if (slot.value.startsWith('/files/')) slot.set(`${urls.api}${slot.value}`);
  return copy;
}
