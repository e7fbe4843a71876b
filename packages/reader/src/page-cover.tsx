/** @jsxRuntime automatic @jsxImportSource react (the JSX transform whatever tsconfig a tool reads: tsx, esbuild, vitest) */
/**
 * A page's cover as GitBook shows it: the image across the top of the page, `height` pixels
 * tall, filling its frame (cropped, never stretched) and moved `yPos` pixels inside it; the
 * dark theme's image in the dark theme when there is one. Decoration: it has no text.
 */
import type { ReaderCover } from './reader-model';
import { safeImageSrc } from './safe-url';

export function PageCover({ cover }: { cover: ReaderCover }) {
  const url = safeImageSrc(cover.url);
  if (url === undefined) return null;
  const darkUrl = safeImageSrc(cover.darkUrl);
  const style = { objectPosition: `50% ${Number(cover.yPos) || 0}px` };
  return (
    <div className="page-cover" style={{ height: `${Number(cover.height) || 240}px` }}>
      <img className={darkUrl ? 'light-only' : undefined} src={url} alt="" decoding="async" style={style} />
      {darkUrl ? <img className="dark-only" src={darkUrl} alt="" decoding="async" style={style} /> : null}
    </div>
  );
}
