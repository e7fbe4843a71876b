/**
 * Every construct the page editor reads and writes, as markdown (each a fixed point of the
 * editor: `editor-round-trip.test.ts`); the read view renders each (`read-view.test.tsx`).
 */
export const EDITOR_CONSTRUCTS: Record<string, string> = {
  'headings 1-3': '# One\n\n## Two\n\n### Three\n',
  marks: 'Some **bold**, _italic_, `code` and ~~struck~~ text, **_both_**.\n',
  'hard break': 'line one\\\nline two\n',
  links: 'A [link](https://example.com/a?b=c) and [an anchor](#part) and [relative](other/page.md).\n',
  'bullet list, nested': '- one\n- two\n  - two a\n  - two b\n- three\n',
  'ordered list, start': '3. three\n4. four\n   1. nested\n',
  'task list': '- [ ] todo\n- [x] done\n  - [ ] nested\n',
  'code block with language': '```ts\nconst a = 1;\n\nconst b = 2;\n```\n',
  'code block without language': '```\nplain\n```\n',
  table: '| A | B | C |\n| - | :-: | -: |\n| 1 | **2** | [x](https://x.io) |\n| | two | `c` |\n',
  image: '![alt text](https://example.com/a.png "A caption")\n',
  'inline image': 'see ![icon](https://example.com/i.png) here\n',
  blockquote: '> quoted\n>\n> > nested\n',
  hints: '{% hint style="warning" %}\n\nCareful **now**.\n\n{% endhint %}\n',
  divider: 'above\n\n***\n\nbelow\n',
  'list with a code block': '- item\n\n  ```js\n  x()\n  ```\n',
  'hint info': '{% hint style="info" %}\n\nFor your **information**.\n\n{% endhint %}\n',
  'hint warning': '{% hint style="warning" %}\n\nMind the step.\n\n{% endhint %}\n',
  'hint danger': '{% hint style="danger" %}\n\n- one\n- two\n\n{% endhint %}\n',
  'hint success': '{% hint style="success" %}\n\nDone.\n\nAnd [linked](https://x.io).\n\n{% endhint %}\n',
  'code blocks with other languages': '```json\n{"a": 1}\n```\n\n```bash\nnpm run build\n```\n',
};
