/** A body's outline: what `markdownSections` and `linksOf` read, from one parse. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linksOf, markdownOutline, markdownSections } from '../src/index';

const lines = [
  '',
  '# Heading',
  '## Heading',
  'text with *em*, `code` and [a link](https://e.com "t")',
  '- item with [a page](./page.md)',
  '![img](https://e.com/i.png)',
  '[ref]: https://e.com/ref',
  '[x][ref]',
  '<https://auto.example.com>',
  '{% hint style="info" %}',
  '{% endhint %}',
  '```js',
  'code [not a link](x)',
  '```',
  '| a | [b](#heading) |',
  '| - | - |',
];

describe('markdownOutline', () => {
  it('reads the sections and links the separate readers read (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...lines), { maxLength: 16 }), (picked) => {
        const markdown = picked.join('\n') + '\n';
        expect(markdownOutline(markdown)).toEqual({
          sections: markdownSections(markdown),
          links: linksOf(markdown),
        });
      }),
      { numRuns: 150 },
    );
  });

  it('gives a heading its anchor and keeps links in document order', () => {
    const outline = markdownOutline(
      'Intro [a](./a.md)\n\n# Set up\n\nSee ![i](/files/f) and [b][r].\n\n[r]: #set-up\n',
    );
    expect(outline.sections.map((section) => section.heading?.anchor ?? null)).toEqual([null, 'set-up']);
    expect(outline.links).toEqual([
      { kind: 'link', url: './a.md' },
      { kind: 'image', url: '/files/f' },
      { kind: 'reference', url: '#set-up' },
    ]);
  });
});

describe("linksOf: GitBook's blocks", () => {
  it('lists the links inside every block and the URLs of content-refs, embeds, files and OpenAPI blocks', () => {
    const markdown = [
      '{% stepper %}\n{% step %}\n### One\n\nSee [the guide](guide.md).\n{% endstep %}\n{% endstepper %}',
      '{% tabs %}\n{% tab title="A" %}\n![shot](.gitbook/assets/shot.png)\n{% endtab %}\n{% endtabs %}',
      '{% columns %}\n{% column %}\n{% hint style="info" %}\n[in a hint](https://example.com/hint)\n{% endhint %}\n{% endcolumn %}\n{% endcolumns %}',
      '{% content-ref url="setup/README.md" %}\n[README.md](setup/README.md)\n{% endcontent-ref %}',
      '{% embed url="https://www.youtube.com/watch?v=1" %}',
      '{% file src=".gitbook/assets/manual.pdf" %}\nThe [manual](https://example.com/about)\n{% endfile %}',
      '{% openapi src="https://petstore.example/openapi.json" path="/pets" method="get" %}\n[openapi.json](https://petstore.example/openapi.json)\n{% endopenapi %}',
      '{% code title="https://not.a/link" %}\n```\nhttps://in.code/x\n```\n{% endcode %}',
      '{% include "../.gitbook/includes/shared.md" %}',
      '{% @github-files/github-code-block url="https://github.com/o/r/blob/main/x.ts" %}',
      '{% drawing src="/files/drawing-1" %}',
      '{% updates format="full" %}\n{% update date="2024-01-01" %}\n[changelog](changes.md)\n{% endupdate %}\n{% endupdates %}',
    ].join('\n\n');
    expect(linksOf(markdown)).toEqual([
      { kind: 'link', url: 'guide.md' },
      { kind: 'image', url: '.gitbook/assets/shot.png' },
      { kind: 'link', url: 'https://example.com/hint' },
      { kind: 'content-ref', url: 'setup/README.md' },
      { kind: 'embed', url: 'https://www.youtube.com/watch?v=1' },
      { kind: 'file', url: '.gitbook/assets/manual.pdf' },
      { kind: 'link', url: 'https://example.com/about' },
      { kind: 'openapi', url: 'https://petstore.example/openapi.json' },
      { kind: 'link', url: 'https://petstore.example/openapi.json' },
      { kind: 'include', url: '../.gitbook/includes/shared.md' },
      { kind: 'embed', url: 'https://github.com/o/r/blob/main/x.ts' },
      { kind: 'drawing', url: '/files/drawing-1' },
      { kind: 'link', url: 'changes.md' },
    ]);
  });
});

describe("linksOf: GitBook's HTML blocks", () => {
  it('lists figures (and dark variants), buttons, cards targets and covers, links in summaries and captions', () => {
    const markdown = [
      '<details>\n\n<summary>See <a href="summary.md">this</a></summary>\n\n[inside](inside.md)\n\n</details>',
      '<figure><picture><source srcset="https://e.com/dark.png" media="(prefers-color-scheme: dark)"><img src="https://e.com/light.png" alt="A"></picture><figcaption><p>From <a href="https://e.com/src">the source</a></p></figcaption></figure>',
      'Go <a href="start.md" class="button primary">Start</a>.',
      '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th></tr></thead><tbody><tr><td><a href="https://e.com/text">text</a></td><td><a href="quickstart.md">quickstart.md</a></td><td><a href=".gitbook/assets/cover.png">cover.png</a></td></tr></tbody></table>',
    ].join('\n\n');
    expect(linksOf(markdown)).toEqual([
      { kind: 'link', url: 'summary.md' },
      { kind: 'link', url: 'inside.md' },
      { kind: 'image', url: 'https://e.com/light.png' },
      { kind: 'image', url: 'https://e.com/dark.png' },
      { kind: 'link', url: 'https://e.com/src' },
      { kind: 'button', url: 'start.md' },
      { kind: 'link', url: 'https://e.com/text' },
      { kind: 'card', url: 'quickstart.md' },
      { kind: 'card-cover', url: '.gitbook/assets/cover.png' },
    ]);
  });
});
