/**
 * The entry of the job threads (`LimitedPool('job-thread')`, built as `dist/job-thread.js`):
 * the heavy, pure part of the jobs, bytes in and plain data out, never the store. Each kind's
 * code loads when a thread first runs that kind, or when it is warmed (`warm`: the server
 * warms a thread as it starts running jobs, so that its first job does not wait for the
 * thread to load). `documents-convert` is the documents' warm-up's, run by a pool of its own
 * over this entry (`documents/document-warmup.ts`), never by the jobs' threads.
 */
import { serveTasks } from './thread-task';

/**
 * The kinds' code loads one kind after another, never two module graphs at once: Node 20
 * aborts the whole process (a V8 fatal error, not an exception) when a CommonJS
 * dependency's `require()` of an ES module meets that module half-linked by another
 * `import` (nodejs/node#55782), and the kinds share dependencies. A CI run was lost to it.
 */
let loading: Promise<unknown> = Promise.resolve();

function loadedInTurn<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    if (!loaded) {
      loaded = loading.then(load, load);
      loading = loaded;
    }
    return loaded;
  };
}

const readImport = loadedInTurn(() => import('../imports/read-import-in-thread'));
const processOpenApi = loadedInTurn(() => import('../openapi/process-openapi-in-thread'));
const renderPdf = loadedInTurn(() => import('../pdf/render-pdf-in-thread'));
const readRepository = loadedInTurn(() => import('../git-sync/read-repository-in-thread'));
const convertDocuments = loadedInTurn(() => import('../documents/convert-documents-in-thread'));

export default serveTasks({
  'content-import': async (input, link) => (await readImport()).readImportInThread(input, link),
  'documents-convert': async (input) => (await convertDocuments()).convertDocumentsInThread(input),
  'git-read': async (input, link) => (await readRepository()).readRepositoryInThread(input, link),
  'openapi-process': async (input) => (await processOpenApi()).processOpenApiInThread(input),
  'pdf-render': async (input, link) => (await renderPdf()).renderPdfInThread(input, link),
  warm: async () => {
    await Promise.all([readImport(), processOpenApi(), renderPdf(), readRepository()]);
    return null;
  },
});
