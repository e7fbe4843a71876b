/**
 * The co-editing limits read from the environment (`collaboration-limits.ts`): defaults for
 * what is unset or blank, and a value out of range stops the start with the variable's name.
 */
import { describe, expect, it } from 'vitest';
import { collaborationLimitsFrom } from '../../src/collaboration/collaboration-limits';

describe('co-editing limits from the environment', () => {
  it('holds edits for one frame by default; 0 sends what arrived at once; blank is the default', () => {
    expect(collaborationLimitsFrom({}).broadcastDelayMs).toBe(16);
    expect(collaborationLimitsFrom({ QUIRE_COLLAB_BROADCAST_MS: '' }).broadcastDelayMs).toBe(16);
    expect(collaborationLimitsFrom({ QUIRE_COLLAB_BROADCAST_MS: '0' }).broadcastDelayMs).toBe(0);
    expect(collaborationLimitsFrom({ QUIRE_COLLAB_BROADCAST_MS: '100' }).broadcastDelayMs).toBe(100);
  });

  it('refuses a window below 0, past a second or not a whole number, naming the variable', () => {
    for (const value of ['-1', '1001', '2.5', 'soon'])
      expect(() => collaborationLimitsFrom({ QUIRE_COLLAB_BROADCAST_MS: value })).toThrow(
        /^QUIRE_COLLAB_BROADCAST_MS: /,
      );
    // A count may not be 0, unlike the window.
    expect(() => collaborationLimitsFrom({ QUIRE_COLLAB_MAX_PEOPLE: '0' })).toThrow(
      /^QUIRE_COLLAB_MAX_PEOPLE: /,
    );
  });

  it('bounds the memory of all shared documents at 1 GiB by default, or as set', () => {
    expect(collaborationLimitsFrom({}).maxMemoryBytes).toBe(1024 * 1024 * 1024);
    expect(collaborationLimitsFrom({ QUIRE_COLLAB_MAX_MEMORY_BYTES: '1048576' }).maxMemoryBytes).toBe(
      1048576,
    );
    expect(() => collaborationLimitsFrom({ QUIRE_COLLAB_MAX_MEMORY_BYTES: '0' })).toThrow(
      /^QUIRE_COLLAB_MAX_MEMORY_BYTES: /,
    );
  });
});
