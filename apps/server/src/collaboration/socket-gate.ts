/**
 * Which WebSocket upgrades are let in: at most `maxSockets` open at once, `maxSocketsPerAddress`
 * of them from one remote address, and `maxUpgradesPerSecondPerAddress` opened per second from
 * one address. Each socket holds memory before it authenticates (its queue, its hooks'
 * payloads), so without a bound on their number 40 idle sockets took 200 MB.
 */
import type { CollaborationLimits } from './collaboration-limits';

/** Why an upgrade was refused: the HTTP status it is answered with. */
export type UpgradeRefusal = { status: 429 | 503; reason: string };

/** Upgrades of one address in the current second, and its sockets open. */
interface AddressUse {
  open: number;
  secondStart: number;
  upgrades: number;
}

export class SocketGate {
  private open = 0;
  private readonly byAddress = new Map<string, AddressUse>();

  constructor(
    private readonly limits: Pick<
      CollaborationLimits,
      'maxSockets' | 'maxSocketsPerAddress' | 'maxUpgradesPerSecondPerAddress'
    >,
  ) {}

  /** Takes a place for a socket from `address`; `release` gives it back once the socket is closed. */
  enter(address: string): UpgradeRefusal | { release: () => void } {
    if (this.open >= this.limits.maxSockets) return { status: 503, reason: 'too many sockets' };
    const now = Date.now();
    const use = this.byAddress.get(address) ?? { open: 0, secondStart: now, upgrades: 0 };
    if (now - use.secondStart >= 1000) {
      use.secondStart = now;
      use.upgrades = 0;
    }
    if (use.open >= this.limits.maxSocketsPerAddress)
      return { status: 429, reason: 'too many sockets from this address' };
    if (use.upgrades >= this.limits.maxUpgradesPerSecondPerAddress)
      return { status: 429, reason: 'too many new sockets from this address' };
    use.upgrades++;
    use.open++;
    this.open++;
    this.byAddress.set(address, use);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.open--;
        if (--use.open > 0) return;
        // An address with nothing open is forgotten once its second is over (not at once, or
        // opening and closing would escape the count of upgrades per second).
        setTimeout(() => {
          if (use.open === 0 && this.byAddress.get(address) === use) this.byAddress.delete(address);
        }, 1000).unref();
      },
    };
  }
}
