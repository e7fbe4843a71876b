/**
 * What one socket may send per window (`MESSAGE_WINDOW_MS`): a number of messages and a number
 * of bytes. Counting messages alone let a writer send 30 updates of 800 KB each.
 */
import { type CollaborationLimits, MESSAGE_WINDOW_MS } from './collaboration-limits';

export class SocketTraffic {
  private windowStart = Date.now();
  private messages = 0;
  private bytes = 0;

  constructor(
    private readonly limits: Pick<CollaborationLimits, 'maxMessagesPerWindow' | 'maxBytesPerWindow'>,
  ) {}

  /** Counts a message of `bytes`; says what is over the budget, or undefined while within it. */
  count(bytes: number): string | undefined {
    this.turnWindow();
    this.bytes += bytes;
    if (++this.messages > this.limits.maxMessagesPerWindow) return 'too many messages';
    if (this.bytes > this.limits.maxBytesPerWindow) return 'too many bytes';
    return undefined;
  }

  /**
   * Counts `bytes` the socket's last message makes the server send (a request for a whole
   * document) against the same budget; says when it is over.
   */
  charge(bytes: number): string | undefined {
    this.turnWindow();
    this.bytes += bytes;
    return this.bytes > this.limits.maxBytesPerWindow ? 'too many bytes' : undefined;
  }

  private turnWindow(): void {
    const now = Date.now();
    if (now - this.windowStart > MESSAGE_WINDOW_MS) {
      this.windowStart = now;
      this.messages = 0;
      this.bytes = 0;
    }
  }
}
