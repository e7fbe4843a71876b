/**
 * GitBook's icons (Font Awesome names) for the web app, which ships no icon set of its own:
 * `GET /icons/names.json` lists every name the reader draws (`@quire/reader`'s free sets, the
 * same the published pages use), for the icon picker; `GET /icons/<name>.svg` is one icon as an
 * SVG image in the text's usual colour. Both are the same for everyone and never change
 * within a version of the server: no authentication, cached for a day. A name no set has is
 * a 404 in GitBook's error shape. The SVG is built from path data the set checked, so it
 * holds nothing but one `<svg>` and its paths.
 */
import { iconNames, iconShape } from '@quire/reader';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../http/error-body';

const CACHE = 'public, max-age=86400';
const NAME = /^[a-z0-9-]{1,64}$/;

/** The icon as a standalone SVG document, or undefined for a name no set has. */
export function iconSvg(name: string): string | undefined {
  if (!NAME.test(name)) return undefined;
  const shape = iconShape(name);
  if (!shape) return undefined;
  const paths = shape.paths.map((d) => `<path fill="#5f6b7a" d="${d}"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${shape.width} ${shape.height}">${paths}</svg>`;
}

export function registerIconRoutes(app: FastifyInstance): void {
  let names: string | undefined;
  app.get('/icons/names.json', async (_request, reply) => {
    names ??= JSON.stringify(iconNames());
    return reply.header('cache-control', CACHE).type('application/json').send(names);
  });
  app.get<{ Params: { file: string } }>('/icons/:file', async (request, reply) => {
    const file = request.params.file;
    const svg = file.endsWith('.svg') ? iconSvg(file.slice(0, -4)) : undefined;
    if (svg === undefined) return reply.code(404).send(errorBody(404, 'No such icon'));
    return reply
      .header('cache-control', CACHE)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .type('image/svg+xml')
      .send(svg);
  });
}
