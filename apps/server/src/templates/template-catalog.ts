/**
 * The built-in content templates (the domain's `ContentTemplates` port), read once at
 * startup from a folder of template folders (`apps/server/templates`, or
 * `QUIRE_TEMPLATES_DIR`): each holds a `template.json` (title, description, the page tree
 * naming markdown files) and its markdown. A folder that does not read as a template stops
 * the start with a message naming it, so a broken template is found at once.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ContentTemplates, ImportedContent, ImportedPage, TemplateSummary } from '@quire/domain';
import { z } from 'zod';

const TEMPLATE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

interface ManifestPage {
  file: string;
  title: string;
  pages?: ManifestPage[];
}

const ManifestPageSchema: z.ZodType<ManifestPage> = z.strictObject({
  file: z.string().min(1).max(512),
  title: z.string().min(1).max(255),
  pages: z.lazy(() => z.array(ManifestPageSchema)).optional(),
});

const ManifestSchema = z.strictObject({
  title: z.string().min(1).max(255),
  description: z.string().max(1000),
  pages: z.array(ManifestPageSchema).min(1),
});

/** A template folder that cannot be read: the start fails with this message. */
export class TemplateError extends Error {
  override name = 'TemplateError';
}

export class TemplateCatalog implements ContentTemplates {
  readonly #templates = new Map<string, { summary: TemplateSummary; content: ImportedContent }>();

  constructor(directory: string) {
    if (!existsSync(directory)) return;
    for (const id of readdirSync(directory).sort()) {
      const folder = path.join(directory, id);
      if (!statSync(folder).isDirectory()) continue;
      if (!TEMPLATE_ID.test(id))
        throw new TemplateError(`template folder "${id}": name it with lowercase letters, digits and -`);
      this.#templates.set(id, readTemplate(id, folder));
    }
  }

  list(): readonly TemplateSummary[] {
    return [...this.#templates.values()].map((template) => template.summary);
  }

  content(id: string): ImportedContent | null {
    return this.#templates.get(id)?.content ?? null;
  }
}

function readTemplate(id: string, folder: string): { summary: TemplateSummary; content: ImportedContent } {
  const manifestPath = path.join(folder, 'template.json');
  let manifest: z.infer<typeof ManifestSchema>;
  try {
    manifest = ManifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')));
  } catch (error) {
    throw new TemplateError(
      `template "${id}": ${manifestPath} is not a template manifest (${(error as Error).message.split('\n')[0]})`,
    );
  }
  let count = 0;
  const pageOf = (entry: ManifestPage): ImportedPage => {
    const file = path.resolve(folder, entry.file);
    if (!file.startsWith(folder + path.sep))
      throw new TemplateError(`template "${id}": ${entry.file} is outside its folder`);
    if (!existsSync(file)) throw new TemplateError(`template "${id}": ${entry.file} does not exist`);
    count++;
    return {
      ref: `${id}-${count}`,
      title: entry.title,
      markdown: readFileSync(file, 'utf8'),
      children: (entry.pages ?? []).map(pageOf),
    };
  };
  const pages = manifest.pages.map(pageOf);
  return {
    summary: { id, title: manifest.title, description: manifest.description },
    content: { pages, files: [], totalResources: count, importedResources: count },
  };
}
