/**
 * A page holding every GitBook block, rendered by the read view's `DocumentView` in the app's
 * styles, for the browser test (`document-blocks.test.ts`): built by Vite on its own, served
 * with the app's Content-Security-Policy.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { DocRef } from '../../../../src/content/blocks/document-shape';
import { DocumentView } from '../../../../src/content/blocks/document-view';
import type { DocumentRendering } from '../../../../src/content/blocks/render-context';
import '../../../../src/styles/app.css';
import { EVERY_BLOCK, paragraph } from '../../../support/every-block-document';

const rendering: Partial<DocumentRendering> = {
  anchors: true,
  pageOf: (ref: DocRef) =>
    ref.kind === 'page'
      ? { title: 'Install', href: '#install', emoji: '🚀', description: 'Run Quire on your server.' }
      : undefined,
  fileOf: (ref: DocRef) =>
    ref.kind === 'file' && ref.file === 'file-guide'
      ? { name: 'guide.pdf', url: '/files/guide.pdf', size: 2_400_000, contentType: 'application/pdf' }
      : ref.kind === 'file'
        ? { name: 'drawing.svg', url: '/files/drawing.svg' }
        : undefined,
  expressionValue: (expression: string) => (expression === 'space.vars.version' ? '2.1' : undefined),
  ReusableContent: ({ render: show }) =>
    show({ object: 'document', nodes: [paragraph('Reusable: contact support at any time.')] }),
};

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <main id="main" className="page-main">
      <article className="page-article" aria-labelledby="page-title">
        <header className="page-header">
          <h1 id="page-title">GitBook’s blocks</h1>
        </header>
        <DocumentView document={EVERY_BLOCK} rendering={rendering} />
      </article>
    </main>
  </StrictMode>,
);
