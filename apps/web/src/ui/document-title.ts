/**
 * The browser tab's title: each screen names itself, the deepest one wins (a page's title
 * over its space's, a space's over the app's default for the address), whatever the order
 * React runs their effects in; a screen that goes away gives the title back.
 */
import { useEffect } from 'react';

const APP = 'Quire';
const claims: Array<{ depth: number; title: string }> = [];

function show() {
  const deepest = claims.reduce<{ depth: number; title: string } | undefined>(
    (best, claim) => (best === undefined || claim.depth >= best.depth ? claim : best),
    undefined,
  );
  document.title = deepest?.title ? `${deepest.title} · ${APP}` : APP;
}

/** Names the tab while the screen is shown; `depth`: 0 the app's frame, 1 a layout, 2 a screen within it. */
export function useDocumentTitle(title: string | undefined, depth: number) {
  useEffect(() => {
    if (title === undefined) return;
    const claim = { depth, title };
    claims.push(claim);
    show();
    return () => {
      claims.splice(claims.indexOf(claim), 1);
      show();
    };
  }, [title, depth]);
}
