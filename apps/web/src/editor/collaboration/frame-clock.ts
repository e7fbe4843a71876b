/**
 * When work held for drawing runs (issue 33): at the next animation frame, at most once per
 * frame however often it is asked for. A hidden tab has no frames (`requestAnimationFrame`
 * does not run there), so it runs at once in a task of its own, and a frame that does not come
 * (a window covered, a frame dropped) is stood in for by a timer.
 */

/** Schedules `run`; returns what cancels it. */
export type FrameClock = (run: () => void) => () => void;

/** The longest a visible page waits for a frame before the work runs anyway (ms). */
const FRAME_FALLBACK_MS = 100;

export const browserFrameClock: FrameClock = (run) => {
  if (document.visibilityState === 'hidden') {
    // Unlike timers, a message to oneself is not throttled in a hidden tab.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      run();
    };
    channel.port2.postMessage(null);
    return () => channel.port1.close();
  }
  let frame = 0;
  const once = () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    run();
  };
  frame = requestAnimationFrame(once);
  const timer = setTimeout(once, FRAME_FALLBACK_MS);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
};

/**
 * `run`, called at most once per frame however often the returned function is called: the
 * calls between two frames come to one. `now()` runs it at once if it is waiting.
 */
export function oncePerFrame(
  run: () => void,
  clock: FrameClock = browserFrameClock,
): { request: () => void; now: () => void; cancel: () => void } {
  let cancel: (() => void) | undefined;
  const now = () => {
    if (!cancel) return;
    cancel();
    cancel = undefined;
    run();
  };
  return {
    request: () => {
      cancel ??= clock(now);
    },
    now,
    cancel: () => {
      cancel?.();
      cancel = undefined;
    },
  };
}
