/**
 * A file's download address as the web app shows it: the path on the app's own origin. The
 * API gives absolute URLs on its public URL (`QUIRE_PUBLIC_URL`), which may be another origin
 * than the app's, on plain http in development, where the app's Content-Security-Policy
 * (`img-src 'self' data: https:`) refuses images; the same server answers `/files/` on
 * every origin it is reached at, so the path alone always loads.
 */
export function sameOriginFileUrl(downloadURL: string): string {
  try {
    const url = new URL(downloadURL);
    return url.pathname.startsWith('/files/') ? url.pathname + url.search : downloadURL;
  } catch {
    return downloadURL;
  }
}
