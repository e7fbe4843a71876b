/**
 * The reader's stylesheet and script, served under names holding their content's hash, so a
 * browser or a CDN keeps them a year (`immutable`) and a new build is a new name. They are
 * answered at `/~reader/<name>` and under any site's own path (`<site base>/~reader/<name>`),
 * so that a proxy forwarding only `example.com/docs/*` to Quire still serves them.
 */
import { createHash } from 'node:crypto';
import { READER_CSS, READER_JS } from '@quire/reader';

export interface ReaderAsset {
  name: string;
  type: string;
  body: string;
}

const hashOf = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 12);

const css: ReaderAsset = {
  name: `reader.${hashOf(READER_CSS)}.css`,
  type: 'text/css; charset=utf-8',
  body: READER_CSS,
};
const js: ReaderAsset = {
  name: `reader.${hashOf(READER_JS)}.js`,
  type: 'text/javascript; charset=utf-8',
  body: READER_JS,
};

export const READER_ASSETS: ReadonlyMap<string, ReaderAsset> = new Map(
  [css, js].map((asset) => [asset.name, asset]),
);

/** The segment before an asset's name in its path. */
export const ASSET_SEGMENT = '~reader';

/** The addresses of the two assets under a site's base path (`/…/`). */
export const readerAssetsUnder = (basePath: string): { css: string; script: string } => ({
  css: `${basePath}${ASSET_SEGMENT}/${css.name}`,
  script: `${basePath}${ASSET_SEGMENT}/${js.name}`,
});

/** The asset a path names (`…/~reader/<name>`), or undefined. */
export function readerAssetAt(path: string): ReaderAsset | undefined {
  const marker = `/${ASSET_SEGMENT}/`;
  const at = path.lastIndexOf(marker);
  if (at < 0) return undefined;
  return READER_ASSETS.get(path.slice(at + marker.length).split('?')[0] ?? '');
}

export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
