/**
 * The benches' measure of synchronous work (a markdown conversion, a parse): the median, over
 * `runs` samples, of the process's CPU time (user and system) per call. On a shared machine the
 * wall time counts the other processes' turns too; the work is synchronous, so its CPU time is
 * its cost. `repeat` calls make one sample (a call of a few microseconds is mostly noise alone);
 * `warm` calls first, unmeasured (the first calls compile what they use).
 */
export interface CpuTimeOptions {
  runs?: number;
  repeat?: number;
  warm?: number;
}

export async function medianCpuMs(
  run: () => unknown,
  { runs = 15, repeat = 1, warm = 0 }: CpuTimeOptions = {},
): Promise<number> {
  for (let i = 0; i < warm; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.cpuUsage();
    for (let time = 0; time < repeat; time++) await run();
    const used = process.cpuUsage(started);
    times.push((used.user + used.system) / 1000 / repeat);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}
