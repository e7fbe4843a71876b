/**
 * The server's embed resolver on its own (`src/embeds`), where a test needs other limits than
 * the server's: a page that never finishes is cut off by the time limit (a card of the URL,
 * not the title it had sent), and the card reader on adversarial pages (deep nesting, many
 * tags, unclosed markup, 64 KB each) reads what it can and never throws.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { OutboundEmbedResolver } from '../../src/embeds/outbound-embed-resolver';
import { readPageCard } from '../../src/embeds/page-card';
import { TestClock } from '../support/test-clock';
import { embedOriginPort, endHanging, requestsTo } from './embed-origin';

afterAll(() => endHanging());

describe('OutboundEmbedResolver', () => {
  it('gives up on a page that does not finish in time: the card of the URL', async () => {
    const port = await embedOriginPort();
    const resolver = new OutboundEmbedResolver(
      { maxBytes: 1024 * 1024, timeoutMs: 300, allowHosts: ['127.0.0.1'] },
      new TestClock(),
    );
    const url = `http://127.0.0.1:${port}/slow`;
    const before = requestsTo('/slow');
    expect(await resolver.resolve(url)).toEqual({ type: 'link', title: url, site: `127.0.0.1:${port}` });
    expect(requestsTo('/slow')).toBe(before + 1);
  });

  it('keeps a card until its time is up, then fetches again', async () => {
    const port = await embedOriginPort();
    const clock = new TestClock();
    const resolver = new OutboundEmbedResolver(
      { maxBytes: 1024 * 1024, timeoutMs: 5_000, allowHosts: ['127.0.0.1'] },
      clock,
    );
    const url = `http://127.0.0.1:${port}/card?kept`;
    const before = requestsTo('/card');
    await resolver.resolve(url);
    await resolver.resolve(url);
    expect(requestsTo('/card')).toBe(before + 1);
    clock.advance(61 * 60 * 1000);
    await resolver.resolve(url);
    expect(requestsTo('/card')).toBe(before + 2);
  });
});

describe('readPageCard', () => {
  const KB64 = 64 * 1024;
  it('reads the card of pages built to be hard, and never throws', () => {
    const pages = [
      `<head><title>Deep</title>${'<div>'.repeat(KB64 / 5)}</head>`,
      `<head>${'<meta property="og:title" content="x">'.repeat(KB64 / 38)}</head>`,
      `<head><title>${'<'.repeat(KB64)}`,
      `<head><meta property="og:title" content="${'"'.repeat(KB64)}`,
      `<head>${'<link rel="icon" href="javascript:alert(1)">'.repeat(KB64 / 44)}</head>`,
      '\u0000'.repeat(KB64),
    ];
    for (const page of pages) {
      const card = readPageCard(page, 'https://example.com/a');
      expect(card.icon ?? '', page.slice(0, 40)).not.toContain('javascript:');
      for (const text of [card.title, card.site]) expect((text ?? '').length).toBeLessThanOrEqual(300);
    }
    expect(readPageCard(pages[0] as string, 'https://example.com/a').title).toBe('Deep');
  });

  it('makes icons absolute, keeps http(s) ones only, and reads the head only', () => {
    expect(
      readPageCard(
        '<head><link rel="shortcut icon" href="/i.png"><link rel="alternate" type="application/json+oembed" href="oembed?u=1"></head><body><meta property="og:title" content="In the body"></body>',
        'https://example.com/docs/page',
      ),
    ).toEqual({ icon: 'https://example.com/i.png', oembed: 'https://example.com/docs/oembed?u=1' });
  });
});
