/**
 * The entry of the job threads (`LimitedPool('job-thread')`, built as `dist/job-thread.js`):
 * the heavy, pure part of the jobs, bytes in and plain data out, never the store. Each kind's
 * code loads when a thread first runs that kind.
 */
import { serveTasks } from './thread-task';

export default serveTasks({
  'content-import': async (input, link) =>
    (await import('../imports/read-import-in-thread')).readImportInThread(input, link),
  'openapi-process': async (input) =>
    (await import('../openapi/process-openapi-in-thread')).processOpenApiInThread(input),
  'pdf-render': async (input, link) =>
    (await import('../pdf/render-pdf-in-thread')).renderPdfInThread(input, link),
});
