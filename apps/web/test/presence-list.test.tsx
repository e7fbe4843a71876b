/**
 * Who is on a shared page (`presence.tsx`): the list follows people coming, going and being
 * renamed, and is not read again when someone only moves their caret (hundreds of times a
 * second with 50 people typing, issue 33). Frames are requestAnimationFrame's, stubbed here.
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { usePresent } from '../src/editor/collaboration/presence';

const opened: Array<{ destroy: () => void }> = [];
afterEach(() => {
  for (const each of opened.splice(0).reverse()) each.destroy();
  vi.unstubAllGlobals();
});

function page() {
  const waiting: Array<() => void> = [];
  vi.stubGlobal('requestAnimationFrame', (run: () => void) => waiting.push(run));
  vi.stubGlobal('cancelAnimationFrame', () => {});
  const websocketProvider = new HocuspocusProviderWebsocket({ url: 'ws://127.0.0.1:9', autoConnect: false });
  const provider = new HocuspocusProvider({
    websocketProvider,
    name: 'space/live/page',
    document: new Y.Doc(),
  });
  opened.push(websocketProvider, provider);
  const awareness = provider.awareness!;
  awareness.setLocalStateField('user', { name: 'Me', color: '#1f77b4' });
  const { result } = renderHook(() => usePresent(provider));
  const set = (
    clientId: number,
    state: Record<string, unknown> | null,
    kind: 'added' | 'updated' | 'removed',
  ) => {
    if (state) awareness.states.set(clientId, state);
    else awareness.states.delete(clientId);
    awareness.emit('change', [
      {
        added: kind === 'added' ? [clientId] : [],
        updated: kind === 'updated' ? [clientId] : [],
        removed: kind === 'removed' ? [clientId] : [],
      },
      'remote',
    ]);
  };
  const frame = () =>
    act(() => {
      for (const run of waiting.splice(0)) run();
    });
  return { result, set, frame, waiting: () => waiting.length };
}

describe('who is on a shared page', () => {
  it('follows people coming, renamed and going, and not their carets', () => {
    const shared = page();
    expect(shared.result.current.map(({ name }) => name)).toEqual(['Me']);

    shared.set(7, { user: { name: 'Ada Lovelace', color: '#d62728' } }, 'added');
    shared.frame();
    expect(shared.result.current.map(({ name }) => name)).toEqual(['Me', 'Ada Lovelace']);
    const listed = shared.result.current;

    // Her caret moves a hundred times: no frame is asked for, the list is the same array.
    for (let move = 0; move < 100; move += 1)
      shared.set(
        7,
        { user: { name: 'Ada Lovelace', color: '#d62728' }, cursor: { anchor: move, head: move } },
        'updated',
      );
    expect(shared.waiting()).toBe(0);
    expect(shared.result.current).toBe(listed);

    shared.set(7, { user: { name: 'Ada King', color: '#d62728' } }, 'updated');
    shared.frame();
    expect(shared.result.current.map(({ name }) => name)).toEqual(['Me', 'Ada King']);

    shared.set(7, null, 'removed');
    shared.frame();
    expect(shared.result.current.map(({ name }) => name)).toEqual(['Me']);
  });
});

describe("the provider's presence events (patched: the states made when read)", () => {
  it('still carry everyone, as they are when the event is heard', () => {
    const websocketProvider = new HocuspocusProviderWebsocket({
      url: 'ws://127.0.0.1:9',
      autoConnect: false,
    });
    const provider = new HocuspocusProvider({
      websocketProvider,
      name: 'space/live/page',
      document: new Y.Doc(),
    });
    opened.push(websocketProvider, provider);
    const heard: unknown[] = [];
    provider.on('awarenessChange', ({ states }: { states: unknown[] }) => heard.push(states));
    provider.on('awarenessUpdate', ({ states }: { states: unknown[] }) => heard.push(states));
    provider.awareness!.setLocalStateField('user', { name: 'Me' });
    const me = { clientId: provider.awareness!.clientID, user: { name: 'Me' } };
    expect(heard).toEqual([[me], [me]]);
  });
});
