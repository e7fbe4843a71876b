/**
 * What a page shows from GitBook's assets folder (issue 27, item 6): a markdown file there is
 * a file (GitBook's `{% file %}` of an uploaded `.md`), not a page; a drawing written by its
 * repository path leads to the space's file, as an image does.
 */
import { describe, expect, it } from 'vitest';
import { readRepository } from '../../src/git-sync/read-repository';
import { flatten, importedFiles, LIMITS, outline, repositoryTree } from './repository-fixture';
import { withLinksResolved } from './resolved-links';

const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"></svg>';

const repository = {
  'README.md': '# Home\n\nStart here.\n',
  'tools/README.md': [
    '# Tools',
    '',
    '{% file src="../.gitbook/assets/agent-notes (2).md" %}',
    'Notes for agents',
    '{% endfile %}',
    '',
    '<img src="../.gitbook/assets/flow.drawing.svg" alt="" class="gitbook-drawing">',
    '',
    '<img src="../.gitbook/assets/flow.drawing.svg" alt="The flow, drawn" class="gitbook-drawing">',
    '',
  ].join('\n'),
  '.gitbook/assets/agent-notes (2).md': '# Not a page\n\nA file someone uploaded.\n',
  '.gitbook/assets/flow.drawing.svg': svg,
};

describe('a repository whose pages show files of its assets folder', () => {
  it('reads a markdown file under .gitbook/assets/ as a file, and leads file and drawing links to the files', async () => {
    const content = withLinksResolved(
      await readRepository(repositoryTree(repository), await importedFiles(), LIMITS),
    );
    expect(outline(content.pages)).toEqual(['Home', 'Tools']);
    const fileRef = (path: string) => content.files.find((file) => file.git.path === path)?.ref;
    expect(content.files.map((file) => [file.git.path, file.name])).toEqual([
      ['.gitbook/assets/agent-notes (2).md', 'agent-notes (2).md'],
      ['.gitbook/assets/flow.drawing.svg', 'flow.drawing.svg'],
    ]);
    const tools = flatten(content.pages).find((page) => page.title === 'Tools');
    const notes = `quire-import:file/${fileRef('.gitbook/assets/agent-notes (2).md')}`;
    const drawing = `quire-import:file/${fileRef('.gitbook/assets/flow.drawing.svg')}`;
    expect(tools?.markdown).toContain(`{% file src="${notes}" %}`);
    expect(tools?.markdown).toContain(`<img src="${drawing}" alt="" class="gitbook-drawing">`);
    // The alt text GitBook writes is kept in the markdown.
    expect(tools?.markdown).toContain(`<img src="${drawing}" alt="The flow, drawn" class="gitbook-drawing">`);
    expect(tools?.markdown).not.toContain('.gitbook/assets');
  });
});
