/**
 * What a Chromium trace (`BENCH_TRACE` of `co-editing-keystrokes.ts`) says of each page's main
 * thread: for the task each key was handled in, its wall time and the thread's CPU time in it
 * (Chromium's `tdur`). A task whose wall time is far over its CPU time spent the rest waiting
 * for a core: on a machine shared by other work, that is what makes most long keystrokes.
 * Also the frames' CPU time, and the tasks over 16 ms of wall time against those over 16 ms of
 * CPU.
 */

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { type?: string } };
}

export interface MainThreadFigures {
  thread: string;
  keys: Array<{ wallMs: number; cpuMs: number }>;
  frames: number[];
  tasks: { over16WallMs: number; over16CpuMs: number; wallMs: number; cpuMs: number };
}

const ms = (microseconds: number | undefined) => (microseconds ?? 0) / 1000;

/** The figures of each renderer main thread of the trace that handled a key. */
export function mainThreadFigures(traceText: string): MainThreadFigures[] {
  const parsed = JSON.parse(traceText) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const mains = new Set(
    events
      .filter(
        (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
      )
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.ph !== 'X' || !mains.has(thread)) continue;
    const list = byThread.get(thread) ?? [];
    list.push(event);
    byThread.set(thread, list);
  }
  const figures: MainThreadFigures[] = [];
  for (const [thread, list] of byThread) {
    const tasks = list
      .filter((event) => event.name === 'ThreadControllerImpl::RunTask')
      .sort((a, b) => a.ts - b.ts);
    const keydowns = list.filter(
      (event) => event.name === 'EventDispatch' && event.args?.data?.type === 'keydown',
    );
    if (keydowns.length === 0) continue;
    const keys = keydowns.flatMap((keydown) => {
      const task = tasks.find((each) => each.ts <= keydown.ts && each.ts + (each.dur ?? 0) >= keydown.ts);
      return task ? [{ wallMs: ms(task.dur), cpuMs: ms(task.tdur) }] : [];
    });
    const frames = list
      .filter((event) => event.name === 'ProxyMain::BeginMainFrame')
      .map((frame) => ms(frame.tdur));
    figures.push({
      thread,
      keys,
      frames,
      tasks: {
        over16WallMs: tasks.filter((task) => ms(task.dur) > 16).length,
        over16CpuMs: tasks.filter((task) => ms(task.tdur) > 16).length,
        wallMs: tasks.reduce((sum, task) => sum + ms(task.dur), 0),
        cpuMs: tasks.reduce((sum, task) => sum + ms(task.tdur), 0),
      },
    });
  }
  return figures;
}
