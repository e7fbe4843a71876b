/**
 * Frames by hand for the co-editing tests (`frame-clock.ts`'s `FrameClock`): what asks for the
 * next frame waits until the test calls `frame()`.
 */
import type { FrameClock } from '../../src/editor/collaboration/frame-clock';

export function manualFrames() {
  let waiting: Array<() => void> = [];
  const clock: FrameClock = (run) => {
    waiting.push(run);
    return () => {
      waiting = waiting.filter((each) => each !== run);
    };
  };
  const frame = () => {
    const due = waiting;
    waiting = [];
    for (const run of due) run();
  };
  return { clock, frame, waiting: () => waiting.length };
}
