/**
 * The one-document and archive sources: an HTML page, a markdown file, a zip of markdown
 * and images (README as a folder's page, SUMMARY.md deciding order and nesting, relative
 * links), a docx (built in the test: a docx is a zip of XML parts); fetched from the local
 * server or given as bytes.
 */
import { readFile } from 'node:fs/promises';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSiteServer, startFixtureSiteServer } from './fixture-site-server';
import { flatten, importReader, noProgress, outline } from './import-reader';
import { boldParagraph, imageParagraph, minimalDocx, paragraph } from './minimal-docx';

const fixture = (name: string) => readFile(new URL(`./fixtures/${name}`, import.meta.url));

let site: FixtureSiteServer;
let png: Uint8Array;
beforeAll(async () => {
  site = await startFixtureSiteServer();
  png = new Uint8Array(await fixture('site/docs/img/logo.png'));
  site.serve('/release-notes.html', await fixture('page.html'), 'text/html');
  site.serve('/notes.md', await fixture('notes.md'), 'text/markdown');
});
afterAll(() => site.close());

describe('html import', () => {
  it('reads the main content of one page, its images stored', async () => {
    const { reader } = await importReader();
    // The page's image is relative to /docs/: served from there too.
    site.serve('/site/docs/img/logo.png', png, 'image/png');
    const content = await reader.read(
      { source: 'html', url: `${site.origin}/release-notes.html` },
      noProgress,
    );
    expect(outline(content.pages)).toEqual(['Release notes 2.0']);
    expect(content.pages[0]?.markdown).toBe(
      [
        'Version 2.0 brings **speed** and `new APIs`.',
        '',
        '## Changes',
        '',
        '- Faster builds',
        '- Smaller bundles',
        '',
        '```js',
        'console.log("2.0");',
        '```',
        '',
        `![logo](quire-import:file/${content.files[0]?.ref})`,
        '',
      ].join('\n'),
    );
    expect(content).toMatchObject({ totalResources: 2, importedResources: 2 });
  });

  it('refuses a URL that answers something else than HTML', async () => {
    const { reader } = await importReader();
    await expect(
      reader.read({ source: 'html', url: `${site.origin}/docs/img/logo.png` }, noProgress),
    ).rejects.toMatchObject({
      reason: 'not-that-type',
      message: 'The source is not an HTML document',
    });
  });
});

describe('markdown import', () => {
  // The body as written: the import job reads it through the markdown threads, which
  // normalize it (test/content/content-imports.test.ts reads the stored page).
  it('takes the title from the front matter and keeps the body', async () => {
    const { reader } = await importReader();
    const content = await reader.read({ source: 'markdown', url: `${site.origin}/notes.md` }, noProgress);
    expect(content.pages).toEqual([
      {
        ref: 'page-1',
        title: 'Meeting notes',
        markdown:
          '\nNotes with **bold**, a [link](https://example.com) and code:\n\n```python\nprint("hi")\n```\n',
        children: [],
      },
    ]);
  });

  it.each([
    ['# Heading title\n\nBody.\n', 'Heading title', '\nBody.\n'],
    ['Just text.\n', 'Release plan', 'Just text.\n'],
  ])('without front matter: %j is titled %j', async (text, title, markdown) => {
    const { reader } = await importReader();
    const content = await reader.read(
      { source: 'markdown', bytes: strToU8(text), name: 'release-plan.md' },
      noProgress,
    );
    expect(content.pages[0]).toMatchObject({ title, markdown });
  });

  it('refuses bytes that are not text', async () => {
    const { reader } = await importReader();
    await expect(
      reader.read({ source: 'markdown', bytes: png, name: 'x.md' }, noProgress),
    ).rejects.toMatchObject({
      reason: 'not-that-type',
    });
  });
});

describe('zip import', () => {
  const files = () => ({
    'book/README.md': strToU8(
      '# Introduction\n\nStart [here](getting-started/README.md) or see the [API](reference/api.md#calls).\n',
    ),
    'book/getting-started/README.md': strToU8('# Getting started\n\n![diagram](../images/diagram.png)\n'),
    'book/getting-started/install.md': strToU8(
      '# Install\n\nBack to [the start](../README.md), or [getting started](./).\n',
    ),
    'book/reference/api.md': strToU8(
      '---\ntitle: API\n---\nCall it. [Elsewhere](https://example.com/x.md)\n',
    ),
    'book/images/diagram.png': png,
    'book/.DS_Store': strToU8('junk'),
    '__MACOSX/book/._README.md': strToU8('junk'),
  });

  it('nests by folders, a README being its folder page, links and images rewritten', async () => {
    const { reader } = await importReader();
    site.serve('/book.zip', zipSync(files()), 'application/zip');
    const content = await reader.read({ source: 'zip', url: `${site.origin}/book.zip` }, noProgress);
    expect(outline(content.pages)).toEqual([
      'Introduction',
      ['Getting started', ['Install']],
      ['Reference', ['API']],
    ]);
    const byTitle = new Map(flatten(content.pages).map((page) => [page.title, page]));
    const ref = (title: string) => byTitle.get(title)?.ref;
    expect(byTitle.get('Introduction')?.markdown).toBe(
      `Start [here](quire-import:page/${ref('Getting started')}) or see the [API](quire-import:page/${ref('API')}#calls).\n`,
    );
    expect(byTitle.get('Getting started')?.markdown).toBe(
      `![diagram](quire-import:file/${content.files[0]?.ref})\n`,
    );
    expect(byTitle.get('Install')?.markdown).toBe(
      `Back to [the start](quire-import:page/${ref('Introduction')}), or [getting started](quire-import:page/${ref('Getting started')}).\n`,
    );
    expect(byTitle.get('API')?.markdown).toBe('Call it. [Elsewhere](https://example.com/x.md)\n');
    expect(content.files).toMatchObject([
      { name: 'diagram.png', contentType: 'image/png', size: png.byteLength },
    ]);
    expect(content).toMatchObject({ totalResources: 5, importedResources: 5 });
  });

  it('follows SUMMARY.md for order, nesting and titles', async () => {
    const { reader } = await importReader();
    const summary = [
      '# Table of contents',
      '',
      '* [Welcome](README.md)',
      '',
      '## Reference',
      '',
      '* [The API](reference/api.md)',
      '  * [Installing](getting-started/install.md)',
      '* [Getting started](getting-started/)',
    ].join('\n');
    const bytes = zipSync({ ...files(), 'book/SUMMARY.md': strToU8(summary) });
    const progress: [number, number][] = [];
    const content = await reader.read({ source: 'zip', bytes, name: 'book.zip' }, (done, total) =>
      progress.push([done, total]),
    );
    expect(outline(content.pages)).toEqual(['Welcome', ['The API', ['Installing']], 'Getting started']);
    expect(progress.at(-1)).toEqual([5, 5]);
  });
});

describe('docx import', () => {
  it('reads one page, its headings, bold text and embedded image', async () => {
    const { reader } = await importReader();
    const docx = minimalDocx(
      [
        paragraph('Quarterly report', 'Title'),
        boldParagraph('Revenue grew ', 'strongly'),
        paragraph('Details', 'Heading2'),
        paragraph('More text.'),
        imageParagraph(),
      ].join(''),
      png,
    );
    site.serve(
      '/report.docx',
      docx,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const content = await reader.read({ source: 'docx', url: `${site.origin}/report.docx` }, noProgress);
    expect(content.files).toMatchObject([
      { contentType: 'image/png', size: png.byteLength, dimensions: { width: 3, height: 2 } },
    ]);
    expect(content.pages).toEqual([
      {
        ref: 'page-1',
        title: 'Quarterly report',
        markdown: `Revenue grew **strongly**\n\n## Details\n\nMore text.\n\n![diagram](quire-import:file/${content.files[0]?.ref})\n`,
        children: [],
      },
    ]);
  });
});

describe("GitBook's blocks from imported documents", () => {
  it('zip: the targets of content-refs, file blocks, figures and cards are rewritten like links', async () => {
    const { reader } = await importReader();
    const bytes = zipSync({
      'README.md': strToU8(
        [
          '# Home',
          '{% content-ref url="guide.md" %}\n[guide.md](guide.md)\n{% endcontent-ref %}',
          '{% file src=".gitbook/assets/shot.png" %}\nThe shot\n{% endfile %}',
          '<figure><img src=".gitbook/assets/shot.png" alt="Shot"><figcaption><p>Caption</p></figcaption></figure>',
          '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td>Guide</td><td><a href="guide.md">guide.md</a></td></tr></tbody></table>',
        ].join('\n\n'),
      ),
      'guide.md': strToU8('# Guide\n\nText.\n'),
      '.gitbook/assets/shot.png': png,
    });
    const content = await reader.read({ source: 'zip', bytes, name: 'book.zip' }, noProgress);
    const byTitle = new Map(flatten(content.pages).map((page) => [page.title, page]));
    const guide = `quire-import:page/${byTitle.get('Guide')?.ref}`;
    const shot = `quire-import:file/${content.files[0]?.ref}`;
    const home = byTitle.get('Home')?.markdown ?? '';
    expect(home).toContain(`{% content-ref url="${guide}" %}`);
    expect(home).toContain(`{% file src="${shot}" %}`);
    expect(home).toContain(`<img src="${shot}" alt="Shot">`);
    expect(home).toContain(`<a href="${guide}">guide.md</a>`);
    expect(home).not.toMatch(/\.gitbook\/assets|"guide\.md"/);
  });

  it("docx: a paragraph of Word's Caption style after an image is the image's caption", async () => {
    const { reader } = await importReader();
    const docx = minimalDocx(
      [
        paragraph('Captioned', 'Title'),
        imageParagraph(),
        paragraph('Figure 1: the diagram', 'Caption'),
        paragraph('A caption of no image', 'Caption'),
      ].join(''),
      png,
    );
    site.serve(
      '/captions.docx',
      docx,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const content = await reader.read({ source: 'docx', url: `${site.origin}/captions.docx` }, noProgress);
    expect(content.pages[0]?.markdown).toBe(
      `<figure><img src="quire-import:file/${content.files[0]?.ref}" alt="diagram"><figcaption><p>Figure 1: the diagram</p></figcaption></figure>\n\nA caption of no image\n`,
    );
  });

  it('html: callouts are hints, figures captioned images, details expandables, tab sets tabs (hidden panels too), scripts nowhere', async () => {
    const { reader } = await importReader();
    site.serve(
      '/callouts.html',
      strToU8(`<!doctype html><html><head><title>Callouts</title></head><body><nav>menu</nav>
<aside class="sidebar">Sidebar links</aside>
<main><h1>Callouts</h1>
<p>An introduction long enough for the reader view to take this page as an article worth reading.</p>
<div class="admonition warning"><p class="admonition-title">Warning</p><p>Back up first.</p></div>
<aside class="note"><p>An aside that is a note.</p></aside>
<figure><img src="/site/docs/img/logo.png" alt="Logo"><figcaption>Our logo<script>alert(1)</script></figcaption></figure>
<details><summary>More <b>details</b></summary><p>Hidden until opened.</p></details>
<div class="tabs-container"><ul role="tablist"><li role="tab" aria-controls="tab-npm">npm</li><li role="tab" aria-controls="tab-yarn">Yarn</li></ul>
<div><div role="tabpanel" id="tab-npm"><pre><code>npm install thing</code></pre></div><div role="tabpanel" id="tab-yarn" hidden><p>Yarn words.</p></div></div></div>
<div class="tabbed-set" data-tabs="1:2"><input checked id="__tabbed_1_1" name="__tabbed_1" type="radio"><input id="__tabbed_1_2" name="__tabbed_1" type="radio">
<div class="tabbed-labels"><label for="__tabbed_1_1">C</label><label for="__tabbed_1_2">Rust</label></div>
<div class="tabbed-content"><div class="tabbed-block"><p>C words.</p></div><div class="tabbed-block"><p>Rust words.</p></div></div></div>
<p>A closing paragraph, also long enough to count as content of the article for the reader view.</p>
<script>alert(2)</script></main></body></html>`),
      'text/html',
    );
    site.serve('/site/docs/img/logo.png', png, 'image/png');
    const content = await reader.read({ source: 'html', url: `${site.origin}/callouts.html` }, noProgress);
    const markdown = content.pages[0]?.markdown ?? '';
    expect(markdown).toContain('{% hint style="warning" %}\n\nBack up first.\n\n{% endhint %}');
    expect(markdown).toContain('{% hint style="info" %}\n\nAn aside that is a note.\n\n{% endhint %}');
    expect(markdown).toContain(
      `<figure><img src="quire-import:file/${content.files[0]?.ref}" alt="Logo"><figcaption><p>Our logo</p></figcaption></figure>`,
    );
    expect(markdown).toContain(
      '<details>\n\n<summary>More <strong>details</strong></summary>\n\nHidden until opened.\n\n</details>',
    );
    expect(markdown).toContain(
      '{% tabs %}\n\n{% tab title="npm" %}\n\n```\nnpm install thing\n```\n\n{% endtab %}\n\n{% tab title="Yarn" %}\n\nYarn words.\n\n{% endtab %}\n\n{% endtabs %}',
    );
    expect(markdown).toContain(
      '{% tabs %}\n\n{% tab title="C" %}\n\nC words.\n\n{% endtab %}\n\n{% tab title="Rust" %}\n\nRust words.\n\n{% endtab %}\n\n{% endtabs %}',
    );
    expect(markdown).not.toMatch(/Sidebar|menu|alert|script/);
  });
});
