import { z } from 'zod';
import { operation } from '../../../core/operation';

const TemplateSchema = z
  .object({
    id: z.string().describe('Id to pass to POST SPACE/content/template'),
    title: z.string(),
    description: z.string(),
  })
  .meta({ id: 'ContentTemplate', description: 'A built-in content template' });

/** The built-in content templates (beyond GitBook's interface). Needs an authenticated caller. */
export const listTemplates = operation({
  name: 'templates.list',
  kind: 'query',
  summary: 'List the built-in content templates',
  input: z.strictObject({}),
  output: z.object({ items: z.array(TemplateSchema) }),
  async run(ctx) {
    return {
      items: ctx.contentTemplates.list().map(({ id, title, description }) => ({ id, title, description })),
    };
  },
});
