/**
 * A comment's or a reply's markdown, rendered as other markdown is (`Markdown`) but for its
 * images: only the space's own files (`/files/...`) load; an image of any other site is a
 * link to it, followed only by a click. Anyone who may comment (a guest will do) could
 * otherwise put an image of their own server in a comment and learn from its loads who read
 * the thread and when: the app's Content-Security-Policy lets pages show any https image,
 * which their writers chose, but a comment's reader never chose its images.
 */
import type { ComponentProps } from 'react';
import type { Components } from 'react-markdown';
import { Markdown } from '../content/markdown';
import { sameOriginFileUrl } from '../content/same-origin-file-url';

function CommentImage({ src, alt }: ComponentProps<'img'>) {
  if (typeof src !== 'string' || src === '') return null;
  const local = sameOriginFileUrl(src);
  if (local.startsWith('/files/')) return <img src={local} alt={alt ?? ''} />;
  return (
    <a href={src} rel="noreferrer">
      {alt ? `Image: ${alt}` : `Image: ${src}`}
    </a>
  );
}

const COMMENT_COMPONENTS: Components = { img: CommentImage };

export function CommentMarkdown({ text }: { text: string }) {
  return <Markdown text={text} className="comment-body" components={COMMENT_COMPONENTS} />;
}
