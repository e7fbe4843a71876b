/**
 * Durations counted into fixed buckets, as a Prometheus histogram holds them: recording one
 * is a bucket search and three additions (no allocation), so it can sit on a hot path (each
 * HTTP request, each journal fsync); reading them (`figures`) is for a scrape.
 */
import type { LatencyFigures } from './collection';

export class LatencyHistogram {
  /** Per bucket, not cumulative; the last slot counts those slower than every bound. */
  readonly #buckets: Float64Array;
  #count = 0;
  #sumSeconds = 0;

  /** `bounds`: upper bounds in seconds, ascending. */
  constructor(readonly bounds: readonly number[]) {
    this.#buckets = new Float64Array(bounds.length + 1);
  }

  observe(seconds: number): void {
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > this.bounds[bucket]!) bucket++;
    this.#buckets[bucket]!++;
    this.#count++;
    this.#sumSeconds += seconds;
  }

  figures(): LatencyFigures {
    let cumulative = 0;
    const counts = this.bounds.map((_, i) => {
      cumulative += this.#buckets[i]!;
      return cumulative;
    });
    return { bounds: this.bounds, counts, count: this.#count, sumSeconds: this.#sumSeconds };
  }
}
