/**
 * The URLs a reader writes in imported markdown for what the operation resolves to ids:
 * `quire-import:page/<ref>` (`/pages/<id>`) and `quire-import:file/<ref>` (`/files/<id>`).
 */
export const importFileUrl = (ref: string) => `quire-import:file/${ref}`;

/**
 * The link to imported page `ref` standing for `linkedUrl`, whose `#anchor` it keeps (the
 * operation turns `quire-import:page/<ref>#steps` into `/pages/<id>#steps`).
 */
export function importPageUrl(ref: string, linkedUrl = ''): string {
  const hash = linkedUrl.indexOf('#');
  const anchor = hash === -1 || hash === linkedUrl.length - 1 ? '' : linkedUrl.slice(hash);
  return `quire-import:page/${ref}${anchor}`;
}
