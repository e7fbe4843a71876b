/**
 * A task run every `intervalMs` in the server process: a run never overlaps the previous one
 * (a tick while one runs is skipped), a failure goes to `onError` and the next tick tries
 * again, and the timer does not keep the process alive. The scheduled purges use it.
 */
export interface RepeatingTask {
  /** Stops the timer; resolves when the run in progress, if any, has finished. */
  stop(): Promise<void>;
}

export function startRepeatingTask(
  intervalMs: number,
  run: () => Promise<void>,
  onError?: (error: unknown) => void,
): RepeatingTask {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = run()
      .catch((error: unknown) => onError?.(error))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
