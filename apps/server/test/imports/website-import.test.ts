/**
 * The 'website' import against a local site (fixtures/site): navigation, header and footer
 * left out, nested paths nested as pages, links between imported pages and images
 * rewritten, a link outside the path prefix not followed, the page limit and progress.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSiteServer, startFixtureSiteServer } from './fixture-site-server';
import { flatten, importReader, noProgress, outline } from './import-reader';

let site: FixtureSiteServer;
beforeAll(async () => {
  site = await startFixtureSiteServer();
});
afterAll(() => site.close());

describe('website import', () => {
  it('reads the pages under the prefix into a tree that follows their paths', async () => {
    const { reader, blobs } = await importReader();
    const progress: [number, number][] = [];
    const content = await reader.read({ source: 'website', url: `${site.origin}/docs/` }, (done, total) =>
      progress.push([done, total]),
    );

    // /docs/reference/ has no page of its own: a page named after the folder holds api.html.
    expect(outline(content.pages)).toEqual([
      'Welcome to Acme',
      ['Guide', ['Install']],
      ['Reference', ['API reference']],
    ]);
    expect(progress).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
    expect(content).toMatchObject({ totalResources: 5, importedResources: 5 });
    expect(site.requested).not.toContain('/blog/outside.html');

    const [logo] = content.files;
    expect(content.files).toHaveLength(1);
    expect(logo).toMatchObject({
      name: 'logo.png',
      contentType: 'image/png',
      size: 73,
      dimensions: { width: 3, height: 2 },
    });
    expect(await blobs.stat(logo?.hash ?? '')).toEqual({ size: 73 });

    const pages = flatten(content.pages);
    const byTitle = new Map(pages.map((page) => [page.title, page]));
    const refOf = (title: string) => byTitle.get(title)?.ref;
    const welcome = byTitle.get('Welcome to Acme')?.markdown ?? '';
    // Links to imported pages (an anchor kept) and images point at refs; other links stay URLs.
    expect(welcome).toContain(`[installation guide](quire-import:page/${refOf('Install')}#steps)`);
    expect(welcome).toContain('[outside world](https://example.com/elsewhere)');
    expect(welcome).toContain(`![Acme logo](quire-import:file/${logo?.ref})`);
    const install = byTitle.get('Install')?.markdown ?? '';
    expect(install).toBe(
      [
        '## Steps',
        '',
        '1. Download',
        '2. Run the installer',
        '',
        '```sh',
        'npm install acme',
        '```',
        '',
        '| OS | Supported |',
        '| - | - |',
        '| Linux | yes |',
        '| Windows | ~~no~~ yes |',
        '',
        `Back to the [welcome page](quire-import:page/${refOf('Welcome to Acme')}); next, the [API reference](quire-import:page/${refOf('API reference')}). The logo again: ![logo](quire-import:file/${logo?.ref})`,
        '',
      ].join('\n'),
    );
    for (const page of pages) {
      expect(page.markdown).not.toMatch(/Footer text|Search the site|Acme Docs|Blog/);
      // The title is the page's, not a heading of its body.
      expect(page.markdown).not.toMatch(/^# /m);
    }
  });

  it('stops at the page limit and counts what it found', async () => {
    const { reader } = await importReader({ maxPages: 10 });
    const progress: [number, number][] = [];
    const content = await reader.read(
      { source: 'website', url: `${site.origin}/generated/30/` },
      (done, total) => progress.push([done, total]),
    );
    expect(flatten(content.pages)).toHaveLength(10);
    expect(content.importedResources).toBe(10);
    expect(content.totalResources).toBe(31);
    expect(progress.at(-1)).toEqual([10, 10]);
  });

  it('starts from a page URL: its folder is the prefix', async () => {
    const { reader } = await importReader();
    const content = await reader.read(
      { source: 'website', url: `${site.origin}/docs/guide/install.html` },
      noProgress,
    );
    // Under /docs/guide/: Install itself and the guide's index, nothing above.
    expect(outline(content.pages)).toEqual(['Install', 'Guide']);
  });
});
