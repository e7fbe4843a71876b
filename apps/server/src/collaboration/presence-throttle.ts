/**
 * At most `perSecond` presence messages of one connection are applied each second; one sent
 * beyond it is held, replacing any held before, and applied when the second is over. Presence
 * is a state, not a history: the latest says all, so a caret that moved many times a second
 * still ends where it is, while a client flooding presence costs the others one update a tick.
 */
export class PresenceThrottle {
  private windowStart = 0;
  private applied = 0;
  private held: Uint8Array | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly perSecond: number,
    private readonly apply: (message: Uint8Array) => void,
  ) {}

  offer(message: Uint8Array): void {
    const now = Date.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.applied = 0;
    }
    if (this.held === undefined && this.applied < this.perSecond) {
      this.applied++;
      this.apply(message);
      return;
    }
    this.held = message;
    this.timer ??= setTimeout(() => this.release(), this.windowStart + 1000 - now);
  }

  private release(): void {
    this.timer = undefined;
    const held = this.held;
    this.held = undefined;
    if (held) this.offer(held);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.held = undefined;
  }
}
