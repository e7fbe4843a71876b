/**
 * Images: GitBook's `images` block (one or more figures, aligned, framed or full width), each
 * `image` with its caption, alt text, size and dark-mode variant (a `<picture>` whose dark
 * source the browser picks under `prefers-color-scheme: dark`), drawings (an image of their
 * file); the picture itself, and inline images, are `picture.tsx`'s.
 */
import type { DocBlock } from './document-shape';
import { childBlocks, fragmentNamed, refOf, stringOf } from './document-shape';
import { textOfFragment } from './document-text';
import { Inlines } from './inline-view';
import { cssLength, imageUrlOf, Picture } from './picture';
import { useRendering } from './render-context';

export function ImageFigure({ block }: { block: DocBlock }) {
  const rendering = useRendering();
  const data = block.data;
  const src = imageUrlOf(rendering, refOf(data?.ref));
  const caption = fragmentNamed(block, 'caption');
  const captionText = textOfFragment(caption);
  const alt = stringOf(data, 'alt') ?? '';
  if (!src)
    return (
      <figure className="doc-image doc-image-missing">
        <span className="muted">{alt ? `Image not shown: ${alt}` : 'Image not shown'}</span>
      </figure>
    );
  return (
    <figure className="doc-image">
      <Picture
        src={src}
        darkSrc={imageUrlOf(rendering, refOf(data?.refDark))}
        alt={alt || captionText}
        title={captionText || undefined}
        width={cssLength(data?.width)}
        height={cssLength(data?.height)}
        className="doc-image-img"
      />
      {caption && captionText !== '' && (
        <figcaption>
          {caption.nodes.map((paragraph, index) => (
            <Inlines key={paragraph.key ?? index} nodes={paragraph.nodes} />
          ))}
        </figcaption>
      )}
    </figure>
  );
}

export function ImagesBlock({ block }: { block: DocBlock }) {
  const align = stringOf(block.data, 'align');
  const classes = [
    'doc-images',
    align === 'left' || align === 'right' || align === 'center' ? `doc-images-${align}` : '',
    block.data?.withFrame === true ? 'doc-images-framed' : '',
    block.data?.fullWidth === true ? 'doc-full-width' : '',
  ].filter(Boolean);
  const images = childBlocks(block).filter((child) => child.type === 'image');
  return (
    <div className={classes.join(' ')}>
      {images.map((image, index) => (
        <ImageFigure key={image.key ?? index} block={image} />
      ))}
    </div>
  );
}

/** A drawing: the image of its file (GitBook stores drawings as SVG or PNG files). */
export function DrawingBlock({ block }: { block: DocBlock }) {
  const rendering = useRendering();
  const src = imageUrlOf(rendering, refOf(block.data?.ref));
  return (
    <figure className="doc-image doc-drawing">
      {src ? (
        <Picture src={src} alt="Drawing" className="doc-image-img" />
      ) : (
        <span className="muted">An empty drawing</span>
      )}
    </figure>
  );
}
