/** GitBook's heading anchors: the slug of a heading's text, numbered when repeated. */
import { describe, expect, it } from 'vitest';
import { headingAnchors, headingSlug } from '../src/heading-anchors';

describe('headingSlug', () => {
  it.each([
    ['Getting Started', 'getting-started'],
    ['Getting Started!', 'getting-started'],
    ['  API  v2.0 — usage ', 'api-v2-0-usage'],
    ['Café & crème', 'café-crème'],
    ['***', ''],
  ])('%j → %j', (title, slug) => {
    expect(headingSlug(title)).toBe(slug);
  });
});

describe('headingAnchors', () => {
  it.each([
    [[], []],
    [
      ['Setup', 'Setup', 'Setup'],
      ['setup', 'setup-1', 'setup-2'],
    ],
    [
      ['***', '', 'Section'],
      ['section', 'section-1', 'section-2'],
    ],
    [
      ['Getting Started', 'Getting started!'],
      ['getting-started', 'getting-started-1'],
    ],
  ])('%j → %j', (titles, anchors) => {
    expect(headingAnchors(titles)).toEqual(anchors);
  });
});
