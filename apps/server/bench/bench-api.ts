/**
 * What the HTTP benchmarks share: a JSON client of the REST face holding one token, a space
 * seeded as groups of pages (the 5,000-page shape of the content and link benchmarks), and
 * the order statistics every benchmark prints.
 */

// biome-ignore lint/suspicious/noExplicitAny: the benchmarks read response bodies freely
export type Json = any;

/** GET when there is no body, POST with a JSON body otherwise; throws on any non-2xx. */
export type BenchApi = (path: string, body?: unknown) => Promise<Json>;

export function benchApi(baseUrl: string, token: string): BenchApi {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  return async (path, body) => {
    const response = await fetch(baseUrl + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 500)}`);
    return JSON.parse(text);
  };
}

export interface GroupedSpaceShape {
  groups: number;
  perGroup: number;
  /** Markdown of the top-level page `group`. */
  groupBody: (group: number) => string;
  /** Title and markdown of page `index` under `group`; `firstGroupId` lets bodies link to it. */
  page: (group: number, index: number, firstGroupId: string) => { title: string; markdown: string };
}

/**
 * A space of `groups` top-level pages with `perGroup` subpages each, written 50 pages per
 * content edit (the size of a large real edit). Answers the space and its top-level pages.
 */
export async function seedGroupedSpace(api: BenchApi, organizationId: string, shape: GroupedSpaceShape) {
  const space = await api(`/v1/orgs/${organizationId}/spaces`, { title: 'Big space' });
  await api(`/v1/spaces/${space.id}/content`, {
    changes: Array.from({ length: shape.groups }, (_, g) => ({
      operation: 'insert_page',
      title: `Group ${g}`,
      document: { markdown: shape.groupBody(g) },
    })),
  });
  const groups: Array<{ id: string }> = (await api(`/v1/spaces/${space.id}/content/pages`)).pages;
  const firstGroupId = groups[0]?.id ?? '';
  for (const [g, group] of groups.entries()) {
    for (let start = 0; start < shape.perGroup; start += 50) {
      const count = Math.min(50, shape.perGroup - start);
      await api(`/v1/spaces/${space.id}/content`, {
        changes: Array.from({ length: count }, (_, k) => {
          const page = shape.page(g, start + k, firstGroupId);
          return {
            operation: 'insert_page',
            into: group.id,
            title: page.title,
            document: { markdown: page.markdown },
          };
        }),
      });
    }
  }
  return { space, groups };
}

/**
 * About 700 bytes of typical documentation markdown for page `n`: a heading, a list, a code
 * block, a quote, a table and a link (the page of the content, PDF and translation benchmarks).
 */
export const documentationBody = (n: number): string =>
  [
    `Page ${n} explains one part of the product in a few paragraphs.`,
    '',
    '## Setup',
    '',
    `Install the tool, then run **quire ${n}** with your settings. See [the guide](https://example.com/${n}).`,
    '',
    '- first step, with `code`',
    '- second step',
    '- third step',
    '',
    '```sh',
    `quire run --page ${n}`,
    '```',
    '',
    '> A note about this page and what to read next.',
    '',
    '| option | meaning |',
    '| --- | --- |',
    '| one | the first |',
    '| two | the second |',
    '',
    'A closing paragraph that is long enough to look like real documentation text, '.repeat(4),
  ].join('\n');

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
export const p90 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)] ?? 0;
