/**
 * PDF export through real HTTP: `GET SPACE/pdf` and `GET CR/pdf` answer a signed link; the
 * link serves a PDF of the content (all of it, or one page and its subpages); a tampered
 * link is 403; an outsider gets no link.
 */
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expectations';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function pdfText(url: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url.replace(server.config.publicUrl, server.url));
  if (response.status !== 200) return { status: response.status, text: await response.text() };
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data: bytes });
  const { text } = await parser.getText();
  await parser.destroy();
  return { status: 200, text };
}

describe('PDF export', () => {
  it('serves the space, one page, and a change request as PDFs through signed links', async () => {
    const org = await createOrganization(server);
    const space = (
      await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
        method: 'POST',
        token: org.admin.token,
        body: { title: 'Manual' },
      })
    ).body;
    const edit = await server.api(`/v1/spaces/${space.id}/content`, {
      method: 'POST',
      token: org.admin.token,
      body: {
        changes: [
          {
            operation: 'insert_page',
            ref: 'intro',
            title: 'Introduction',
            document: { markdown: 'Read **this** first.' },
          },
          {
            operation: 'insert_page',
            into: 'intro',
            title: 'Install',
            document: { markdown: '```sh\nquire start --port 8080\n```' },
          },
          {
            operation: 'insert_page',
            title: 'Appendix',
            document: { markdown: '| key | value |\n| --- | --- |\n| port | 8080 |' },
          },
        ],
      },
    });
    const introId = edit.body.changes[0].page.id;
    const whole = await server.api(`/v1/spaces/${space.id}/pdf`, { token: org.admin.token });
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    expect(whole.body.url).toMatch(new RegExp(`^${server.config.publicUrl}/pdf/`));
    const all = await pdfText(whole.body.url);
    for (const expected of [
      'Manual',
      'Introduction',
      'Install',
      'Appendix',
      'quire start --port 8080',
      'port',
    ]) {
      expect(all.text).toContain(expected);
    }
    const only = await server.api(`/v1/spaces/${space.id}/pdf?only=true&page=${introId}`, {
      token: org.admin.token,
    });
    const part = await pdfText(only.body.url);
    expect(part.text).toContain('Install');
    expect(part.text).not.toContain('Appendix');

    const cr = (
      await server.api(`/v1/spaces/${space.id}/change-requests`, {
        method: 'POST',
        token: org.admin.token,
        body: { subject: 'x' },
      })
    ).body;
    await server.api(`/v1/spaces/${space.id}/change-requests/${cr.number}/content`, {
      method: 'POST',
      token: org.admin.token,
      body: {
        changes: [{ operation: 'insert_page', title: 'Proposed chapter', document: { markdown: 'New.' } }],
      },
    });
    const crLink = await server.api(`/v1/spaces/${space.id}/change-requests/${cr.number}/pdf`, {
      token: org.admin.token,
    });
    expect((await pdfText(crLink.body.url)).text).toContain('Proposed chapter');

    // One character changed: refused.
    const token = whole.body.url.split('/pdf/')[1] as string;
    const tampered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    expect((await pdfText(`${server.config.publicUrl}/pdf/${tampered}`)).status).toBe(403);
  });

  it('prints GitBook’s blocks readably: math typeset inline, tabs titled, steps numbered, files named', async () => {
    const org = await createOrganization(server);
    const space = (
      await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
        method: 'POST',
        token: org.admin.token,
        body: { title: 'Blocks' },
      })
    ).body;
    const markdown = [
      'The area is $$\\pi r^2$$ and the root $$\\sqrt{x_1}$$ here.',
      '{% tabs %}\n{% tab title="Linux tab" %}\nOn Linux $$\\alpha_{k}$$.\n{% endtab %}\n\n{% tab title="Mac tab" %}\nOn Mac.\n{% endtab %}\n{% endtabs %}',
      '{% stepper %}\n{% step %}\nFirst step.\n{% endstep %}\n\n{% step %}\nSecond step.\n{% endstep %}\n{% endstepper %}',
      '<details>\n\n<summary>The summary</summary>\n\nHidden body.\n\n</details>',
      '{% updates format="full" %}\n{% update date="2026-11-20" %}\nShipped.\n{% endupdate %}\n{% endupdates %}',
      '{% if visitor.claims.beta %}\nFor beta readers.\n{% endif %}',
      '<a href="https://example.com/go" class="button primary">Go now</a>',
      '{% file src="https://example.com/files/guide.pdf" %}\nThe guide\n{% endfile %}',
      '{% code title="main.ts" %}\n```ts\nrun();\n```\n{% endcode %}',
    ].join('\n\n');
    const edit = await server.api(`/v1/spaces/${space.id}/content`, {
      method: 'POST',
      token: org.admin.token,
      body: { changes: [{ operation: 'insert_page', title: 'Everything', document: { markdown } }] },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const link = await server.api(`/v1/spaces/${space.id}/pdf`, { token: org.admin.token });
    const { text } = await pdfText(link.body.url);
    for (const expected of [
      'The area is',
      'here.',
      'Linux tab',
      'Mac tab',
      '1.',
      'First step.',
      '2.',
      'Second step.',
      'The summary',
      'Hidden body.',
      '2026-11-20',
      'Shipped.',
      'For beta readers.',
      'Go now',
      'File:',
      'The guide',
      'main.ts',
      'run();',
    ])
      expect(text).toContain(expected);
    // The formulas are drawn, not printed: no TeX source, no tag left.
    for (const source of ['\\pi', 'r^2', '\\sqrt', 'x_1', '\\alpha', '{%', '$$'])
      expect(text).not.toContain(source);
  });

  it('gives no link to who cannot view the content, nor for a page that is not in it', async () => {
    const org = await createOrganization(server);
    const space = (
      await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
        method: 'POST',
        token: org.admin.token,
        body: { title: 'Secret' },
      })
    ).body;
    const other = await createOrganization(server);
    expectError(await server.api(`/v1/spaces/${space.id}/pdf`, { token: other.admin.token }), 404);
    expectError(
      await server.api(`/v1/spaces/${space.id}/pdf?only=true&page=nope`, { token: org.admin.token }),
      404,
    );
  });
});
