import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { FrontMatterError, readPageFrontMatter, splitFrontMatter } from '../src/index';

describe('splitFrontMatter', () => {
  it('splits YAML front matter from the body', () => {
    const markdown =
      '---\ntitle: Getting started\ndescription: First steps\nicon: rocket\nhidden: true\n---\n\n# Hello\n';
    expect(splitFrontMatter(markdown)).toEqual({
      data: { title: 'Getting started', description: 'First steps', icon: 'rocket', hidden: true },
      body: '\n# Hello\n',
    });
  });

  it.each([
    ['no front matter', '# Hello\n', { data: {}, body: '# Hello\n' }],
    ['an empty front matter', '---\n---\nbody\n', { data: {}, body: 'body\n' }],
    ['a rule later in the text', 'text\n\n---\n\nmore\n', { data: {}, body: 'text\n\n---\n\nmore\n' }],
  ])('%s', (_name, markdown, expected) => {
    expect(splitFrontMatter(markdown)).toEqual(expected);
  });

  it.each([
    ['a list', '---\n- a\n- b\n---\n', 'front matter must be a YAML mapping (key: value lines), not a list'],
    [
      'a scalar',
      '---\njust text\n---\n',
      'front matter must be a YAML mapping (key: value lines), not a string',
    ],
  ])('refuses %s', (_name, markdown, message) => {
    expect(() => splitFrontMatter(markdown)).toThrow(new FrontMatterError(message));
  });

  it('refuses invalid YAML with the parser message', () => {
    expect(() => splitFrontMatter('---\ntitle: [unclosed\n---\n')).toThrow(
      /^front matter is not valid YAML: /,
    );
  });
});

describe('readPageFrontMatter', () => {
  it('validates the honoured fields and keeps the others aside', () => {
    expect(readPageFrontMatter({ title: 'T', emoji: '1f600', layout: { width: 'wide' } })).toEqual({
      fields: { title: 'T', emoji: '1f600' },
      extra: { layout: { width: 'wide' } },
    });
  });

  it('refuses a wrong type, naming the field', () => {
    let error: unknown;
    try {
      readPageFrontMatter({ hidden: 'yes' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues.map((issue) => issue.path.join('.'))).toEqual(['hidden']);
  });
});
