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
      { kind: 'link', url: 'changes.md' },
    ]);
  });
});
