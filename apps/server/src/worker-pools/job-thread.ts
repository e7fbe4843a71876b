/**
 * The entry of the job threads (`LimitedPool('job-thread')`, built as `dist/job-thread.js`):
 * the heavy, pure part of the jobs, bytes in and plain data out, never the store. Each kind's
 * code loads when a thread first runs that kind, or when it is warmed (`warm`: the server
 * warms a thread as it starts running jobs, so that its first job does not wait for the
 * thread to load). `documents-convert` is the documents' warm-up's, run by a pool of its own
 * over this entry (`documents/document-warmup.ts`), never by the jobs' threads.
 */
import { serveTasks } from './thread-task';

const readImport = () => import('../imports/read-import-in-thread');
const processOpenApi = () => import('../openapi/process-openapi-in-thread');
const renderPdf = () => import('../pdf/render-pdf-in-thread');
const readRepository = () => import('../git-sync/read-repository-in-thread');
const convertDocuments = () => import('../documents/convert-documents-in-thread');

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
