/**
 * A page's cover (GitBook's page `cover`) as the app shows it, like the published page: its
 * image across the top, `height` pixels tall (GitBook's 240 when unset), filling its frame and
 * moved `yPos` pixels inside it. A file of the space is shown from its download address (the
 * space's or the change request's file list), an address on the web as it is (http or https);
 * an image that cannot be shown (a file no longer there) shows no cover.
 */
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../api/trpc';
import { sameOriginFileUrl } from './same-origin-file-url';

export type CoverRef = { kind: 'file'; file: string } | { kind: 'url'; url: string };

export interface Cover {
  ref: CoverRef;
  refDark?: CoverRef | undefined;
  yPos: number;
  height?: number | undefined;
}

export const DEFAULT_COVER_HEIGHT = 240;

/** The address a cover's image is shown from, once the files are known; undefined: none. */
export function useCoverImageUrl(
  ref: CoverRef | undefined,
  spaceId: string,
  changeRequestId?: string | undefined,
): string | undefined {
  const trpc = useTRPC();
  const files = useQuery({
    ...trpc.spaces.content.files.list.queryOptions({
      spaceId,
      ...(changeRequestId === undefined ? {} : { changeRequestId }),
      limit: 1000,
    }),
    enabled: ref?.kind === 'file',
  });
  if (ref === undefined) return undefined;
  if (ref.kind === 'url') return /^https?:\/\//i.test(ref.url) ? ref.url : undefined;
  const file = files.data?.items.find((candidate) => candidate.id === ref.file);
  return file === undefined ? undefined : sameOriginFileUrl(file.downloadURL);
}

/** A cover frame showing `url` as a cover with `yPos` and `height` shows it. */
export function CoverFrame({
  url,
  yPos,
  height,
  onImageLoad,
}: {
  url: string;
  yPos: number;
  height: number;
  onImageLoad?: (image: HTMLImageElement) => void;
}) {
  return (
    <div className="page-cover" style={{ height: `${height}px` }}>
      <img
        src={url}
        alt=""
        style={{ objectPosition: `50% ${yPos}px` }}
        onLoad={onImageLoad ? (event) => onImageLoad(event.currentTarget) : undefined}
      />
    </div>
  );
}

export function PageCover({
  cover,
  spaceId,
  changeRequestId,
}: {
  cover: Cover;
  spaceId: string;
  changeRequestId?: string | undefined;
}) {
  const url = useCoverImageUrl(cover.ref, spaceId, changeRequestId);
  if (url === undefined) return null;
  return <CoverFrame url={url} yPos={cover.yPos} height={cover.height ?? DEFAULT_COVER_HEIGHT} />;
}
