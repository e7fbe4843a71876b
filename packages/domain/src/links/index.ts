/** Links between pages, files and the web: each revision's link report, and the backlinks of pages and files. */
export * from './body-links';
export * from './link-report';
export * from './link-report-schema';
export * from './link-status';
export * from './link-target';
export { linkOperations } from './operations';
export * from './revision-links';
