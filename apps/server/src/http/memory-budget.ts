/**
 * Budgets of points per window kept in this process's memory and answered without a
 * promise, for the budgets read on every request (a token's operations with the embedded
 * engine, an address's failed authentications). They count as rate-limiter-flexible's
 * `RateLimiterMemory` did: a key's window starts with its first point and lasts
 * `windowSeconds`, and points taken past the budget still count. Windows that are over are
 * dropped at most once a window, so memory holds the keys of about two windows.
 */

/** A key's window after a point was taken, or as it stands. */
export interface BudgetWindow {
  /** Points taken in the window, past the budget included. */
  consumed: number;
  /** Milliseconds until the window is over and the key's budget is whole again. */
  msBeforeReset: number;
}

interface Window {
  consumed: number;
  endsAt: number;
}

export class MemoryBudget {
  readonly #windows = new Map<string, Window>();
  readonly #windowMs: number;
  #sweepAt = 0;

  constructor(
    /** Points a key may take per window. */
    readonly points: number,
    windowSeconds: number,
    readonly now: () => number = Date.now,
  ) {
    this.#windowMs = windowSeconds * 1000;
  }

  /** Takes one point from the key's budget (even past it); the window as it is then. */
  take(key: string): BudgetWindow {
    const now = this.now();
    this.#sweep(now);
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { consumed: 0, endsAt: now + this.#windowMs };
      this.#windows.set(key, window);
    }
    window.consumed += 1;
    return { consumed: window.consumed, msBeforeReset: window.endsAt - now };
  }

  /** The key's window, or undefined when it took no point in a window still running. */
  peek(key: string): BudgetWindow | undefined {
    const now = this.now();
    const window = this.#windows.get(key);
    if (!window || window.endsAt <= now) return undefined;
    return { consumed: window.consumed, msBeforeReset: window.endsAt - now };
  }

  /** How many keys are held (windows running or not yet dropped). */
  get size(): number {
    return this.#windows.size;
  }

  #sweep(now: number): void {
    if (now < this.#sweepAt) return;
    for (const [key, window] of this.#windows) if (window.endsAt <= now) this.#windows.delete(key);
    this.#sweepAt = now + this.#windowMs;
  }
}
