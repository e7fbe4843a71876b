/**
 * The CLI's progress bar: drawn on a terminal only, so a command run by a script or into a
 * log keeps stderr empty unless something went wrong (`quire import` polling a slow job
 * used to write `[----] 0/0 resources` lines there).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProgressBar } from '../../src/cli/progress-bar';

const wasTTY = process.stderr.isTTY;
afterEach(() => {
  process.stderr.isTTY = wasTTY;
  vi.restoreAllMocks();
});

/** What the bar writes to stderr for `updates` then `end()`, with stderr a terminal or not. */
function drawn(tty: boolean, updates: Array<[number, number]>): string {
  process.stderr.isTTY = tty;
  const written: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  const bar = new ProgressBar('resources');
  for (const [done, total] of updates) bar.update(done, total);
  bar.end();
  vi.restoreAllMocks();
  return written.join('');
}

describe('ProgressBar', () => {
  it('writes nothing when stderr is not a terminal', () => {
    expect(
      drawn(false, [
        [0, 0],
        [1, 4],
        [4, 4],
      ]),
    ).toBe('');
  });

  it('redraws one line in place on a terminal, from the first counted total, and ends it', () => {
    expect(
      drawn(true, [
        [0, 0],
        [1, 4],
        [4, 4],
      ]),
    ).toBe('\r[######------------------] 1/4 resources\r[########################] 4/4 resources\n');
  });

  it('leaves a terminal untouched when nothing was counted', () => {
    expect(drawn(true, [[0, 0]])).toBe('');
  });
});
