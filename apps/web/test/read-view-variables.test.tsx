/**
 * Variables in the read view (`content/app-rendering.tsx`, `content/expression-values.ts`):
 * `{{ space.vars.x }}` shows the revision's variable, `{{ page.vars.x }}` the page's, read
 * at the change request being read; an expression with no value shows as itself, marked,
 * with "no value" said in words; what is not a variable or a literal is never evaluated.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTrpc, TRPCProvider } from '../src/api/trpc';
import { AppRenderingProvider } from '../src/content/app-rendering';
import { evaluateExpression } from '../src/content/expression-values';
import { Markdown } from '../src/content/markdown';
import { type Call, fakeLinks, type Handler } from './support/fake-server';

const HANDLERS: Record<string, Handler> = {
  'spaces.content.pages.list': () => ({ pages: [] }),
  'spaces.content.files.list': () => ({ items: [], count: 0 }),
  'spaces.content.get': (input) =>
    (input as { changeRequestId?: string }).changeRequestId === 'cr1'
      ? { variables: { version: '3.0-beta' } }
      : { variables: { version: '2.1', count: 3, beta: false, __proto__: 'no' } },
};

function renderPage(text: string, options: { changeRequestId?: string; pageVariables?: unknown } = {}) {
  const calls: Call[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { client } = createTrpc(queryClient, fakeLinks(HANDLERS, calls));
  render(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={client} queryClient={queryClient}>
        <AppRenderingProvider
          organizationId="org"
          spaceId="sp"
          changeRequestId={options.changeRequestId}
          pageVariables={options.pageVariables}
        >
          <Markdown text={text} anchors />
        </AppRenderingProvider>
      </TRPCProvider>
    </QueryClientProvider>,
  );
  return calls;
}

describe('variables in the read view', () => {
  it("shows the space's and the page's variables, numbers and booleans as written", async () => {
    renderPage(
      'Version {{ space.vars.version }}, {{ space.vars.count }} parts, beta {{ space.vars.beta }}, owner {{ page.vars.owner }}.\n',
      { pageVariables: { owner: 'Ops team' } },
    );
    await waitFor(() => expect(screen.getByText('2.1')).toHaveClass('doc-expression'));
    expect(screen.getByText('3')).toHaveClass('doc-expression');
    expect(screen.getByText('false')).toHaveClass('doc-expression');
    expect(screen.getByText('Ops team')).toHaveClass('doc-expression');
    expect(document.querySelector('.doc-expression-unknown')).toBeNull();
  });

  it('reads the variables of the change request being read', async () => {
    const calls = renderPage('Version {{ space.vars.version }}.\n', { changeRequestId: 'cr1' });
    await waitFor(() => expect(screen.getByText('3.0-beta')).toBeInTheDocument());
    expect(calls).toContainEqual(
      expect.objectContaining({
        path: 'spaces.content.get',
        input: expect.objectContaining({ changeRequestId: 'cr1' }),
      }),
    );
  });

  it('shows an unknown variable as a marked placeholder saying it has no value', async () => {
    renderPage(
      'Version {{ space.vars.version }}, {{ space.vars.missing }} and {{ page.vars.version }} and {{ space.vars.constructor }}.\n',
    );
    await waitFor(() => expect(screen.getByText('2.1')).toBeInTheDocument());
    const unknown = [...document.querySelectorAll('.doc-expression-unknown')];
    expect(unknown.map((element) => element.textContent)).toEqual([
      '{{ space.vars.missing }} (no value)',
      '{{ page.vars.version }} (no value)',
      '{{ space.vars.constructor }} (no value)',
    ]);
    expect(unknown[0]).toHaveAttribute('title', 'No value for space.vars.missing here');
  });
});

describe('evaluating an expression', () => {
  const scope = { space: { a: 'x' }, page: { b: 2 } };
  it('reads variables and literals, nothing else', () => {
    expect(evaluateExpression(' space.vars.a ', scope)).toEqual({ known: true, text: 'x' });
    expect(evaluateExpression('space.vars["a"]', scope)).toEqual({ known: true, text: 'x' });
    expect(evaluateExpression('page.vars.b', scope)).toEqual({ known: true, text: '2' });
    expect(evaluateExpression('"lit"', scope)).toEqual({ known: true, text: 'lit' });
    expect(evaluateExpression('12.5', scope)).toEqual({ known: true, text: '12.5' });
    expect(evaluateExpression('page.vars.a', scope)).toEqual({
      known: false,
      reason: 'unknown-variable',
      variable: 'page.vars.a',
    });
    for (const expression of ['space.vars.a + 1', 'alert(1)', 'space.vars.constructor', 'x'.repeat(2000)])
      expect(evaluateExpression(expression, scope).known).toBe(false);
  });
});
