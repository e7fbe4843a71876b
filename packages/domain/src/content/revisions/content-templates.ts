/**
 * The built-in content templates (getting started, API reference, ...): each a folder of
 * markdown in the repository, read by the server, applied by `spaces.content.template`.
 */
import type { ImportedContent } from './content-imports';

export interface TemplateSummary {
  id: string;
  title: string;
  description: string;
}

export interface ContentTemplates {
  list(): readonly TemplateSummary[];
  /** The template's pages and files, or null for an unknown id. */
  content(id: string): ImportedContent | null;
}

declare module '../../core/context' {
  interface AreaPorts {
    /** The built-in content templates. */
    contentTemplates: ContentTemplates;
  }
}
