/**
 * The shared page's protocol (issue 33): the server and the editors hash the content with this
 * one function, so its value for a known content is pinned here — a change to it would make
 * every editor's report look stale to a server of the other version. The known content is a
 * heading and a paragraph with bold text, as TipTap's Y XML holds them (the web app's
 * `shared-content-hash.test.ts` seeds that document from markdown with real Yjs and checks the
 * same text and hash). Documents here are fakes of the shape the functions read.
 */
import { describe, expect, it } from 'vitest';
import {
  CONTENT_FRAGMENT,
  contentHashOf,
  contentText,
  contentTextHash,
  incomingOf,
  reportOf,
  STATE_MAP,
  stateOf,
} from '../src/shared-state';

type Delta = Array<{ insert: string; attributes?: Record<string, unknown> }>;
const text = (delta: Delta) => ({ toDelta: () => delta });
const element = (nodeName: string, attributes: Record<string, unknown>, children: unknown[]) => ({
  nodeName,
  getAttributes: () => attributes,
  toArray: () => children,
});

/** A document by shape: one state map and one content, as a Y document gives them. */
function documentOf(content: unknown[], state: Record<string, unknown> = {}) {
  const maps = new Map([[STATE_MAP, new Map(Object.entries(state))]]);
  return {
    getMap: (name: string) => maps.get(name) ?? new Map<string, unknown>(),
    getXmlFragment: (name: string) => ({ toArray: () => (name === CONTENT_FRAGMENT ? content : []) }),
  };
}

const known = () => [
  element('heading', { level: 2, data: {} }, [text([{ insert: 'Shared' }])]),
  element('paragraph', { data: {} }, [
    text([{ insert: 'Typed ' }, { insert: 'together', attributes: { bold: {} } }, { insert: '.' }]),
  ]),
];

describe('the shared page state', () => {
  it('writes a known content out the same whatever order its keys come in, to a pinned hash', () => {
    const doc = documentOf(known());
    expect(contentText(doc.getXmlFragment(CONTENT_FRAGMENT))).toBe(
      '<heading data={} level=2>[{"insert":"Shared"}]</heading>' +
        '<paragraph data={}>[{"insert":"Typed "},{"attributes":{"bold":{}},"insert":"together"},{"insert":"."}]</paragraph>',
    );
    expect(contentHashOf(doc)).toBe('cc75aedf35433ff0');
    expect(contentTextHash('')).toBe('811c9dc501000193');
  });

  it('tells apart contents that differ only in an object attribute, a mark, one unit, or order', () => {
    const variants = [
      known(),
      [element('heading', { level: 2, data: { id: 'anchor' } }, [text([{ insert: 'Shared' }])]), known()[1]],
      [known()[0], element('paragraph', { data: {} }, [text([{ insert: 'Typed together.' }])])],
      [element('heading', { level: 2, data: {} }, [text([{ insert: 'shared' }])]), known()[1]],
      [known()[1], known()[0]],
      [element('heading', { level: 2, data: {} }, [known()[1]])],
    ];
    expect(new Set(variants.map((content) => contentHashOf(documentOf(content)))).size).toBe(variants.length);
    const reordered = [
      element('heading', { data: {}, level: 2 }, [text([{ insert: 'Shared' }])]),
      known()[1],
    ];
    expect(contentHashOf(documentOf(reordered))).toBe(contentHashOf(documentOf(known())));
  });

  it('walks content nested deeper than a recursive walk would manage', () => {
    let node: unknown = text([{ insert: 'deep' }]);
    for (let depth = 0; depth < 20_000; depth++) node = element('blockquote', {}, [node]);
    const written = contentText({ toArray: () => [node] });
    expect(written.length).toBe(20_000 * '<blockquote></blockquote>'.length + '[{"insert":"deep"}]'.length);
  });

  it('reads a report and an incoming revision only when whole', () => {
    const whole = documentOf([], {
      report: { markdown: 'A\n', hash: '0123456789abcdef' },
      incoming: { revision: 'r1', markdown: 'B\n', from: 'A\n' },
    });
    expect(reportOf(whole)).toEqual({ markdown: 'A\n', hash: '0123456789abcdef' });
    expect(incomingOf(whole)).toEqual({ revision: 'r1', markdown: 'B\n', from: 'A\n' });
    expect(stateOf(whole).get('report')).toBeDefined();
    const partial = documentOf([], {
      report: { markdown: 'A\n' },
      incoming: { revision: 'r1', markdown: 3 },
    });
    expect(reportOf(partial)).toBeUndefined();
    expect(incomingOf(partial)).toBeUndefined();
    expect(reportOf(documentOf([]))).toBeUndefined();
  });
});
