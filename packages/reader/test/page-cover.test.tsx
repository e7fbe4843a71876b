/**
 * A page's cover and icon in the reader (issue 30, item 1): the cover is an `<img>` across the
 * top of the article, in a frame as tall as its height and moved by its `yPos`, the dark theme's
 * image beside it when there is one; an address the reader may not load (`javascript:`, `data:`)
 * shows no cover. A page without an emoji shows its icon (Font Awesome) before its title and in
 * the page tree, as inline SVG of shapes only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReaderPageProps } from '../src/reader-model';
import { renderReaderPage } from '../src/render-page';
import { propsFor } from './support/page-props';
import { svgProblems } from './support/svg-problems';
import { htmlProblems } from './support/well-formed';

// A page without a body: its frame is what these tests read (the fixture's blocks cost seconds).
let props: ReaderPageProps;
beforeAll(async () => {
  const every = await propsFor();
  props = { ...every, page: { ...every.page, document: undefined } };
});

const pageWith = async (extra: Record<string, unknown>) =>
  renderReaderPage({ ...props, page: { ...props.page, ...extra } });

describe('a page cover', () => {
  it('is shown across the top of the article, in its frame, moved by its position', async () => {
    const html = await pageWith({ cover: { url: '/files/h9/cover.png', yPos: -40, height: 300 } });
    expect(htmlProblems(html)).toEqual([]);
    expect(html).toContain(
      '<article class="page"><div class="page-cover" style="height:300px"><img src="/files/h9/cover.png" alt="" decoding="async" style="object-position:50% -40px"/></div><header class="page-header">',
    );
  });

  it("shows the dark theme's image in the dark theme", async () => {
    const html = await pageWith({
      cover: {
        url: 'https://example.com/light.png',
        darkUrl: 'https://example.com/dark.png',
        yPos: 0,
        height: 240,
      },
    });
    expect(html).toContain('<img class="light-only" src="https://example.com/light.png"');
    expect(html).toContain('<img class="dark-only" src="https://example.com/dark.png"');
  });

  it.each([
    ['a script address', 'javascript:alert(1)'],
    ['a data address', 'data:image/svg+xml,<svg onload=alert(1)>'],
  ])('from %s is not shown', async (_title, url) => {
    const html = await pageWith({ cover: { url, yPos: 0, height: 240 } });
    expect(html).not.toContain('page-cover');
    expect(html).not.toContain(url);
  });
});

describe('a page icon', () => {
  it('is drawn before the title when the page has no emoji, shapes only', async () => {
    const html = await pageWith({ icon: 'rocket' });
    const heading = /<h1><span class="page-icon">(<svg[\s\S]*?<\/svg>)<\/span>Every block<\/h1>/.exec(html);
    expect(heading, html.slice(html.indexOf('<h1>'), html.indexOf('</h1>') + 5)).not.toBeNull();
    expect(svgProblems(heading?.[1] ?? '')).toEqual([]);
  });

  it('gives way to the emoji', async () => {
    const html = await pageWith({ emoji: '📘', icon: 'rocket' });
    expect(html).toContain('<h1><span class="page-emoji">📘</span>Every block</h1>');
  });

  it('is drawn in the page tree', async () => {
    const [first, ...rest] = props.tree;
    if (!first) throw new Error('the fixture has a tree');
    const html = renderReaderPage({
      ...props,
      tree: [{ ...first, emoji: undefined, icon: 'book' }, ...rest],
    });
    expect(html).toMatch(/<a href="[^"]*"[^>]*><span class="page-icon"><svg class="fa-icon"[^>]*>/);
  });
});
