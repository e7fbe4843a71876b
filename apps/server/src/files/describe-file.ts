/**
 * What the server records about a file's bytes: their content type, size and, for images,
 * dimensions. The bytes speak first: a detected image type wins over whatever was declared
 * (a PNG declared as `text/html` is a PNG); then a declared type that is a valid MIME type;
 * then the name's extension; then `application/octet-stream`. The type recorded is only
 * metadata: whether bytes may be shown inline is decided when serving them (`servesInline`).
 */
import { imageSize } from 'image-size';
import { CONTENT_TYPE_OF_IMAGE, contentTypeOfName, mimeTypeOf } from './file-content-types';

export interface FileDescription {
  contentType: string;
  size: number;
  dimensions?: { width: number; height: number };
}

export function describeFile(bytes: Uint8Array, name: string, declaredContentType?: string): FileDescription {
  const image = imageOf(bytes);
  const contentType =
    (image?.type ? CONTENT_TYPE_OF_IMAGE[image.type] : undefined) ??
    mimeTypeOf(declaredContentType) ??
    contentTypeOfName(name);
  const description: FileDescription = { contentType, size: bytes.byteLength };
  if (image?.width && image.height) description.dimensions = { width: image.width, height: image.height };
  return description;
}

/** The image the bytes hold, if image-size recognizes one; truncated or foreign bytes are not. */
function imageOf(bytes: Uint8Array): ReturnType<typeof imageSize> | null {
  try {
    return imageSize(bytes);
  } catch {
    return null;
  }
}
