/**
 * A page's cover (GitBook's page `cover`) as the reader shows it: each image's address (a file
 * of the space from its download address, an address on the web as it is when it is http or
 * https), its position and height (GitBook's 240 pixels when unset). A cover whose image
 * cannot be shown (a file the revision no longer has) is no cover.
 */
import type { ReaderCover, ReaderFile } from '@quire/reader';

type CoverRef = { kind: 'file'; file: string } | { kind: 'url'; url: string };

export interface PageCoverFields {
  ref: CoverRef;
  refDark?: CoverRef | undefined;
  yPos: number;
  height?: number | undefined;
}

const DEFAULT_HEIGHT = 240;

export function readerCoverOf(
  cover: PageCoverFields | undefined,
  files: ReadonlyMap<string, ReaderFile>,
): ReaderCover | undefined {
  if (cover === undefined) return undefined;
  const urlOf = (ref: CoverRef | undefined): string | undefined =>
    ref === undefined
      ? undefined
      : ref.kind === 'file'
        ? files.get(ref.file)?.url
        : /^https?:\/\//i.test(ref.url)
          ? ref.url
          : undefined;
  const url = urlOf(cover.ref);
  if (url === undefined) return undefined;
  const darkUrl = urlOf(cover.refDark);
  return {
    url,
    ...(darkUrl === undefined ? {} : { darkUrl }),
    yPos: cover.yPos,
    height: cover.height ?? DEFAULT_HEIGHT,
  };
}
