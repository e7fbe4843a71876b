/**
 * A user mention's link text: GitBook writes the user's display name,
 * `[Ada Lovelace](https://app.gitbook.com/u/<id> "mention")` (issue 27, item 2). A writer that
 * knows the name gives it; a page's own names are read from its markdown.
 */
import { describe, expect, it } from 'vitest';
import { documentToMarkdown, markdownToDocument, userMentionNamesOf } from '../src/index';

const markdown =
  'By [Ada Lovelace](https://app.gitbook.com/u/u1 "mention") and [Bob *B*](https://app.gitbook.com/u/u2 "mention").\n';

describe('user mention names', () => {
  it("are read from a page's mentions, the first text of each user", () => {
    const names = userMentionNamesOf(
      markdown +
        '\nAgain [Other](https://app.gitbook.com/u/u1 "mention"), [x](https://app.gitbook.com/u/u3 "mention") [https://app.gitbook.com/u/u4](https://app.gitbook.com/u/u4 "mention") [Page](/pages/p1 "mention") [Link](https://app.gitbook.com/u/u5)\n',
    );
    expect([...names]).toEqual([
      ['u1', 'Ada Lovelace'],
      ['u2', 'Bob B'],
      ['u3', 'x'],
    ]);
  });

  it("are written as the mention's text when the writer knows them, the URL otherwise", () => {
    const document = markdownToDocument(markdown);
    const names = userMentionNamesOf(markdown);
    expect(
      documentToMarkdown(document, { userName: (id) => (id === 'u1' ? names.get(id) : undefined) }),
    ).toBe(
      'By [Ada Lovelace](https://app.gitbook.com/u/u1 "mention") and [https://app.gitbook.com/u/u2](https://app.gitbook.com/u/u2 "mention").\n',
    );
    const written = documentToMarkdown(document, { userName: () => 'Eve\n[the] *admin*' });
    expect(written).toBe(
      'By [Eve \\[the\\] \\*admin\\*](https://app.gitbook.com/u/u1 "mention") and [Eve \\[the\\] \\*admin\\*](https://app.gitbook.com/u/u2 "mention").\n',
    );
    expect(markdownToDocument(written)).toEqual(document);
  });
});
