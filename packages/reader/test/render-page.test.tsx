/**
 * The reader's HTML, rendered from props as the server gives them: every block type of
 * GitBook's document model (the fixture holds each once, read by Quire's markdown reader),
 * each checked well-formed and snapshotted; the page's frame (sidebar, outline, breadcrumbs,
 * previous and next, last updated); links rewritten to site paths; nothing of an author's
 * reaching a reader's browser as script (no `<script>` but the reader's own, no `javascript:`
 * or `data:` address, an author's SVG only through `<img>`, inline SVG only the reader's own
 * formulas and icons, of shapes); the customization's values kept in their forms.
 */
import { userMentionNamesOf } from '@quire/documents';
import { markdownToDocument } from '@quire/documents/to-document';
import { describe, expect, it } from 'vitest';
import type { ReaderCustomization } from '../src/reader-model';
import { renderNotFoundPage, renderReaderPage } from '../src/render-page';
import { blockHtmlOf, customization, propsFor } from './support/page-props';
import { svgProblems } from './support/svg-problems';
import { htmlProblems } from './support/well-formed';

describe('a page with every block', () => {
  it('is well-formed, and its blocks render as written', async () => {
    const html = renderReaderPage(await propsFor());
    expect(htmlProblems(html)).toEqual([]);
    expect(blockHtmlOf(html)).toMatchSnapshot();
  });

  it('renders each block type', async () => {
    const html = renderReaderPage(await propsFor());
    const expected = [
      '<h2 id="every-block"',
      '<h3 id="setup"',
      '<ul class="tasks">',
      '<blockquote>',
      '<div class="hint hint-warning" role="note">',
      '<div class="code-title">server.ts</div>',
      'class="code-block numbered"',
      '<input type="radio" class="tab-radio"',
      '<ol class="stepper">',
      '<details class="expandable">',
      '<div class="columns">',
      '<div class="cards cards-medium">',
      '<a class="card" href="/~sites/org/handbook/guide">',
      '<table>',
      '<a class="embed" href="https://www.youtube.com/watch?v=x"',
      '<a class="content-ref" href="/~sites/org/handbook/guide">',
      '<a class="file" href="/files/h1/manual.pdf" download="manual.pdf">',
      '<figcaption>',
      'width="640" height="480"',
      'loading="lazy"',
      '<div class="math-block" role="math"',
      '<div class="updates">',
      'Pro content.',
      '<span class="method method-get">GET</span>',
      '<a class="button primary" href="/~sites/org/handbook/guide">',
      '<span class="emoji">🚀</span>',
      '<span class="math-inline" role="math" aria-label="e^{i\\pi}+1=0"><svg ',
      '<a href="/~sites/org/handbook/guide">link to the guide</a>',
      '<a href="#setup">anchor</a>',
      '<span class="color-red">red text</span>',
    ];
    for (const fragment of expected) expect(html, fragment).toContain(fragment);
  });

  it('highlights code with Shiki, both themes, and leaves an unknown language plain', async () => {
    const html = renderReaderPage(await propsFor());
    expect(html).toMatch(/<span style="--l:#[0-9A-Fa-f]{6};--d:#[0-9A-Fa-f]{6}">const<\/span>/);
    expect(html).toContain('plain &lt;b&gt;text&lt;/b&gt;');
  });

  it('hides an if block whose condition fails for the visitor', async () => {
    const html = renderReaderPage(await propsFor({ condition: () => false }));
    expect(html).not.toContain('Pro content.');
  });

  it("lets no script, javascript: or data: address, nor an SVG but the reader's own drawings reach the page", async () => {
    const html = renderReaderPage(await propsFor());
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts).toEqual(['<script src="/~reader/reader.abc.js"></script>'.replace('</script>', '')]);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/(href|src)="data:/i);
    // Inline SVG: typeset formulas and icons only, shapes and geometry only (`svgProblems`).
    expect(html).toContain('class="math-svg"');
    expect(svgProblems(html)).toEqual([]);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // The dark chart is an SVG file: an image, never markup.
    expect(html).toContain('<img class="dark-only" src="/files/h3/chart-dark.svg"');
  });
});

describe('a mention of a person', () => {
  it("shows the name the page's text gives them, else @user, never the id", async () => {
    const markdown =
      'Ask [Ada <b>Lovelace</b>](https://app.gitbook.com/u/u-ada "mention") or ' +
      '[https://app.gitbook.com/u/u-nameless](https://app.gitbook.com/u/u-nameless "mention").\n';
    const base = await propsFor();
    const html = renderReaderPage({
      ...base,
      page: {
        ...base.page,
        document: markdownToDocument(markdown),
        mentionNames: userMentionNamesOf(markdown),
      },
    });
    expect(html).toContain(
      'Ask <span class="mention mention-user">@Ada &lt;b&gt;Lovelace&lt;/b&gt;</span> or ',
    );
    expect(html).toContain('<span class="mention mention-user">@user</span>.');
    expect(html).not.toContain('u-ada');
    expect(html).not.toContain('u-nameless');
    expect(html).not.toContain('app.gitbook.com/u/');
  });
});

describe('the frame of a page', () => {
  it('shows the tree (groups, nested pages of the current branch, links, no hidden page), outline, breadcrumbs, pagination, last updated', async () => {
    const html = renderReaderPage(await propsFor());
    expect(html).toContain('<span class="tree-group-title">Guides</span>');
    expect(html).toContain('<a href="/~sites/org/handbook/guide/every" aria-current="page">Every block</a>');
    expect(html).not.toContain('Hidden page');
    expect(html).toContain('<span>Status</span>');
    expect(html).toContain('<nav aria-label="On this page">');
    expect(html).toContain('<a href="#setup">Setup</a>');
    expect(html).toContain('<nav class="breadcrumbs" aria-label="Breadcrumbs">');
    expect(html).toContain('rel="prev"');
    expect(html).toContain('rel="next"');
    expect(html).toContain('Last updated <time dateTime="2026-11-01T10:00:00.000Z">November 1, 2026</time>');
    expect(html).toContain('<a href="/~sites/org/handbook/api/">API</a>');
    expect(html).toContain('<details class="variants">');
    expect(html).toContain('<link rel="canonical" href="https://docs.example.com/guide/every"/>');
  });

  it('takes the customization: colours per theme, font, theme mode, header and footer links, socials', async () => {
    const html = renderReaderPage(await propsFor());
    expect(html).toContain('<html lang="en" data-theme="system"');
    expect(html).toContain('--primary:#346DDB');
    expect(html).toContain('[data-theme=dark]{--primary:#6F9BFF}');
    expect(html).toContain("--font:'Inter', 'Inter',");
    expect(html).toContain('<a href="https://example.com/blog">Blog</a>');
    expect(html).toContain('<a href="https://status.example.com">Status</a>');
    expect(html).toContain('<a href="https://github.com/example" rel="me noopener">github</a>');
    expect(html).toContain('© Example');
  });

  it('keeps a customization value that is not in its form out of the stylesheet', async () => {
    const hostile: ReaderCustomization = {
      ...customization,
      styling: {
        primaryColor: { light: 'red;}</style><script>alert(1)</script>', dark: '#000' },
        font: {
          fontFamily: "x'}body{",
          fontFaces: [{ weight: 400, sources: [{ url: 'https://x.test/a.woff2")}' }] }],
        },
      },
    };
    const html = renderReaderPage(await propsFor({ customization: hostile }));
    expect(html).not.toContain('alert(1)</script>');
    expect(html).not.toContain("x'}body{");
    expect(htmlProblems(html)).toEqual([]);
  });
});

describe('the not-found page', () => {
  it('is the site own page, with its search box, the path escaped', async () => {
    const props = await propsFor();
    const html = renderNotFoundPage({ ...props, path: '/<img src=x onerror=alert(1)>' });
    expect(htmlProblems(html)).toEqual([]);
    expect(html).toContain('<h1>Page not found</h1>');
    expect(html).toMatch(/<input type="search" aria-label="Search the site"[^>]*name="q"/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<span class="tree-group-title">Guides</span>');
  });
});
