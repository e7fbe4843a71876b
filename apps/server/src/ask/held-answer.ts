/**
 * One answer counted while the AI provider may still be writing it (a slot of the server's
 * bound, an entry of an asker's): given back once, by whichever comes first, its release (the
 * answer read whole, failed or stopped) or a timer once no answer could still be running (the
 * provider's deadline and a margin), should a reader let go of it without either. A leak can
 * so shrink a bound for a minute at most, never for good.
 */

/** Past the deadline, how long before an answer not released is taken back. */
const RECLAIM_MARGIN_MS = 5_000;

/** Calls `giveBack` once, at the returned release or past `deadlineMs` and the margin. */
export function holdAnswer(deadlineMs: number, giveBack: () => void): () => void {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    clearTimeout(reclaim);
    giveBack();
  };
  const reclaim = setTimeout(release, deadlineMs + RECLAIM_MARGIN_MS);
  reclaim.unref();
  return release;
}
